import BulletinData
import BulletinFeatures
import TermView

extension RecordListModel: ListScreenModel {}
extension RecordListModel: FindableScreenModel {}

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

    /// The map without Enter's "open" (rows that do not open).
    func withoutOpen() -> KeyMap<ListScreenIntent> {
        KeyMap(bindings.filter { if case .list(.open) = $0.action { false } else { true } })
    }
}

/// The table of one of a user's other lists (albums, todos) or of an album's photos.
@MainActor
enum RecordListTable {
    /// Draws `list`'s rows (or its load state) in `area`.
    @MainActor
    static func render<Row>(_ list: RecordListModel<Row>, in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(list.state, what: list.name.plural, in: area, on: &surface) { return }
        let table = list.findTable { [list] row, column in list.cell(row: row, column: column) }
        list.renderFindTable(table, in: area, on: &surface)
    }
}
