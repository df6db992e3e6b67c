import BulletinData
import MVVMC
import Observation

/// One row of the Posts list: a post and its author's name.
public struct PostRow: Sendable, Equatable {
    public var post: Post
    /// The author's name.
    public var author: String

    public init(post: Post, author: String) {
        self.post = post
        self.author = author
    }
}

/// The Posts screen: every post (id, author, title), ordered by id.
///
/// Loads with one ``DataSource/users()`` (author names by id) and one
/// ``DataSource/postList()`` (REST: `GET /users` and `GET /posts`, not one request per user).
/// A post whose author is not among the users shows `—`; posts or users' posts that could
/// not be read are named in the status line (``issues``).
@MainActor
@Observable
public final class PostListViewModel {
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

    public private(set) var state: LoadState<[PostRow]> = .idle
    /// The posts (or users' posts) that could not be read in the last load.
    public private(set) var issues: [RecordIssue] = []
    /// Columns the ID column needs to show the loaded ids whole (4 to 12).
    public private(set) var idWidth = 4
    /// The filter, sort and jump state; rows show in `find.finder.order`.
    public let find = FindBar(
        columns: Column.allCases.map { ListFinder.Column($0.title, numeric: $0 == .id) }, noun: "post")
    /// The selected display position (the finder's).
    public var selection: ListSelection {
        get { find.finder.selection }
        set { find.finder.selection = newValue }
    }
    /// Whether a reload (`r`) is on its way while the rows loaded before stay shown.
    public private(set) var isReloading = false
    /// Why the last reload failed, while the rows loaded before stay shown; `nil` after a
    /// reload that worked.
    public private(set) var reloadError: DataError?
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<PostsRoute>
    @ObservationIgnored private let runner = LoadRunner()

    // MARK: - Init

    public init(source: any DataSource, router: Router<PostsRoute>) {
        self.source = source
        self.router = router
    }

    // MARK: - Presentation

    /// The loaded rows (empty until loaded).
    public var rows: [PostRow] { state.value ?? [] }

    /// How many rows the list shows (all, or those passing the filter).
    public var rowCount: Int { find.finder.order.count }

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

    /// The row shown at display position `position`, if any.
    private func row(at position: Int) -> PostRow? {
        let order = find.finder.order
        guard order.indices.contains(position), rows.indices.contains(order[position]) else { return nil }
        return rows[order[position]]
    }

    /// A summary for the status line, such as `100 posts`, or
    /// `99 posts · 1 record skipped: posts of user 3 HTTP 500 from …` when some could not be read.
    public var summary: String {
        switch state {
        case .idle, .loading: "Loading posts…"
        case let .loaded(rows):
            [reloadError.map(Display.reloadFailed), Display.count(rows.count, "post", "posts"), RecordIssue.summary(of: issues)]
                .compactMap { $0 }.joined(separator: " · ")
        case .failed: "Failed to load posts"
        }
    }

    // MARK: - Intents

    /// The screen appeared: load unless already loaded or loading.
    public func start() {
        if case .idle = state { reload() }
    }

    /// Loads every post and the users (`r` retries). The rows shown stay during a reload, and a
    /// failed reload keeps them and says why (``reloadError``, in the summary); only a first
    /// load that fails shows the error screen.
    public func reload() {
        let reloading = !state.isIdle
        let keepsRows = state.value != nil
        if keepsRows { isReloading = true } else { state = .loading }
        // The id column's width is measured with the load, off the main actor (a 1M-post file).
        runner.run(reloading: reloading, { [source] () async throws(DataError) in
            let rows = try await Self.loadRows(source)
            return (rows, Display.idWidth(rows.records.lazy.map(\.post.id)))
        }) { [weak self] outcome in
            self?.isReloading = false
            if keepsRows, let error = outcome.error {
                self?.reloadError = error
                return
            }
            self?.reloadError = nil
            self?.issues = outcome.value?.0.issues ?? []
            self?.state = outcome.map(\.0.records)
            self?.idWidth = outcome.value?.1 ?? 4
            self?.indexRows()
        }
    }

    /// The screen left the stack: the load in flight is cancelled and its result dropped.
    public func cancelLoad() {
        runner.cancel()
        isReloading = false
    }

    /// Loads and waits for the result.
    public func load() async {
        reload()
        await runner.wait()
        await find.finder.waitUntilIdle()
    }

    public func moveSelection(by delta: Int) { selection.move(by: delta, count: rowCount) }
    public func selectFirst() { selection.moveToFirst() }
    public func selectLast() { selection.moveToLast(count: rowCount) }

    /// The user pressed Enter on the selected post.
    public func openSelected() {
        guard let shown = row(at: selection.index) else { return }
        router.go(.post(id: shown.post.id))
    }

    /// `:12` or `12` then Enter: selects the post with id `id`, or says it is not there.
    public func goTo(id: String) {
        find.jump(toID: id)
    }

    /// Hands the loaded rows to the finder, which filters and sorts them again.
    private func indexRows() {
        let rows = rows
        find.finder.setRows(count: rows.count, text: { row, column in
            Self.text(of: rows[row], column: Column.allCases[column])
        }, id: { rows[$0].post.id.text })
    }

    // MARK: - Private

    /// The users first (the default ``DataSource/postList()`` asks for them too, and finds them
    /// cached), then every post; each row gets its author's name by id, `—` when there is none.
    private nonisolated static func loadRows(_ source: any DataSource) async throws(DataError) -> RecordList<PostRow> {
        let users = try await source.users()
        var names: [RecordID: String] = [:]
        for user in users where names[user.id] == nil { names[user.id] = user.name }
        let posts = try await source.postList()
        try Task.checkCancellation(or: .cancelled)
        let rows = posts.records.map { PostRow(post: $0, author: names[$0.userId] ?? Display.missing) }
        return RecordList(records: rows.sorted { $0.post.id < $1.post.id }, issues: posts.issues)
    }
}

extension Task where Success == Never, Failure == Never {
    /// Throws `error` when the current task has been cancelled.
    static func checkCancellation(or error: DataError) throws(DataError) {
        if Task.isCancelled { throw error }
    }
}
