import BulletinData
import Observation
import ViewState

/// The one list model under every list Bulletin shows: Users (categories on TheMealDB), a
/// user's posts (repositories, meals), albums and todos, an album's photos, and the Posts list.
///
/// It owns the rows, the selection beside them, the filter, sort and jump (``FindBar``) over
/// its declared ``columns``, and one load (``ScreenLoad``) from its ``ListFeed``: a reload keeps
/// the rows shown and records a failure in the same words on every list (``reloadFailureText``);
/// a source that pages loads the next page as the selection nears the end (the paging hook,
/// ``paging``); rows that arrive in batches show at once (the batch hook, ``isPartial``).
/// A failed first load shows in this list only (its heading counts `—`); `r` retries it.
@MainActor
@Observable
public final class RecordListModel<Row: Sendable & Identifiable> where Row.ID == RecordID {
    /// One column: its declaration (title, value type, width policy) and a row's text in it.
    public struct Column: Sendable {
        /// The column as data (``ListColumn``).
        public var declaration: ListColumn
        /// A row's text in the column (what the filter matches and the sort reads).
        public var text: @Sendable (Row) -> String

        /// Creates a column.
        public init(_ declaration: ListColumn, text: @escaping @Sendable (Row) -> String) {
            self.declaration = declaration
            self.text = text
        }

        /// The header text.
        public var title: String { declaration.title }
    }

    /// How close to the last loaded row the selection gets before the next page is asked for.
    public static var prefetchDistance: Int { 5 }

    // MARK: - Properties

    /// What a row is called (`user`, `album`, `repository`), for headings and messages.
    public let name: KindName
    /// The table's columns, left to right.
    public let columns: [Column]
    /// The rows' load and reload (``ScreenLoad``); pages and batches show through it too.
    public let loader = ScreenLoad<[Row]>()
    /// The list's filter, sort and jump state; rows show in `find.finder.order`.
    public let find: FindBar
    /// The selected display position and scroll offset, kept beside the rows; the finder is
    /// lent it so a filter or sort keeps the selected row selected.
    @ObservationIgnored public let rowSelection = ListSelection()
    // The four observed properties below are observed by hand through key paths made once per
    // list, as ``ScreenLoad``'s are: the macro's key path literals in a generic class are
    // instantiated at run time on every read, and a frame reads `paging` and `isPartial`.

    /// The records the last load (and its pages) skipped or read with a field blanked.
    public internal(set) var issues: [RecordIssue] {
        get { access(keyPath: issuesKey); return stored.issues }
        set { withMutation(keyPath: issuesKey) { stored.issues = newValue } }
    }
    /// Whether more pages remain, are loading, or failed (sources that page).
    public internal(set) var paging: ListPaging {
        get { access(keyPath: pagingKey); return stored.paging }
        set {
            withMutation(keyPath: pagingKey) { stored.paging = newValue }
            find.isPartial = stored.isPartial || newValue != .complete
        }
    }
    /// `true` while the rows are those that arrived so far and the rest is still being read.
    public internal(set) var isPartial: Bool {
        get { access(keyPath: isPartialKey); return stored.isPartial }
        set {
            guard newValue != stored.isPartial else { return }
            withMutation(keyPath: isPartialKey) { stored.isPartial = newValue }
            find.isPartial = newValue || stored.paging != .complete
        }
    }
    /// When the load in flight started (for a progress bar shown only on loads over 0.3 s).
    public internal(set) var loadStarted: ContinuousClock.Instant? {
        get { access(keyPath: loadStartedKey); return stored.loadStarted }
        set { withMutation(keyPath: loadStartedKey) { stored.loadStarted = newValue } }
    }
    /// The ids of the rows marked with `m` (``RecordListModel+Marks.swift``): kept through a
    /// filter, a sort and a reload, dropped when their record is gone.
    public internal(set) var marks: Set<RecordID> {
        get { access(keyPath: marksKey); return stored.marks }
        set { withMutation(keyPath: marksKey) { stored.marks = newValue } }
    }
    /// How many rows the source says pass the query of a list read in windows (``isWindowed``);
    /// `nil` until counted.
    public internal(set) var windowCount: Int? {
        get { access(keyPath: windowCountKey); return stored.windowCount }
        set { withMutation(keyPath: windowCountKey) { stored.windowCount = newValue } }
    }
    /// The unfiltered count of a list read in windows (`37 of 10000000`); `nil` until counted.
    public internal(set) var baseCount: Int? {
        get { access(keyPath: baseCountKey); return stored.baseCount }
        set { withMutation(keyPath: baseCountKey) { stored.baseCount = newValue } }
    }
    /// About how many rows a list read in windows has unfiltered, from the source's statistics
    /// (``RecordWindows/estimate(_:)``), shown as `~10000000` until ``baseCount`` comes.
    public internal(set) var estimatedCount: Int? {
        get { access(keyPath: estimatedCountKey); return stored.estimatedCount }
        set { withMutation(keyPath: estimatedCountKey) { stored.estimatedCount = newValue } }
    }
    @ObservationIgnored private var stored = Stored()
    @ObservationIgnored private let windowCountKey: KeyPath<RecordListModel, Int?> = \.windowCount
    @ObservationIgnored private let baseCountKey: KeyPath<RecordListModel, Int?> = \.baseCount
    @ObservationIgnored private let estimatedCountKey: KeyPath<RecordListModel, Int?> = \.estimatedCount
    /// The window hook's state (``RecordListModel+Windows.swift``).
    @ObservationIgnored var window = RowWindow<Row>()
    /// The observed properties' key paths, made once per list.
    @ObservationIgnored private let issuesKey: KeyPath<RecordListModel, [RecordIssue]> = \.issues
    @ObservationIgnored private let pagingKey: KeyPath<RecordListModel, ListPaging> = \.paging
    @ObservationIgnored private let isPartialKey: KeyPath<RecordListModel, Bool> = \.isPartial
    @ObservationIgnored private let loadStartedKey: KeyPath<RecordListModel, ContinuousClock.Instant?> = \.loadStarted
    @ObservationIgnored private let marksKey: KeyPath<RecordListModel, Set<RecordID>> = \.marks
    /// What Enter on a row does (open a user, a post, an album); `nil`: rows do not open.
    @ObservationIgnored public var onOpen: ((Row) -> Void)?
    @ObservationIgnored let feed: ListFeed<Row>
    /// Where the next page starts, while ``paging`` is not `.complete`.
    @ObservationIgnored var nextCursor: PageCursor?
    /// The batch hook's state during a first load (``RecordListModel+Batches.swift``).
    @ObservationIgnored var arriving = ArrivingRows<Row>()
    /// Whether End asked for every page: each page loaded goes on to the next, the selection on
    /// the last row, until none remains; any other move, a reload or leaving the screen stops it.
    @ObservationIgnored public internal(set) var walksToEnd = false
    /// The walk's step waiting for the finder to show a page before selecting the last row.
    @ObservationIgnored var walkTask: Task<Void, Never>?
    /// Whether the last load's finder index was the one its reader built (tests).
    @ObservationIgnored package internal(set) var indexedFromBatches = false

    /// The observed properties' storage.
    private struct Stored {
        var issues: [RecordIssue] = []
        var paging: ListPaging = .complete
        var isPartial = false
        var loadStarted: ContinuousClock.Instant?
        var marks: Set<RecordID> = []
        var windowCount: Int?
        var baseCount: Int?
        var estimatedCount: Int?
    }

    // MARK: - Init

    /// - Parameters:
    ///   - name: What one row is called.
    ///   - columns: The columns, left to right.
    ///   - feed: Where the rows come from.
    public init(name: KindName, columns: [Column], feed: ListFeed<Row>) {
        self.name = name
        self.columns = columns
        self.feed = feed
        find = FindBar(columns: columns.map(\.declaration), noun: name.singular, selection: rowSelection)
        if feed.windows != nil {
            find.finder.onQueryWillChange = { [weak self] in self?.noteSelectedRecord() }
            find.finder.onQueryChange = { [weak self] in self?.windowQueryChanged() }
            find.finder.externalCounts = { [weak self] in (self?.windowCount, self?.baseCount) }
            find.finder.externalProblem = { [weak self] in self?.windowQueryFailure }
            find.finder.acceptsRegex = false
            find.finder.databaseMatches = feed.windows?.filterMatches
        }
    }

    /// A list read whole by `fetch`.
    public convenience init(name: KindName, columns: [Column], fetch: @escaping @Sendable () async throws(DataError) -> [Row]) {
        self.init(name: name, columns: columns, feed: .whole(fetch))
    }

    // MARK: - Presentation

    /// Where the rows are: not asked for yet, on their way, here, or failed.
    public var state: LoadState<[Row]> { loader.state }
    /// Whether a reload (`r`) is on its way while the rows loaded before stay shown.
    public var isReloading: Bool { loader.isReloading }
    /// Why the last reload failed while the rows loaded before stay shown (``ScreenLoad/reloadError``).
    public var reloadError: DataError? { loader.reloadError }
    /// `Not reloaded: …` after a failed reload, as on every list; `nil` otherwise.
    public var reloadFailureText: String? { loader.reloadFailureText }
    /// The selected display position and scroll offset (``rowSelection``).
    public var selection: ListState {
        get { rowSelection.state }
        set { rowSelection.state = newValue }
    }
    /// Whether anything is on its way: the first load, a reload, a page, or batches.
    public var isBusy: Bool { state.isLoading || isReloading || paging == .loading || isPartial }

    /// The rows, in the source's order (empty until loaded).
    public var rows: [Row] { state.value ?? [] }

    /// How many rows the table has: those shown (all, or those passing the filter), plus a
    /// last "more" row while pages remain and no filter is set.
    public var rowCount: Int {
        if isWindowed { return windowCount ?? (window.start + rows.count) }
        return find.finder.order.count + (showsPagingRow ? 1 : 0)
    }

    // MARK: - Loading

    /// Loads unless loaded or loading already.
    public func start() { loader.start(reload) }

    /// Loads the rows (`r`). Rows shown stay during a reload, and a failed reload keeps them
    /// and says why (``reloadError``); only a first load that fails shows the error in the
    /// list. When only the next page failed, `r` retries that page and keeps the rows. A first
    /// load of a feed that sends batches shows them as they arrive.
    public func reload() {
        if isWindowed { return reloadWindow() }
        if case .failed = paging, state.value != nil { return loadMore() }
        walksToEnd = false
        let keepsRows = state.value != nil && !isPartial
        // The record selected when the new rows come stays selected, wherever they put it
        // (moves made while they were read count).
        var kept: RecordID?
        endBatches()
        // A reload keeps the rows shown until the whole list is there: its batches are not shown.
        let batches = feed.sendsBatches && !keepsRows ? beginBatches() : nil
        loadStarted = .now
        // The rows shown so far (a million at 1M) are let go of off the main actor: freeing
        // them here would hold back the finder's index of the whole list.
        var shownSoFar: LoadState<[Row]> = .idle
        loader.reload(keepsValue: keepsRows, { [feed] () async throws(DataError) in
            try await feed.first(batches)
        }, value: { [weak self] page in
            shownSoFar = self?.state ?? .idle
            kept = keepsRows ? self?.selectedRow?.id : nil
            return page.rows
        }) { [weak self] page in
            guard let self else { return }
            Self.release(shownSoFar)
            shownSoFar = .idle
            endBatches()
            loadStarted = nil
            if let page {
                issues = page.issues
                setNext(page.next)
                indexRows(prebuilt: page.prebuilt)
            } else if state.error != nil {
                issues = []
                setNext(nil)
                indexRows()
            } else if paging == .loading {
                paging = .more
            }
            selection.clamp(count: rowCount)
            if page != nil, let kept { keepSelection(on: kept) }
            keepMarksOfLoadedRows()
        }
    }

    /// After a reload: selects the record with `id` where the new rows put it (rows added or
    /// removed before it move it), at once when the finder has its id map, else once the
    /// finder is done (a long list's index builds off the main actor), unless the person has
    /// moved the selection meanwhile.
    private func keepSelection(on id: RecordID) {
        guard !select(id: id) else { return }
        let position = selection.selected
        Task { [weak self] in
            await self?.find.finder.waitUntilIdle()
            guard let self, selection.selected == position else { return }
            select(id: id)
        }
    }

    /// The list left the screen: the loads in flight (first page, next page, batches) are
    /// cancelled and their results dropped.
    public func stop() {
        if isWindowed {
            window.countTask?.cancel()
            window.generation += 1
            window.queryRunning = false
            feed.windows?.cancel()
        }
        walksToEnd = false
        loader.stop()
        endBatches()
        if paging == .loading { paging = .more }
    }

    /// Loads and waits for the result (tests and deep links).
    public func load() async {
        reload()
        await wait()
    }

    /// Waits for the load in flight, the page in flight and the finder (tests, and a screen's
    /// own `load()`). `package`: a hook for tests (and the bench), not the product's API.
    package func wait() async {
        await loader.wait()
        if isWindowed {
            await window.planTask?.value
            await window.countTask?.value
            await loader.wait()
        }
        await loader.waitForPage()
        if isWindowed {
            await window.positionTask?.value
            await loader.waitForPage()
            await window.marksTask?.value
            // A read of the next rows started when the one before it landed.
            for _ in 0..<100 where window.readsNeighbour || window.readsAgain { await loader.waitForPage() }
        }
        await find.finder.waitUntilIdle()
        await walkTask?.value
    }

    /// Puts `row` in place of the row with its id (after a save), keeping the filter, sort and selection.
    public func replace(_ row: Row) {
        guard var rows = state.value, let index = rows.firstIndex(where: { $0.id == row.id }) else { return }
        rows[index] = row
        loader.show(rows)
        if isWindowed { return }
        indexRows()
    }

    /// Hands the rows to the finder, which filters and sorts them again: with the index the
    /// reader built when it covers every row, else indexing them (off the main actor when long).
    func indexRows(prebuilt: (index: FindIndex, rowsByID: RowIDs)? = nil) {
        let rows = rows
        let columns = columns
        let text: @Sendable (Int, Int) -> String = { row, column in columns[column].text(rows[row]) }
        if let built = prebuilt, built.index.rowCount == rows.count {
            indexedFromBatches = true
            find.finder.setRows(index: built.index, rowsByID: built.rowsByID, text: text)
        } else {
            indexedFromBatches = false
            find.finder.setRows(count: rows.count, text: text, id: { rows[$0].id.text })
        }
    }

    /// Drops `state` (its rows) on a background task, so their deallocation is not the main actor's.
    private nonisolated static func release(_ state: LoadState<[Row]>) {
        guard case .loaded = state else { return }
        Task.detached(priority: .background) { withExtendedLifetime(state) {} }
    }

    // MARK: - Intents

    /// Enter: opens the selected row where rows open; on a failed "more" row, tries the page again.
    public func openSelected() {
        if isPagingRow(selection.selected), case .failed = paging { return loadMore() }
        guard let row = selectedRow else { return }
        onOpen?(row)
    }

    /// ↑ ↓ PageUp PageDown: moves the selection by `delta` rows (near the end, the next page
    /// loads); a walk to the end (``selectLast()``) stops here, at the pages loaded.
    public func moveSelection(by delta: Int) {
        walksToEnd = false
        selection.move(by: delta, count: rowCount)
        loadMoreIfNear()
        ensureWindow()
    }

    /// End (`G`): the last row. While pages remain, every one is loaded in turn, the selection
    /// following to the end (``walksToEnd``), until the source has no more or stops (a cap such
    /// as GitHub's pages of accounts, said by the list's issues; a failed page, on the last row).
    public func selectLast() {
        selection.end(count: rowCount)
        walksToEnd = paging == .more && showsPagingRow
        loadMoreIfNear()
        ensureWindow()
    }
}
