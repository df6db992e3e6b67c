import BulletinFeatures
import TermView

/// What a person can do to find rows on a list screen (besides typing an id's digits).
enum FindIntent: Sendable {
    case filter, next, previous, sort, reverseSort
}

extension FindIntent {
    /// `/` filter, `n`/`N` next and previous match, `s`/`S` sort column and direction.
    static let keyMap = KeyMap<FindIntent>([
        KeyBinding(keys: [.character("/")], help: "/ filter", action: .filter),
        KeyBinding(keys: [.character("s")], help: "s sort", action: .sort),
        KeyBinding(keys: [.character("S")], help: "", action: .reverseSort),
        KeyBinding(keys: [.character("n")], help: "n next", action: .next),
        KeyBinding(keys: [.character("N")], help: "", action: .previous),
    ])

    /// A list screen's status-line hints: moving and opening first, then finding, then the rest
    /// of the list keys (`↑↓ move  ⏎ open  / filter  s sort  n next  PgUp/PgDn page …`).
    static var listHints: [String] {
        let first = ["↑↓ move", "⏎ open"]
        let find = keyMap.hints.filter { !$0.isEmpty }
        return first + find + ListIntent.hints.filter { !first.contains($0) }
    }
}

/// A list view model with a ``FindBar``: filter, sort, find-next and jump to an id.
@MainActor
protocol FindableScreenModel: ListScreenModel {
    var find: FindBar { get }
    /// How many rows the table shows (after the filter).
    var rowCount: Int { get }
    /// Selects the record with id `id`, or has the find bar say it is not there.
    func goTo(id: String)
}

extension UserListViewModel: FindableScreenModel {}
extension UserDetailViewModel: FindableScreenModel {}
extension PostListViewModel: FindableScreenModel {}

extension FindableScreenModel {
    /// What the finder is doing, for the spinner: `indexing` (the rows just loaded), `sorting`
    /// (no query, a sort column) or `filtering`; `nil` when it is idle.
    var findBusyWord: String? {
        let finder = find.finder
        guard finder.isWorking else { return nil }
        if finder.isIndexing { return "indexing" }
        return finder.query.isEmpty && finder.sortColumn != nil ? "sorting" : "filtering"
    }

    /// Handles `key` for finding: the `/` prompt's editing keys while it is open, the digits
    /// of a jump while one is typed, else `/`, `n`, `N`, `s`, `S`, a digit, and Esc on a
    /// filtered list (clears the filter before Esc goes back).
    /// - Returns: `false` for keys that are not the finder's (they go to the list, then the host).
    func handleFindKey(_ key: Key) -> Bool {
        find.clearMessage()
        if find.finder.isEditing { return handlePromptKey(key) }
        if find.jumpDigits != nil, handleJumpKey(key) { return true }
        if case let .character(character) = key, character.isASCII, character.isNumber {
            find.typeDigit(character)
            return true
        }
        if key == .escape, !find.finder.query.isEmpty {
            find.cancelFilter()
            return true
        }
        switch FindIntent.keyMap.action(for: key) {
        case .filter?: find.beginFilter()
        case .next?: find.findNext(forward: true)
        case .previous?: find.findNext(forward: false)
        case .sort?: find.cycleSort()
        case .reverseSort?: find.reverseSort()
        case nil: return false
        }
        return true
    }

    /// The `/` prompt's keys: text editing as in ``TextEditState`` (Backspace, Delete, arrows,
    /// Home/End, Ctrl-U, Ctrl-W), ↑↓ move the selection, Enter keeps the filter, Esc clears it;
    /// Backspace on an empty query does nothing (Esc closes the prompt): a held Backspace
    /// clears the query and stops there instead of closing the prompt and then going Back
    /// screen after screen. Only Ctrl-C and mouse events pass through.
    private func handlePromptKey(_ key: Key) -> Bool {
        switch key {
        case .ctrl("c"), .mouse, .resize: return false
        case .enter: find.commitFilter()
        case .escape: find.cancelFilter()
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .backspace where find.finder.query.isEmpty: break
        default: find.editFilter { _ = $0.handle(key) }
        }
        return true
    }

    /// Keys while an id is being typed: digits, Backspace, Enter (go), Esc (stop).
    /// - Returns: `false` for any other key, after stopping the jump, so it acts as usual.
    private func handleJumpKey(_ key: Key) -> Bool {
        switch key {
        case let .character(character) where character.isASCII && character.isNumber: find.typeDigit(character)
        case .backspace: find.deleteDigit()
        case .escape: find.cancelJump()
        case .enter: if let id = find.takeJump() { goTo(id: id) }
        default:
            find.cancelJump()
            return false
        }
        return true
    }

    /// A table over the shown rows: headers with ▲▼ on the sort column, and the characters
    /// matching the filter (or, after `n`, the last query) highlighted.
    /// - Parameters:
    ///   - columns: The table's columns; their titles are replaced by the finder's.
    ///   - cell: Text for (display position, column).
    func findTable(columns: [TableColumn], cell: @escaping (Int, Int) -> String) -> TableView {
        let finder = find.finder
        var titled = columns
        for index in titled.indices where index < finder.columns.count {
            titled[index].title = finder.title(ofColumn: index)
        }
        let highlights: ((Int, Int) -> [Range<Int>])? = find.highlightsMatches ? { row, column in
            // Matches are looked for only where a cell can show them (a 100 MB title costs
            // what a short one does): no terminal is wider than this many characters.
            let text = String(cell(row, column).prefix(findHighlightCharacters))
            let offset = { (index: String.Index) in text.distance(from: text.startIndex, to: index) }
            return finder.highlights(in: text).map { offset($0.lowerBound)..<offset($0.upperBound) }
        } : nil
        return TableView(columns: titled, rowCount: rowCount, highlights: highlights, cell: cell)
    }

    /// Renders `table` like ``renderTable(_:in:on:)``; when the filter hides every row, says
    /// "no matches" under the header.
    func renderFindTable(_ table: TableView, in area: Rect, on surface: inout Surface) {
        renderTable(table, in: area, on: &surface)
        guard rowCount == 0, !find.finder.query.isEmpty, area.height > 1 else { return }
        surface.write("no matches", at: Point(x: area.x + 1, y: area.y + 1), style: .muted, maxWidth: area.width - 1)
    }

    /// The status-line hints: ``FindIntent/listHints``, with `Esc clear` after `⏎ open` while a
    /// filter is set (Esc clears it before it goes back).
    var findHints: [String] {
        let hints = FindIntent.listHints
        guard !find.finder.query.isEmpty else { return hints }
        return Array(hints.prefix(2)) + ["Esc clear"] + hints.dropFirst(2)
    }

    /// The summary with the filter in front while one is set: `/gra  2 of 10`.
    func findSummary(_ summary: String) -> String {
        find.filterSummary ?? summary
    }
}

/// How many leading characters of a cell the filter's highlighting looks at: more than any
/// terminal row can show, far fewer than a 100 MB field holds.
let findHighlightCharacters = 2048
