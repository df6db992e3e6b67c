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
    public var selection = ListSelection()
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

    /// The text of one cell.
    public func cell(row: Int, column: Column) -> String {
        guard rows.indices.contains(row) else { return "" }
        switch column {
        case .id: return rows[row].post.id.text
        case .author: return rows[row].author
        case .title: return rows[row].post.title
        }
    }

    /// A summary for the status line, such as `100 posts`, or
    /// `99 posts · 1 record skipped: posts of user 3 HTTP 500 from …` when some could not be read.
    public var summary: String {
        switch state {
        case .idle, .loading: "Loading posts…"
        case let .loaded(rows):
            [Display.count(rows.count, "post", "posts"), RecordIssue.summary(of: issues)]
                .compactMap { $0 }.joined(separator: " · ")
        case .failed: "Failed to load posts"
        }
    }

    // MARK: - Intents

    /// The screen appeared: load unless already loaded or loading.
    public func start() {
        if case .idle = state { reload() }
    }

    /// Loads every post and the users (`r` retries).
    public func reload() {
        state = .loading
        runner.run({ [source] () async throws(DataError) in try await Self.loadRows(source) }) { [weak self] outcome in
            self?.issues = outcome.value?.issues ?? []
            self?.state = outcome.map(\.records)
            self?.selection.clamp(count: outcome.value?.records.count ?? 0)
        }
    }

    /// The screen left the stack: the load in flight is cancelled and its result dropped.
    public func cancelLoad() { runner.cancel() }

    /// Loads and waits for the result.
    public func load() async {
        reload()
        await runner.wait()
    }

    public func moveSelection(by delta: Int) { selection.move(by: delta, count: rows.count) }
    public func selectFirst() { selection.moveToFirst() }
    public func selectLast() { selection.moveToLast(count: rows.count) }

    /// The user pressed Enter on the selected post.
    public func openSelected() {
        guard rows.indices.contains(selection.index) else { return }
        router.go(.post(id: rows[selection.index].post.id))
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
