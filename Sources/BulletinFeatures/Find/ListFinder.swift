import Observation
import ViewState

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
/// Lists of more than ``backgroundThreshold`` rows are indexed, filtered and sorted off the
/// main actor: each intent cancels the pass in flight, a result is applied only if no newer
/// intent came since (a generation check), so a stale result is never shown, and a query that
/// extends the applied one narrows from the applied result. Meanwhile ``isWorking`` is `true`
/// and the previous ``order`` stays (while the index builds, the rows show unfiltered).
/// Smaller lists do the same work synchronously. Tests call ``waitUntilIdle()`` after an
/// intent before reading ``order``; ``didApply`` reports every applied result.
@MainActor
@Observable
public final class ListFinder {
    /// A column the list can be filtered and sorted by: its title, type and width (``ListColumn``).
    public typealias Column = ListColumn

    // MARK: - Properties

    /// The columns, left to right.
    public let columns: [Column]
    /// The selected display position and scroll offset: the list's (``ListSelection``), which
    /// each pass, `n`, `N` and a jump move.
    public var selection: ListState {
        get { selectionOwner.state }
        set { selectionOwner.state = newValue }
    }
    /// Where the selection is kept: lent by the list that owns it.
    @ObservationIgnored public let selectionOwner: ListSelection
    /// Display position → source row: the rows that pass the filter, in sort order.
    public internal(set) var order: [Int] = []
    /// How many source rows there are.
    public internal(set) var rowCount = 0
    /// The filter being applied (as typed); empty for none.
    public private(set) var query = ""
    /// The last non-empty filter query, kept after Esc for `n` / `N`.
    public private(set) var lastQuery = ""
    /// Why ``query`` (a `~` regular expression) cannot be used, or `nil`: the rows shown stay
    /// those of the last pattern that could.
    public private(set) var patternError: SearchPatternError?
    /// The pattern the shown order was filtered by (``SearchPattern``: the query read literally,
    /// or after `~` as a regular expression).
    @ObservationIgnored public private(set) var pattern: SearchPattern = .literal("")
    /// ``lastQuery``'s pattern, for `n` / `N` and their highlights.
    @ObservationIgnored public private(set) var lastPattern: SearchPattern = .literal("")
    /// Whether the `/` prompt is open (keys edit the query).
    public private(set) var isEditing = false
    /// The sort column, or `nil` for the source's order.
    public private(set) var sortColumn: Int?
    /// Whether the sort is ascending (▲) or descending (▼).
    public private(set) var ascending = true
    /// Whether a filter, sort or index build is still running in the background (show a spinner).
    public internal(set) var isWorking = false
    /// Whether the rows are still being indexed in the background (they show unfiltered meanwhile).
    public internal(set) var isIndexing = false
    /// What `n` / `N` or a jump last said (`no match for "x"`); cleared by the next intent.
    public private(set) var message: String?
    /// Lists with more rows than this are indexed, filtered and sorted off the main actor.
    public let backgroundThreshold: Int
    /// Called on the main actor each time a result is applied to ``order``, with the query it
    /// was computed for (diagnostics and tests; `nil` by default).
    @ObservationIgnored public var didApply: ((_ query: String, _ order: [Int]) -> Void)?
    /// Called after each intent that changes the filter or sort, for a list whose source filters
    /// and sorts (read in windows by key): the finder keeps the query, the source does the work.
    @ObservationIgnored public var onQueryChange: (() -> Void)?
    /// Called before the finder's own pass over such a change (which moves the selection
    /// among the rows held): the list notes which record is selected.
    @ObservationIgnored public var onQueryWillChange: (() -> Void)?
    /// Whether a filter after `~` is a regular expression; `false` on a list a database filters
    /// (the prompt then says so, and the list stays as it was).
    @ObservationIgnored public var acceptsRegex = true
    /// What the database filtering the list looks in (``ListWindows/filterMatches``), for the
    /// help; `nil` on a list filtered here.
    @ObservationIgnored public var databaseMatches: String?
    /// The counts of a list whose source filters (rows passing, rows in all; `nil`: not known
    /// yet), which ``statusText`` says instead of the finder's own.
    @ObservationIgnored public var externalCounts: (() -> (shown: Int?, total: Int?))?
    /// Why a list whose source filters could not apply the filter (`not filtered: Lost the
    /// connection to …`), which ``statusText`` says instead of counts; `nil` when it could.
    @ObservationIgnored public var externalProblem: (() -> String?)?

    /// The index of the current rows; `nil` while it is built in the background.
    @ObservationIgnored var index: FindIndex? = FindIndex(rowCount: 0, columnCount: 0) { _, _ in "" }
    /// Row id → source row (the first row with that id), built with ``index`` (so `nil` exactly
    /// while it is); empty when the rows were set without ids.
    @ObservationIgnored var rowsByID: RowIDs? = RowIDs()
    /// Source row → display position (-1 hidden), matching ``order``; empty when not known.
    @ObservationIgnored var positions: [Int32] = []
    /// The last applied pass's folded query and matching rows (source order), for narrowing.
    @ObservationIgnored var applied: (needle: [UInt8], filtered: [Int])?
    /// The positions of the last pass applied with a non-empty folded query: a row matches that
    /// query when its position is not -1 (for `n` / `N` after Esc cleared the filter).
    @ObservationIgnored var matchMask: (needle: [UInt8], positions: [Int32])?
    /// Bumped by every intent that changes what ``order`` should be; a pass applies only if unchanged.
    @ObservationIgnored var generation = 0
    /// Bumped by every ``setRows(count:text:)``; an index build applies only if unchanged.
    @ObservationIgnored var rowsVersion = 0
    @ObservationIgnored var findTask: Task<Void, Never>?
    /// The rows whose values ``naturalWidths(measure:)`` measures (the last rows given with
    /// their text), and the widths measured for them (``ListFinder+Widths.swift``).
    @ObservationIgnored var widthSource: (count: Int, text: @Sendable (Int, Int) -> String)?
    @ObservationIgnored var measuredWidths: [Int?]?
    /// The least width of each column (``measure(count:growing:text:)``).
    @ObservationIgnored var widthFloor: [Int?]?
    @ObservationIgnored var buildTask: Task<Void, Never>?

    // MARK: - Init

    /// The default ``backgroundThreshold``: 5,000 rows, which filter and sort in well under a frame.
    public nonisolated static let defaultBackgroundThreshold = 5_000

    /// A finder for a list with these `columns`.
    /// - Parameter backgroundThreshold: Lists with more rows work off the main actor (tests
    ///   pass a small number to exercise that path on small data).
    /// - Parameter selection: The list's selection, which passes keep on the selected row (a
    ///   finder of its own by default).
    public init(columns: [Column], selection: ListSelection = ListSelection(),
                backgroundThreshold: Int = ListFinder.defaultBackgroundThreshold) {
        self.columns = columns
        selectionOwner = selection
        self.backgroundThreshold = backgroundThreshold
    }

    isolated deinit {
        findTask?.cancel()
        buildTask?.cancel()
    }

    // MARK: - Presentation

    /// `37 of 100` while a filter is set, `no matches` when it hides every row; `nil` without one.
    public var statusText: String? {
        guard !query.isEmpty else { return nil }
        if let problem = externalProblem?() { return problem }
        if let externalCounts {
            let counts = externalCounts()
            return counts.shown == 0 ? "no matches" : "\(counts.shown.map(String.init) ?? "…") of \(counts.total.map(String.init) ?? "…")"
        }
        return order.isEmpty ? "no matches" : "\(order.count) of \(rowCount)"
    }

    /// The source row at the selection, or `nil` when nothing is shown.
    public var selectedRow: Int? { order.indices.contains(selection.selected) ? order[selection.selected] : nil }

    /// The header text of `column`, with ▲ or ▼ when the list is sorted by it: after the title
    /// (`Name ▲`), or before it when `markFirst` (`▲ ID`: a right-aligned column keeps its title
    /// over its values, the mark in the column's own room on the left).
    public func title(ofColumn column: Int, markFirst: Bool = false) -> String {
        let title = columns[column].title
        guard sortColumn == column else { return title }
        let mark = ascending ? "▲" : "▼"
        return markFirst ? mark + " " + title : title + " " + mark
    }

    /// The ranges of `text` (a cell as shown) that match the current filter (or, with none,
    /// ``lastQuery`` after `n`), for highlighting; empty when there is nothing to highlight.
    public func highlights(in text: String) -> [Range<String.Index>] {
        (query.isEmpty ? lastPattern : pattern).ranges(in: text)
    }

    // MARK: - Rows

    /// The list's rows changed (loaded, reloaded, a page appended): indexes them again and
    /// re-applies the filter and sort, keeping the selected record selected when it is still shown.
    ///
    /// Above ``backgroundThreshold`` rows the index is built off the main actor (``isIndexing``);
    /// until it is ready the rows show unfiltered (or, with a filter or sort set, the previous
    /// order without rows that no longer exist).
    /// - Parameter text: The visible text of (row, column); called off the main actor for large lists.
    public func setRows(count: Int, text: @escaping @Sendable (Int, Int) -> String) {
        setRows(count: count, text: text, id: nil)
    }

    /// The list's rows changed, each with an id: like ``setRows(count:text:)``, and builds the
    /// id → row map that ``row(withID:)`` reads, at the same time and place as the index (off
    /// the main actor above ``backgroundThreshold`` rows), so a jump is one dictionary lookup.
    /// - Parameter id: The id of a row as a jump types it (`12`); called off the main actor for large lists.
    public func setRows(
        count: Int, text: @escaping @Sendable (Int, Int) -> String, id: @escaping @Sendable (Int) -> String
    ) {
        setRows(count: count, text: text, id: Optional(id))
    }

    /// The list's rows changed, with their index and id map built already (off the main actor
    /// while the rows arrived): like ``setRows(count:text:id:)``, without building anything, so
    /// the filter, sort and jump work at once.
    /// - Parameters:
    ///   - index: The rows' index; one cell per column of ``columns`` (checked).
    ///   - rowsByID: Row id as a jump types it → the first row with that id.
    ///   - text: The visible text of (row, column), for the columns' widths.
    public func setRows(index: FindIndex, rowsByID: RowIDs, text: @escaping @Sendable (Int, Int) -> String) {
        precondition(index.columnCount == columns.count, "an index of \(index.columnCount) columns for \(columns.count)")
        replaceRows(count: index.rowCount)
        measure(count: index.rowCount, text: text)
        self.index = index
        self.rowsByID = rowsByID
        isIndexing = false
        refresh()
    }

    /// Rows still arriving (a long load shows what it has so far): shows `count` rows as they
    /// are, builds no index for them (``isIndexing`` stays set, so a filter or sort waits), and
    /// costs no more than the order it shows. The load's last hand-over is ``setRows(count:text:id:)``.
    public func showArriving(count: Int) {
        replaceRows(count: count)
        index = nil
        rowsByID = nil
        isIndexing = true
        refresh()
    }

    /// The source row whose id is `id` (the first, when ids repeat), or `nil` when no row has it
    /// or the map is still being built (``isIndexing``): one dictionary lookup.
    public func row(withID id: String) -> Int? { rowsByID?.row(withID: id) }

    /// New rows: the build in flight is dropped, and so is what was applied to the old rows.
    private func replaceRows(count: Int) {
        rowsVersion += 1
        buildTask?.cancel()
        buildTask = nil
        rowCount = count
        applied = nil
        matchMask = nil
    }

    private func setRows(count: Int, text: @escaping @Sendable (Int, Int) -> String, id: (@Sendable (Int) -> String)?) {
        replaceRows(count: count)
        measure(count: count, text: text)
        if count <= backgroundThreshold {
            index = FindIndex(rowCount: count, columnCount: columns.count, text: text)
            rowsByID = id.flatMap { RowIDs.build(count: count, id: $0) } ?? RowIDs()
            isIndexing = false
            refresh()
        } else {
            index = nil
            rowsByID = nil
            startBuild(count: count, text: text, id: id)
        }
    }

    // MARK: - Filter

    /// `/`: opens the prompt with the current query.
    public func beginFilter() {
        message = nil
        isEditing = true
    }

    /// The query changed (each keystroke): filters again.
    /// The query changed (each keystroke): filters again, taken literally, or after `~` as a
    /// regular expression; one that cannot be read sets ``patternError`` and leaves the rows as
    /// they were.
    public func updateFilter(_ text: String) {
        query = text
        switch SearchPattern.parse(text) {
        case let .failure(error):
            patternError = error
            return
        case let .success(parsed):
            if case .regex = parsed, !acceptsRegex {
                patternError = .regexUnavailable
                return
            }
            if patternError != nil { patternError = nil }
            pattern = parsed
        }
        if !text.isEmpty {
            lastQuery = text
            lastPattern = pattern
        }
        queryChanged()
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
        guard !lastQuery.isEmpty else {
            message = "no search yet"
            return
        }
        guard !order.isEmpty else {
            // The filter hides every row (or the list is empty): nothing to move to.
            message = "no match for \"\(lastQuery)\""
            return
        }
        guard let matches = matcher(for: lastPattern) else {
            message = "still indexing: try again"
            return
        }
        let count = order.count
        for step in 1...count {
            let position = ((selection.selected + (forward ? step : -step)) % count + count) % count
            if matches(order[position]) {
                selection.selected = position
                return
            }
        }
        message = "no match for \"\(lastQuery)\""
    }

    // MARK: - Sort

    /// `s`: sorts by the next column (ascending); after the last column, back to the source order.
    public func cycleSort() {
        if let column = sortColumn {
            sortColumn = column + 1 < columns.count ? column + 1 : nil
        } else {
            sortColumn = columns.isEmpty ? nil : 0
        }
        ascending = true
        queryChanged()
    }

    /// `S`: reverses the sort (sorting by the first column when unsorted).
    public func reverseSort() {
        if sortColumn == nil { sortColumn = columns.isEmpty ? nil : 0 } else { ascending.toggle() }
        queryChanged()
    }

    /// The filter or sort changed: the finder's own pass, or, for a list whose source filters
    /// and sorts (``onQueryChange`` set), the list's (the finder's pass over the rows held would
    /// clamp the selection to them).
    private func queryChanged() {
        guard let onQueryChange else { return refresh() }
        onQueryWillChange?()
        onQueryChange()
    }

    /// Back to the source's order (Esc on a sort that reads every row).
    public func restoreSourceOrder() {
        guard sortColumn != nil else { return }
        sortColumn = nil
        ascending = true
        queryChanged()
    }

    // MARK: - Selection

    /// Selects the display position showing source row `row`.
    /// - Returns: `false` when that row is not shown (filtered out or absent).
    @discardableResult
    public func select(row: Int) -> Bool {
        guard let position = position(ofRow: row) else { return false }
        selection.selected = position
        return true
    }

    /// Waits until the index build and the filter or sort in flight have been applied (tests,
    /// and callers that need the final ``order``). Returns at once when nothing is running.
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitUntilIdle() async {
        while let task = buildTask ?? findTask {
            await task.value
            if buildTask == task { buildTask = nil }
            if findTask == task { findTask = nil }
        }
    }
}
