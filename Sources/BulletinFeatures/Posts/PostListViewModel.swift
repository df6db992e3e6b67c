import BulletinData
import MVVMC
import Observation
import ViewState

/// One row of the Posts list: a post's list members (no body) and its author's name.
public struct PostRow: Sendable, Equatable {
    public var post: PostSummary
    /// The author's name (`—` when unknown, `…` while the users are still being read).
    public var author: String

    public init(post: PostSummary, author: String) {
        self.post = post
        self.author = author
    }
}

/// The Posts screen: every post (id, author, title), ordered by id.
///
/// Loads with one ``DataSource/postListing(partial:)``: a file source answers from its index
/// (no bodies decoded) and, while a large file is indexed, sends batches of posts that show at
/// once in file order (``isPartial``, the count saying `so far`); REST sources answer with
/// `GET /users` and `GET /posts` (not one request per user). A post whose author is not among
/// the users shows `—`; posts or users' posts that could not be read are named in the status
/// line (``issues``).
@MainActor
@Observable
public final class PostListViewModel: FindableScreen, FindableList, LoadingScreen {
    /// The table's columns, left to right.
    public enum Column: CaseIterable, Sendable {
        case id, author, title

        /// The column's header text.
        public var title: String {
            switch self {
            case .id: "ID"
            case .author: "Author"
            case .title: "Title"
            }
        }
    }

    // MARK: - Properties

    /// The rows' load and reload (``ScreenLoad``); batches of a first load show through it too.
    public let loader = ScreenLoad<[PostRow]>()
    /// `true` while the rows are the posts indexed so far and the rest of the file is still being read.
    public private(set) var isPartial = false { didSet { find.isPartial = isPartial } }
    /// When the current load started (for the progress bar, shown only for loads over 0.3 s).
    public private(set) var loadStarted: ContinuousClock.Instant?
    /// The posts (or users' posts) that could not be read in the last load.
    public private(set) var issues: [RecordIssue] = []
    /// Columns the ID column needs to show the loaded ids whole (4 to 12).
    public private(set) var idWidth = 4
    /// The filter, sort and jump state; rows show in `find.finder.order` (the selection is the finder's).
    public let find: FindBar
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Editor?
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<PostsRoute>
    /// Rows received in batches during the load in flight, and when the finder last got them.
    @ObservationIgnored private var partialRows: [PostRow] = []
    @ObservationIgnored private var partialShown: ContinuousClock.Instant?
    @ObservationIgnored private var partialFeed: PartialPostFeed?
    /// Rows arrived that the finder has not been given yet (kept back by the 250 ms spacing).
    @ObservationIgnored private var handOverPending = false
    /// Whether the last load's finder index was the one built from its batches (tests).
    @ObservationIgnored private(set) var indexedFromBatches = false

    // MARK: - Init

    public init(source: any DataSource, router: Router<PostsRoute>) {
        self.source = source
        self.router = router
        find = FindBar(
            columns: Column.allCases.map { ListFinder.Column($0.title, numeric: $0 == .id) },
            noun: source.vocabulary.posts.singular)
    }

    // MARK: - Presentation

    /// The loaded rows (empty until loaded).
    public var rows: [PostRow] { state.value ?? [] }

    /// The text of the cell at display position `row`.
    public func cell(row: Int, column: Column) -> String {
        guard let shown = self.row(at: row) else { return "" }
        return Self.text(of: shown, column: column)
    }

    /// The text `row` shows in `column` (what the filter matches).
    nonisolated static func text(of row: PostRow, column: Column) -> String {
        switch column {
        case .id: row.post.id.text
        case .author: row.author
        case .title: row.post.title
        }
    }

    /// The source's words: `posts` (`meals` on TheMealDB).
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// A summary for the status line, such as `100 posts`, or
    /// `99 posts · 1 record skipped: posts of user 3 HTTP 500 from …` when some could not be read.
    public var summary: String {
        switch state {
        case .idle, .loading: "Loading \(vocabulary.posts.plural)…"
        case let .loaded(rows) where isPartial:
            [vocabulary.posts.count(rows.count) + " so far", loadProgressText].compactMap { $0 }.joined(separator: " · ")
        case let .loaded(rows):
            [reloadError.map(Display.reloadFailed), vocabulary.posts.count(rows.count), RecordIssue.summary(of: issues)]
                .compactMap { $0 }.joined(separator: " · ")
        case .failed: "Failed to load \(vocabulary.posts.plural)"
        }
    }

    /// `indexing 45% of 611.5 MB` while the source reports progress on the load in flight.
    public var loadProgressText: String? {
        state.isLoading || isPartial ? source.loadProgress?.text : nil
    }

    /// How much of the file the load in flight has read (0 to 1), once it has run 0.3 s; `nil`
    /// otherwise, so quick loads never flash a bar.
    public func loadProgressFraction(now: ContinuousClock.Instant = .now) -> Double? {
        guard state.isLoading || isPartial, let loadStarted, now - loadStarted >= .milliseconds(300) else { return nil }
        return source.loadProgress?.fraction
    }

    // MARK: - Intents

    /// `Posts` in the source's words.
    public var title: String { vocabulary.posts.title }
    /// Loads every post and the users (`r` retries); batches of a first load show as they come.
    /// The rows shown stay during a reload, and a failed reload keeps them and says why
    /// (``reloadError``, in the summary); only a first load that fails shows the error screen.
    public func reload() {
        let keepsRows = state.value != nil && !isPartial
        isPartial = false
        partialRows = []
        partialShown = nil
        handOverPending = false
        loadStarted = .now
        let feed = PartialPostFeed { [weak self] in
            Task { @MainActor [weak self] in self?.takePartialRows() }
        }
        // The finder's index of the whole list is built from the batches as they come.
        let indexer = PostBatchIndexer()
        // A reload keeps the rows shown until the whole list is there: its batches are not shown.
        partialFeed = keepsRows ? nil : feed
        // The id column's width is measured with the load, off the main actor (a 1M-post file).
        // The rows shown so far (a million at 1M) are let go of off the main actor: freeing
        // them here would hold back the finder's index of the whole list.
        var shownSoFar: LoadState<[PostRow]> = .idle
        loader.reload(keepsValue: keepsRows, { [source] () async throws(DataError) in
            let (rows, built) = try await Self.loadRows(source, indexer: indexer) { batch in
                feed.add(batch)
                indexer.add(batch)
            }
            return (rows, Display.idWidth(rows.records.lazy.map(\.post.id)), built)
        }, value: { [weak self] loaded in
            shownSoFar = self?.state ?? .idle
            return loaded.0.records
        }) { [weak self] loaded in
            guard let self else { return }
            Self.release(shownSoFar)
            shownSoFar = .idle
            partialFeed = nil
            partialRows = []
            isPartial = false
            loadStarted = nil
            guard loaded != nil || state.error != nil else { return }
            issues = loaded?.0.issues ?? []
            idWidth = loaded?.1 ?? 4
            if let built = loaded?.2, built.index.rowCount == rows.count {
                indexedFromBatches = true
                find.finder.setRows(index: built.index, rowsByID: built.rowsByID)
            } else {
                indexedFromBatches = false
                indexRows()
            }
        }
    }

    /// The screen left the stack, or Esc while loading: the load in flight is cancelled and its result dropped.
    public func stop() {
        loader.stop()
        partialFeed = nil
    }

    /// Loads and waits for the result.
    public func load() async {
        reload()
        await loader.wait()
        await find.finder.waitUntilIdle()
    }

    /// The user pressed Enter on the selected post.
    public func openSelected() {
        guard let shown = row(at: selection.selected) else { return }
        router.go(.post(id: shown.post.id))
    }

    /// Hands the loaded rows to the finder, which filters and sorts them again.
    private func indexRows() {
        let columns = Column.allCases
        index(rows, text: { row, column in Self.text(of: row, column: columns[column]) }, id: { $0.post.id })
    }

    /// Drops `state` (its rows) on a background task, so their deallocation is not the main actor's.
    private nonisolated static func release(_ state: LoadState<[PostRow]>) {
        guard case .loaded = state else { return }
        Task.detached(priority: .background) { withExtendedLifetime(state) {} }
    }

    // MARK: - Private

    /// Batches that arrived since the last call: appended to the rows shown so far; the finder
    /// gets them at most every 250 ms (each hand-over indexes the rows again).
    private func takePartialRows() {
        guard let feed = partialFeed, state.isLoading || isPartial else { return }
        let batches = feed.take()
        guard !batches.isEmpty || handOverPending else { return }
        handOverPending = false
        // The rows shown hold the array too: let go of them first, or the append copies it all.
        if case .loaded = state { loader.showLoading() }
        for batch in batches {
            var author = AuthorLookup(batch.authors, missing: Display.pending)
            partialRows += batch.posts.map { PostRow(post: $0, author: author.name(of: $0.userId)) }
        }
        if let partialShown, ContinuousClock.now - partialShown < .milliseconds(250) {
            loader.show(partialRows)
            handOverPending = true
            feed.retry()
            return
        }
        let first = partialShown == nil
        partialShown = .now
        isPartial = true
        idWidth = max(idWidth, Display.idWidth(partialRows.lazy.map(\.post.id)))
        loader.show(partialRows)
        // The first rows get an index (a few thousand: at once); later hand-overs only show
        // the rows, so the finder does not index a growing list again and again meanwhile.
        if first { indexRows() } else { find.finder.showArriving(count: partialRows.count) }
    }

    /// One ``DataSource/postListing(partial:)``; each row gets its author's name by id, `—`
    /// when there is none; sorted by id (a list already in id order is not sorted again).
    /// - Returns: The rows, and the finder's index of them that `indexer` built from the
    ///   batches, when the rows are the batches' posts in their order (else `nil`). When the
    ///   batches' ids were plain ascending numbers, the rows are the ones `indexer` made.
    private nonisolated static func loadRows(
        _ source: any DataSource, indexer: PostBatchIndexer, partial: @escaping @Sendable (PostBatch) -> Void
    ) async throws(DataError) -> (RecordList<PostRow>, PostBatchIndexer.Built?) {
        defer { indexer.cancel() }
        let listing = try await source.postListing(partial: partial)
        try Task.checkCancellation(or: .cancelled)
        let built = await indexer.finish(for: listing)
        try Task.checkCancellation(or: .cancelled)
        // In id order already, rows made and indexed meanwhile: nothing left to do.
        if let built, built.rowsByID.isAscending { return (RecordList(records: built.rows, issues: listing.issues), built) }
        var author = AuthorLookup(listing.authors, missing: Display.missing)
        let rows = listing.posts.map { PostRow(post: $0, author: author.name(of: $0.userId)) }
        guard IDOrder.isSorted(rows, by: \.post.id) else {
            return (RecordList(records: IDOrder.sorted(rows, by: \.post.id), issues: listing.issues), nil)
        }
        return (RecordList(records: rows, issues: listing.issues), built)
    }
}

extension Task where Success == Never, Failure == Never {
    /// Throws `error` when the current task has been cancelled.
    static func checkCancellation(or error: DataError) throws(DataError) {
        if Task.isCancelled { throw error }
    }
}
