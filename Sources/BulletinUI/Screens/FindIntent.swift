import BulletinFeatures
import TermView

/// What a person can do to find rows on a list screen: the list's find keys, the `/`
/// prompt's keys while it is open, and the keys of a jump to an id while one is typed.
enum FindIntent: Sendable {
    case filter, next, previous, sort, reverseSort, digit, clearFilter
    case promptEdit, promptKeep, promptClear, promptUp, promptDown
    case jumpDigit, jumpDelete, jumpCancel, jumpGo
}

extension FindIntent {
    /// `Esc` clearing a filter (while one is set), `/` filter, `s`/`S` sort column and
    /// direction, `n`/`N` next and previous match (greyed until a filter was typed: they
    /// look for the last one), a digit starting a jump to an id.
    /// `databaseMatches`: what the list's source filters by (a database's windowed list:
    /// ``ListWindows/filterMatches``), which the help says; `nil` for a list filtered here.
    static func listKeys(filtered: Bool, searched: Bool = true, databaseMatches: String? = nil) -> KeyMap<FindIntent> {
        let noSearch = searched ? nil : "no filter typed yet (/ types one)"
        let filter = databaseMatches.map { "Filter the rows in the database by \($0) (no ~regex)" }
            ?? "Filter the rows by text (~ for a regex)"
        let clear = KeyBinding(keys: [.escape], label: "Esc clear", description: "Clear the filter (then Esc goes back)",
                               group: "Find", footer: .always, action: FindIntent.clearFilter)
        return KeyMap((filtered ? [clear] : []) + [
            KeyBinding(keys: [.character("/")], label: "/ filter", description: filter, group: "Find",
                       footer: 70, action: .filter),
            KeyBinding(keys: [.character("s")], label: "s sort", description: "Sort by the next column", group: "Find",
                       footer: 50, action: .sort),
            KeyBinding(keys: [.character("S")], description: "Reverse the sort order", group: "Find", action: .reverseSort),
            KeyBinding(keys: [.character("n")], label: "n next", description: "Select the next row matching the last filter",
                       group: "Find", footer: 45, action: .next).disabled(noSearch),
            KeyBinding(keys: [.character("N")], description: "Select the previous row matching the last filter",
                       group: "Find", action: .previous).disabled(noSearch),
            KeyBinding(patterns: [.digits], description: "Type an id to jump to its row", group: "Find", action: .digit),
        ])
    }

    /// The `/` prompt's keys: Enter keeps the filter, Esc clears it, ↑↓ move the selection,
    /// and text editing as in ``TextFieldState``.
    static let promptKeys = KeyMap<FindIntent>([
        KeyBinding(keys: [.enter], label: "⏎ keep", description: "Keep the filter and close the prompt",
                   group: "Filter prompt", footer: .always, action: .promptKeep),
        KeyBinding(keys: [.escape], label: "Esc clear", description: "Clear the filter and close the prompt",
                   group: "Filter prompt", footer: .always, action: .promptClear),
        KeyBinding(keys: [.up], description: "Select the row above", group: "Filter prompt", action: .promptUp),
        KeyBinding(keys: [.down], description: "Select the row below", group: "Filter prompt", action: .promptDown),
        KeyBinding(patterns: [.text()] + TextFieldKeys.editing, description: "Edit the filter text", group: "Filter prompt",
                   action: .promptEdit),
    ])

    /// The keys while an id is typed (`:12` in the prompt line): digits, Backspace, Enter (go),
    /// Esc (stop). Any other key ends the jump and then does what it does on the list (`j`
    /// moves, `:` opens the command prompt, `q` quits): nothing typed after the digits is lost.
    static let jumpKeys = KeyMap<FindIntent>([
        KeyBinding(keys: [.enter], label: "⏎ go", description: "Select the row with the id typed", group: "Jump to an id",
                   footer: .always, action: .jumpGo),
        KeyBinding(keys: [.escape], label: "Esc cancel", description: "Stop typing the id (any other key stops it and does what it does)",
                   group: "Jump to an id", footer: .always, action: .jumpCancel),
        KeyBinding(patterns: [.digits], description: "Type more digits of the id", group: "Jump to an id", action: .jumpDigit),
        KeyBinding(keys: [.backspace], description: "Delete the last digit", group: "Jump to an id", action: .jumpDelete),
    ])

    /// Whether the intent is one of ``jumpKeys``'.
    var isJump: Bool {
        switch self {
        case .jumpDigit, .jumpDelete, .jumpCancel, .jumpGo: true
        default: false
        }
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
    /// `m`: marks or unmarks the selected row.
    func toggleMark()
    /// `M`: unmarks every row.
    func clearMarks()
    /// Why `M` would do nothing, or `nil` when a row is marked.
    var clearMarksUnavailableReason: String? { get }
    /// Esc: stops a sort or filter that reads every row of a database; `false` when none runs.
    func cancelWindowWork() -> Bool
    /// `n` / `N`: the next (previous) row matching the last filter.
    func findNext(forward: Bool)
}

/// The one list model is the one list screen model: every list's keys, table and finding go through it.
extension RecordListModel: FindableScreenModel {}

extension FindableScreenModel {
    /// What the finder is doing, for the spinner: `indexing` (the rows just loaded), `sorting`
    /// (no query, a sort column) or `filtering`; `nil` when it is idle.
    var findBusyWord: String? {
        let finder = find.finder
        guard finder.isWorking else { return nil }
        if finder.isIndexing { return "indexing" }
        return finder.query.isEmpty && finder.sortColumn != nil ? "sorting" : "filtering"
    }

    /// Does what `intent` (one of ``FindIntent``'s key maps) asks; `key` is the key that
    /// triggered it, for the digits and the prompt's text editing.
    func perform(_ intent: FindIntent, key: Key) {
        switch intent {
        case .filter: find.beginFilter()
        case .next: findNext(forward: true)
        case .previous: findNext(forward: false)
        case .sort: find.cycleSort()
        case .reverseSort: find.reverseSort()
        case .digit, .jumpDigit: if case let .character(character) = key { find.typeDigit(character) }
        case .clearFilter, .promptClear: find.cancelFilter()
        case .promptKeep: find.commitFilter()
        case .promptUp: moveSelection(by: -1)
        case .promptDown: moveSelection(by: 1)
        case .promptEdit: editPrompt(key)
        case .jumpDelete: find.deleteDigit()
        case .jumpCancel: find.cancelJump()
        case .jumpGo: if let id = find.takeJump() { goTo(id: id) }
        }
    }

    /// The `/` prompt's text editing as in ``TextEditState``; Backspace on an empty query
    /// does nothing (Esc closes the prompt): a held Backspace clears the query and stops there
    /// instead of closing the prompt and then going Back screen after screen.
    private func editPrompt(_ key: Key) {
        if key == .backspace, find.finder.query.isEmpty { return }
        find.editFilter { _ = $0.handle(key) }
    }

    /// A table over the shown rows, its columns as the finder's declarations say
    /// (``ListColumn``): numbers right-aligned, each column as wide as its widest loaded value
    /// within its policy (measured by display width), one cell of indent; headers with ▲▼ on the
    /// sort column (before the title of a right-aligned column, after any other), and the
    /// characters matching the filter (or, after `n`, the last query) highlighted.
    /// - Parameter cell: Text for (display position, column).
    func findTable(cell: @escaping (Int, Int) -> String) -> TableView {
        let finder = find.finder
        let natural = finder.naturalWidths(measure: DisplayWidth.of)
        let columns = finder.columns.enumerated().map { index, column in
            // A right-aligned column (ids) keeps its title over its values: `▲ ID`, not `ID ▲`.
            TableColumn(finder.title(ofColumn: index, markFirst: column.isRightAligned),
                        width: .fit(column.width, natural: natural[index]),
                        alignment: column.isRightAligned ? .right : .left)
        }
        let highlights: ((Int, Int) -> [Range<Int>])? = find.highlightsMatches ? { row, column in
            // Matches are looked for only where a cell can show them (a 100 MB title costs
            // what a short one does): no terminal is wider than this many characters.
            let text = String(cell(row, column).prefix(findHighlightCharacters))
            let offset = { (index: String.Index) in text.distance(from: text.startIndex, to: index) }
            return finder.highlights(in: text).map { offset($0.lowerBound)..<offset($0.upperBound) }
        } : nil
        var table = TableView(columns: columns, rowCount: rowCount, highlights: highlights, cell: cell)
        table.indent = 1
        return table
    }

    /// Renders `table` like ``renderTable(_:in:on:)``; when the filter hides every row, says
    /// "no matches" under the header.
    func renderFindTable(_ table: TableView, in area: Rect, on surface: inout Surface) {
        renderTable(table, in: area, on: &surface)
        guard rowCount == 0, !find.finder.query.isEmpty, area.height > 1 else { return }
        surface.write("no matches", at: Point(x: area.x + 1, y: area.y + 1), style: .muted, maxWidth: area.width - 1)
    }

    /// The summary with the filter in front while one is set: `/gra  2 of 10`.
    func findSummary(_ summary: String) -> String {
        find.filterSummary ?? summary
    }
}

extension RecordListModel {
    /// A list's status-line summary: ``findSummary(_:)`` after how many rows are marked
    /// (`3 marked · 10 users`).
    func listSummary(_ summary: String) -> String {
        [marksSummary, findSummary(summary)].compactMap { $0 }.joined(separator: " · ")
    }
}

/// How many leading characters of a cell the filter's highlighting looks at: more than any
/// terminal row can show, far fewer than a 100 MB field holds.
let findHighlightCharacters = 2048
