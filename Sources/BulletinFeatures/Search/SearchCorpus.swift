import BulletinData

/// Every post and comment of a source with their folded text, built once per load (off the
/// main thread) so that each keystroke only scans.
///
/// Posts are indexed by title and body, comments by name and body, through ``FindIndex``;
/// rows are positions in ``posts`` and ``comments``, in the source's order.
public struct SearchCorpus: Sendable {
    /// Every post, in the source's order.
    public let posts: [Post]
    /// Every comment, in the source's order.
    public let comments: [Comment]
    /// Users found by a source's own search (``DataSource/search(_:)``); empty when searching locally.
    public let users: [User]
    /// Whether this corpus holds what a source's own search found (not every post and comment).
    public let isRemote: Bool
    private let postIndex: FindIndex
    private let commentIndex: FindIndex

    /// Folds and indexes the records (work that grows with the data: call it off the main actor).
    public init(posts: [Post], comments: [Comment], users: [User] = [], remote: Bool = false) {
        self.posts = posts
        self.comments = comments
        self.users = users
        isRemote = remote
        postIndex = FindIndex(rowCount: posts.count, columnCount: 2) { row, column in
            column == 0 ? posts[row].title : posts[row].body
        }
        commentIndex = FindIndex(rowCount: comments.count, columnCount: 2) { row, column in
            column == 0 ? comments[row].name : comments[row].body
        }
    }

    /// Builds a corpus on the cooperative pool, never on the caller's actor.
    @concurrent
    static func build(posts: [Post], comments: [Comment]) async -> SearchCorpus {
        SearchCorpus(posts: posts, comments: comments)
    }

    /// The posts and comments containing `query` (folded, literal), on the cooperative pool.
    ///
    /// When `previous` answered a query whose folded text is contained in this one's, only its
    /// rows are tested again (a longer query can only match fewer records).
    /// - Returns: The results, or `nil` when the task was cancelled (a newer keystroke).
    @concurrent
    static func search(_ corpus: SearchCorpus, query: String, narrowing previous: SearchResults?) async -> SearchResults? {
        corpus.results(for: query, narrowing: previous, isCancelled: { Task.isCancelled })
    }

    /// The results for `query`, synchronously; `nil` when `isCancelled` answered `true`.
    public func results(
        for query: String, narrowing previous: SearchResults? = nil, isCancelled: () -> Bool = { false }
    ) -> SearchResults? {
        let needle = TextFolding.fold(query)
        guard !needle.isEmpty else { return SearchResults(query: query) }
        let narrow = previous.flatMap { old -> SearchResults? in
            let oldNeedle = TextFolding.fold(old.query)
            return !oldNeedle.isEmpty && needle.contains(oldNeedle) ? old : nil
        }
        guard let posts = postIndex.filter(query, within: narrow?.posts, isCancelled: isCancelled),
              let comments = commentIndex.filter(query, within: narrow?.comments, isCancelled: isCancelled)
        else { return nil }
        return SearchResults(query: query, posts: posts, comments: comments)
    }
}

/// The records matching one query: positions in ``SearchCorpus/posts`` and ``SearchCorpus/comments``, ascending.
public struct SearchResults: Sendable, Equatable {
    /// The query these results answer, as typed.
    public var query: String
    /// Matching posts (positions in the corpus).
    public var posts: [Int]
    /// Matching comments (positions in the corpus).
    public var comments: [Int]
    /// Matching users (positions in ``SearchCorpus/users``): only a source's own search finds users.
    public var users: [Int]

    /// Results for `query`; none by default.
    public init(query: String = "", posts: [Int] = [], comments: [Int] = [], users: [Int] = []) {
        self.query = query
        self.posts = posts
        self.comments = comments
        self.users = users
    }

    /// Users plus posts plus comments. Items are numbered in that order: users first.
    public var count: Int { users.count + posts.count + comments.count }
}
