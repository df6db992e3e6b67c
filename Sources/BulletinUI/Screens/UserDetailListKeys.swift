import BulletinData
import BulletinFeatures
import TermView


/// A user's screen's keys: the shown list's (``ListScreenIntent``), and where the source has
/// albums and todos, the keys that switch lists and Space that toggles a todo.
enum UserDetailIntent: Sendable {
    case list(ListScreenIntent)
    /// `1 2 3`: the list at that position (1-based).
    case show(Int)
    /// Tab: the next list.
    case next
    /// Space on the todos: mark the selected todo done or not done.
    case toggle
}

extension UserDetailLists {
    /// Tab and `1 2 3` (as many digits as lists) switch lists, Space toggles a todo (on the
    /// todos). The digits take the place of the jump by typing an id (`:ID` still jumps).
    func switchKeys() -> KeyMap<UserDetailIntent> {
        let names = kinds.enumerated().map { "\($0.offset + 1) \(name(of: $0.element))" }.joined(separator: ", ")
        var bindings = [
            KeyBinding(keys: [.tab], label: "Tab/1-\(kinds.count) list", description: "Show the next list (\(names))",
                       group: "Lists", footer: 72, action: UserDetailIntent.next),
        ]
        for (offset, kind) in kinds.enumerated() {
            bindings.append(KeyBinding(keys: [.character(Character(String(offset + 1)))],
                                       description: "Show the \(name(of: kind))", group: "Lists", action: .show(offset + 1)))
        }
        if active == .todos {
            bindings.insert(KeyBinding(keys: [.character(" ")], label: "Space toggle", description: "Mark the selected todo done or not done",
                                       group: "Edit", footer: 85, disabledReason: toggleUnavailableReason, action: .toggle), at: 0)
        }
        return KeyMap(bindings)
    }

    /// The list's name in the help: `posts`, `albums`, `todos` (the posts in the source's words).
    private func name(of kind: UserListKind) -> String {
        switch kind {
        case .posts: "posts"
        case .albums: albums?.name.plural ?? "albums"
        case .todos: todos?.name.plural ?? "todos"
        }
    }
}

extension KeyMap where Intent == ListScreenIntent {
    /// The map without the jump by typing digits (a screen whose digits do something else).
    func withoutDigitJump() -> KeyMap<ListScreenIntent> {
        KeyMap(bindings.filter { if case .find(.digit) = $0.action { false } else { true } })
    }

    /// The map with Enter showing the selected row whole in the raw view (rows without a
    /// screen of their own: photos, todos), its help and footer label saying so.
    func openingRaw(noun: String) -> KeyMap<ListScreenIntent> {
        KeyMap(bindings.map { binding in
            guard case .list(.open) = binding.action else { return binding }
            var shown = binding.footer("⏎ show", binding.help.footer)
            shown.help.description = "Show the selected \(noun) whole, every field (the raw view, as v does)"
            return shown
        })
    }
}

/// The table of every list (``RecordListModel``): its load state, or its rows in its declared
/// columns; while pages remain, a last row across the table says so (and how to retry a failed
/// page), and drawing it asks for the next page.
@MainActor
enum RecordListTable {
    /// Draws `list`'s rows (or its load state: `what` names the rows, `progress` and
    /// `fraction` say how far a long load has got) in `area`.
    static func render<Row>(_ list: RecordListModel<Row>, what: String? = nil, progress: String? = nil, fraction: Double? = nil,
                            in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(list.state, what: what ?? list.name.plural, progress: progress, fraction: fraction,
                                in: area, on: &surface) { return }
        // The rows and their order are read once for the frame, not once per cell.
        let cells = list.cells()
        var table = list.findTable { row, column in cells(row, column) }
        table.marked = list.markedPositions()
        let last = list.rowCount - 1
        if list.isPagingRow(last) {
            // The "loading more" row (and why it failed) is drawn across the row, not in one column.
            let text = cells(last, list.pagingColumn) + (list.pagingCanRetry ? " (Enter or r retries)" : "")
            table.spanning = { row in row == last ? text : nil }
        }
        list.renderFindTable(table, in: area, on: &surface)
        // A list that holds nothing says so under its header (a filter's `no matches` is the status line's).
        if list.rowCount == 0, list.state.value != nil, list.find.finder.query.isEmpty, area.height > 1 {
            surface.write("No \(what ?? list.name.plural)", at: Point(x: area.x + 3, y: area.y + 1), style: .muted,
                          maxWidth: max(0, area.width - 3))
        }
        list.shown(through: list.selection.offset + TableView.visibleRows(in: area, showsHeader: true) - 1)
    }
}

/// A screen that is one list (Users, Posts, an album's photos): its key capture, status line,
/// messages and keys are the list's (``RecordListModel``), declared here once.
protocol OneListScreen: Screen {
    associatedtype Row: Sendable & Identifiable where Row.ID == RecordID
    /// The list the screen shows.
    var list: RecordListModel<Row> { get }
    /// The list's keys now.
    var keyMap: KeyMap<ListScreenIntent> { get }
    /// Does what an editing key asks (nothing where the list has none).
    func perform(_ intent: EditIntent)
}

extension OneListScreen {
    var capturesKeys: Bool { list.find.capturesKeys }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        FindStatusView(find: list.find).render(in: area, on: &surface)
    }

    var statusMessage: String? { FindStatusView(find: list.find).message }

    func handle(_ key: Key, in area: Rect) -> Bool {
        list.handleListScreenKey(key, keys: keyMap, pageSize: TableView.visibleRows(in: area, showsHeader: true),
                                 tableArea: area, edit: perform)
    }
}
