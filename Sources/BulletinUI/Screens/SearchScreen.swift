import BulletinFeatures
import TermView
import ViewState

/// Search: a query field at the top, then the results grouped by kind (`Posts (3)` with the
/// matching posts' titles, `Comments (12)` with each comment's name and an excerpt), matched
/// text highlighted.
///
/// Keys: while the field has the focus, characters edit the query (Backspace, Ctrl-U clears),
/// Enter or ↓ moves to the results. On the results, the list keys move and Enter opens the
/// post; `/` or any other character goes back to the field.
struct SearchScreen: Screen {
    let model: SearchViewModel

    /// Rows above the results: the field and a blank line.
    static let fieldRows = 2
    /// Columns results are indented by under their group header.
    static let indent = 2

    enum Intent: Sendable { case type, deleteBackward, clear, toResults, stay, list(ListIntent), focusField, typeInField, mouse }

    /// The field's keys while it has the focus, else the results' keys.
    var keyMap: KeyMap<Intent> { model.focus == .field ? Self.fieldKeys : Self.resultKeys }
    var keyHelp: [KeyHelp] { keyMap.help }

    /// While the field has the focus: typing edits the query at its end; Esc and Ctrl-C are the host's.
    static let fieldKeys = KeyMap<Intent>([
        KeyBinding(patterns: [.text()], label: "type to search", description: "Type the query; results follow as you type",
                   group: "Query", footer: 80, action: .type),
        KeyBinding(keys: [.enter, .down, .tab], label: "⏎ results", description: "Move to the results", group: "Query",
                   footer: 90, action: .toResults),
        KeyBinding(keys: [.ctrl("u")], label: "Ctrl-U clear", description: "Clear the query", group: "Query", footer: 50,
                   action: .clear),
        KeyBinding(keys: [.backspace], description: "Delete the last character", group: "Query", action: .deleteBackward),
        KeyBinding(keys: [.left, .right, .home, .end, .delete, .up], description: "Do nothing: the query is edited at its end",
                   group: "Query", action: .stay),
    ])

    /// On the results: the list keys, `/` (or ↑ on the first result) back to the query, and any
    /// other character back to the query, typed.
    static let resultKeys: KeyMap<Intent> = {
        let moves = ListIntent.moveKeys().map(Intent.list)
        var keys = moves.bindings
        keys[0].help.description = "Select the result above (from the first, back to the query)"
        keys[2].help.description = "Open the selected post"
        return KeyMap(keys) + KeyMap([
            KeyBinding(keys: [.character("/")], label: "/ edit query", description: "Go back to the query", group: "Query",
                       footer: 70, action: .focusField),
        ]) + ListIntent.pageKeys().map(Intent.list).withoutFooter + KeyMap([
            KeyBinding(patterns: [.text(except: ["q", "?", ":"])], description: "Go back to the query and type the character",
                       group: "Query", action: .typeInField),
            KeyBinding(patterns: [.mouse], description: "Wheel moves the selection; a click selects a result", group: "Move",
                       action: .mouse),
        ])
    }()
    var summary: String { model.summary }
    var isLoading: Bool { model.state.isLoading || model.isSearching }
    var capturesKeys: Bool { model.focus == .field }

    func render(in area: Rect, on surface: inout Surface) {
        guard !area.isEmpty else { return }
        let fieldArea = area.splitTop(Self.fieldRows).top
        let notice = noticeLines(in: area)
        let listArea = resultsArea(in: area, noticeRows: notice.count)
        let label = surface.write(" Search: ", at: Point(x: area.x, y: area.y), style: .label, maxWidth: area.width)
        TextField(placeholder: "title or body text", isFocused: model.focus == .field)
            .render(in: Rect(x: area.x + label, y: fieldArea.y, width: max(0, area.width - label - 1), height: 1),
                    on: &surface, state: TextEditState(text: model.query))
        if LoadStateView.render(model.state, what: model.vocabulary.searchedPlural, in: area.splitTop(Self.fieldRows).rest,
                                on: &surface) { return }
        for (row, line) in notice.enumerated() {
            surface.write(line, at: Point(x: area.x + 1, y: area.y + Self.fieldRows + row), style: .muted, maxWidth: area.width - 1)
        }
        if let message = model.message {
            surface.write(message, at: Point(x: listArea.x + 1, y: listArea.y), style: .muted, maxWidth: listArea.width - 1)
            return
        }
        renderResults(in: listArea, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        guard let intent = keyMap.action(for: key) else { return false }
        let listArea = resultsArea(in: area)
        switch intent {
        case .type: if case let .character(character) = key { model.type(character) }
        case .toResults: model.focusResults()
        case .deleteBackward: model.deleteBackward()
        case .clear: model.setQuery("")
        case .stay: break
        case .focusField: model.focusField()
        case .list(.up) where model.selection.selected == 0: model.focusField()
        case let .list(listIntent): model.perform(listIntent, pageSize: max(1, listArea.height - 1))
        case .typeInField:
            model.focusField()
            if case let .character(character) = key { model.type(character) }
        case .mouse: if case let .mouse(event) = key { return handleMouse(event, in: area) }
        }
        return true
    }

    // MARK: - Private

    /// The notice about kinds without an index (``SearchViewModel/notice``), wrapped to the
    /// width, at most half the rows under the field.
    private func noticeLines(in area: Rect) -> [String] {
        guard let notice = model.notice else { return [] }
        let rest = area.splitTop(Self.fieldRows).rest
        let lines = notice.split(separator: "\n").flatMap { TextLayout.wrap(Sanitizer.singleLine(String($0)), width: max(1, rest.width - 2)) }
        return Array(lines.prefix(rest.height / 2))
    }

    /// Where the results (or the message) go: under the field and the notice (`noticeRows` of
    /// it, wrapped anew when not given), with a blank line after the notice.
    private func resultsArea(in area: Rect, noticeRows: Int? = nil) -> Rect {
        let notice = noticeRows ?? noticeLines(in: area).count
        return area.splitTop(Self.fieldRows + (notice > 0 ? notice + 1 : 0)).rest
    }

    private func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
        switch event.kind {
        case .wheelUp: model.moveSelection(by: -MouseEvent.wheelStep)
        case .wheelDown: model.moveSelection(by: MouseEvent.wheelStep)
        case .press:
            let listArea = resultsArea(in: area)
            let row = model.selection.offset + event.point.y - listArea.y
            guard listArea.contains(event.point), row < model.rows.count,
                  case let .result(item) = model.rows.row(row) else { return true }
            model.moveSelection(by: item - model.selection.selected)
        }
        return true
    }

    private func renderResults(in area: Rect, on surface: inout Surface) {
        let rows = model.rows
        let offset = scrollOffset(rows: rows, height: area.height)
        for line in 0..<area.height where offset + line < rows.count {
            let y = area.y + line
            switch rows.row(offset + line) {
            case let .group(group):
                surface.write(model.groupTitle(group), at: Point(x: area.x + 1, y: y), style: .title, maxWidth: area.width - 1)
            case let .result(item):
                renderResult(item, at: y, in: area, on: &surface)
            }
        }
    }

    private func renderResult(_ item: Int, at y: Int, in area: Rect, on surface: inout Surface) {
        let selected = model.focus == .results && item == model.selection.selected
        let style: Style = selected ? .selected : .normal
        let row = Rect(x: area.x, y: y, width: area.width, height: 1)
        surface.fill(row, style: style)
        let text = Sanitizer.singleLine(model.text(ofItem: item))
        let x = area.x + Self.indent
        let room = area.width - Self.indent
        surface.write(TextLayout.truncate(text, to: room), at: Point(x: x, y: y), style: style, maxWidth: room)
        guard !selected else { return }
        for range in MatchRanges.find(model.highlightQuery, in: text) {
            let start = x + DisplayWidth.of(String(text[..<range.lowerBound]))
            let width = min(DisplayWidth.of(String(text[range])), area.maxX - start)
            guard width > 0 else { break }
            surface.setStyle(Rect(x: start, y: y, width: width, height: 1), style: .highlight)
        }
    }

    /// The first display row shown: the selection stays in view, and its group header with it
    /// when the selection is a group's first result.
    private func scrollOffset(rows: SearchRows, height: Int) -> Int {
        guard height > 0, rows.count > 0 else { return 0 }
        let selected = rows.position(ofItem: model.selection.selected)
        var offset = min(model.selection.offset, max(0, rows.count - height))
        if selected - 1 < offset { offset = max(0, selected - 1) }
        if selected >= offset + height { offset = selected - height + 1 }
        if offset != model.selection.offset { model.selection.offset = offset }
        return offset
    }
}
