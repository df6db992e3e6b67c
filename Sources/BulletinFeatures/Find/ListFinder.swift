import Observation

/// One list's filter, sort and find-next state, and the order its rows are shown in.
///
/// A list view model owns one finder and shows ``order`` (display position → source row)
/// instead of its rows directly; ``selection`` is in display positions. The finder lives as
/// long as its view model, so each list remembers its filter and sort while it is on the stack.
///
/// - `/` filter: ``beginFilter()``, ``updateFilter(_:)`` on each keystroke, ``commitFilter()``
///   (Enter keeps it) or ``cancelFilter()`` (Esc clears it).
/// - `n` / `N`: ``findNext(forward:)`` over the rows shown, using ``lastQuery``.
/// - `s` / `S`: ``cycleSort()`` / ``reverseSort()``.
///
/// CONTRACT (issue 7): this first version filters and sorts synchronously on the main actor;
/// the engine work moves long filters and sorts off it (cancelled by the next keystroke,
/// narrowing from the previous result) behind the same API. Tests call ``waitUntilIdle()``
/// after an intent before reading ``order``.
@MainActor
@Observable
public final class ListFinder {
    /// A column the list can be filtered and sorted by.
    public struct Column: Sendable, Equatable {
        /// The header text (without the ▲▼ mark).
        public var title: String
        /// Sorts by numeric value (ids) instead of text.
        public var numeric: Bool

        public init(_ title: String, numeric: Bool = false) {
            self.title = title
            self.numeric = numeric
        }
    }

    // MARK: - Properties

    /// The columns, left to right.
    public let columns: [Column]
    /// The selected display position and scroll offset.
    public var selection = ListSelection()
    /// Display position → source row: the rows that pass the filter, in sort order.
    public private(set) var order: [Int] = []
    /// How many source rows there are.
    public private(set) var rowCount = 0
    /// The filter being applied (as typed); empty for none.
    public private(set) var query = ""
    /// The last non-empty filter query, kept after Esc for `n` / `N`.
    public private(set) var lastQuery = ""
    /// Whether the `/` prompt is open (keys edit the query).
    public private(set) var isEditing = false
    /// The sort column, or `nil` for the source's order.
    public private(set) var sortColumn: Int?
    /// Whether the sort is ascending (▲) or descending (▼).
    public private(set) var ascending = true
    /// Whether a filter or sort is still running in the background.
    public private(set) var isWorking = false
    /// What `n` / `N` or a jump last said (`no match for "x"`); cleared by the next intent.
    public private(set) var message: String?
    @ObservationIgnored private var index = FindIndex(rowCount: 0, columnCount: 0) { _, _ in "" }

    // MARK: - Init

    public init(columns: [Column]) { self.columns = columns }

    // MARK: - Presentation

    /// `37 of 100` while a filter is set, `no matches` when it hides every row; `nil` without one.
    public var statusText: String? {
        guard !query.isEmpty else { return nil }
        return order.isEmpty ? "no matches" : "\(order.count) of \(rowCount)"
    }

    /// The source row at the selection, or `nil` when nothing is shown.
    public var selectedRow: Int? { order.indices.contains(selection.index) ? order[selection.index] : nil }

    /// The header text of `column`, with ▲ or ▼ when the list is sorted by it.
    public func title(ofColumn column: Int) -> String {
        let title = columns[column].title
        guard sortColumn == column else { return title }
        return title + (ascending ? " ▲" : " ▼")
    }

    /// The ranges of `text` (a cell as shown) that match the current filter (or, with none,
    /// ``lastQuery`` after `n`), for highlighting; empty when there is nothing to highlight.
    public func highlights(in text: String) -> [Range<String.Index>] {
        MatchRanges.find(query.isEmpty ? lastQuery : query, in: text)
    }

    // MARK: - Rows

    /// The list's rows changed (loaded, reloaded, a page appended): indexes them again and
    /// re-applies the filter and sort, keeping the selected record selected when it is still shown.
    /// - Parameter text: The visible text of (row, column).
    public func setRows(count: Int, text: @escaping @Sendable (Int, Int) -> String) {
        let keep = selectedRow
        index = FindIndex(rowCount: count, columnCount: columns.count, text: text)
        rowCount = count
        apply(keeping: keep)
    }

    // MARK: - Filter

    /// `/`: opens the prompt with the current query.
    public func beginFilter() {
        message = nil
        isEditing = true
    }

    /// The query changed (each keystroke): filters again.
    public func updateFilter(_ text: String) {
        let keep = selectedRow
        query = text
        if !text.isEmpty { lastQuery = text }
        apply(keeping: keep)
    }

    /// Enter: keeps the filter and returns to the list.
    public func commitFilter() { isEditing = false }

    /// Esc: clears the filter (``lastQuery`` stays for `n`).
    public func cancelFilter() {
        isEditing = false
        updateFilter("")
    }

    /// `n` / `N`: selects the next (previous) shown row matching ``lastQuery``, wrapping around.
    public func findNext(forward: Bool) {
        message = nil
        guard !lastQuery.isEmpty, !order.isEmpty else {
            message = "no search yet: / to filter"
            return
        }
        let count = order.count
        for step in 1...count {
            let position = ((selection.index + (forward ? step : -step)) % count + count) % count
            if index.matches(row: order[position], query: lastQuery) {
                selection.index = position
                return
            }
        }
        message = "no match for \"\(lastQuery)\""
    }

    // MARK: - Sort

    /// `s`: sorts by the next column (ascending); after the last column, back to the source order.
    public func cycleSort() {
        let keep = selectedRow
        if let column = sortColumn {
            sortColumn = column + 1 < columns.count ? column + 1 : nil
        } else {
            sortColumn = columns.isEmpty ? nil : 0
        }
        ascending = true
        apply(keeping: keep)
    }

    /// `S`: reverses the sort (sorting by the first column when unsorted).
    public func reverseSort() {
        let keep = selectedRow
        if sortColumn == nil { sortColumn = columns.isEmpty ? nil : 0 } else { ascending.toggle() }
        apply(keeping: keep)
    }

    // MARK: - Selection

    /// Selects the display position showing source row `row`.
    /// - Returns: `false` when that row is not shown (filtered out or absent).
    @discardableResult
    public func select(row: Int) -> Bool {
        guard let position = order.firstIndex(of: row) else { return false }
        selection.index = position
        return true
    }

    /// Waits until the filter or sort in flight has been applied (tests).
    public func waitUntilIdle() async {}

    // MARK: - Private

    private func apply(keeping row: Int?) {
        let matching = index.filter(query) ?? []
        let sorted = sortColumn.map {
            index.sorted(matching, column: $0, ascending: ascending, numeric: columns[$0].numeric) ?? matching
        } ?? matching
        let previous = order
        order = sorted
        restoreSelection(row, previous: previous)
    }

    /// Keeps `row` selected when still shown, else the nearest shown row of the previous order.
    private func restoreSelection(_ row: Int?, previous: [Int]) {
        defer { selection.clamp(count: order.count) }
        guard let row, !order.isEmpty else { return }
        if select(row: row) { return }
        let shown = Set(order)
        guard let start = previous.firstIndex(of: row) else { return }
        for distance in 1..<max(2, previous.count) {
            for candidate in [start + distance, start - distance] where previous.indices.contains(candidate) {
                if shown.contains(previous[candidate]) {
                    select(row: previous[candidate])
                    return
                }
            }
        }
    }
}

/// Where a query matches inside displayed text, by folding each character.
public enum MatchRanges {
    /// The non-overlapping ranges of `text` whose folded form equals folded `query`; empty for an empty query.
    public static func find(_ query: String, in text: String) -> [Range<String.Index>] {
        let needle = Array(TextFolding.fold(query))
        guard !needle.isEmpty else { return [] }
        let characters = Array(text.indices)
        let folded = characters.map { TextFolding.fold(String(text[$0])) }
        var ranges: [Range<String.Index>] = []
        var start = 0
        while start < characters.count {
            var matched: [Character] = []
            var end = start
            while end < characters.count, matched.count < needle.count {
                matched += Array(folded[end])
                end += 1
            }
            if matched == needle {
                let upper = end < characters.count ? characters[end] : text.endIndex
                ranges.append(characters[start]..<upper)
                start = end
            } else {
                start += 1
            }
        }
        return ranges
    }
}
