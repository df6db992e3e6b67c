import BulletinData

/// What the Search screen looks through, one way or another: every post and comment in memory
/// (``MemorySearchCorpus``), a file source's records on its bytes (``FileSearchCorpus``), or
/// what a source's own search found (``isRemote``).
///
/// Results are positions in the source's order (``SearchResults``); ``post(at:)`` and the rest
/// give the record at a position, for the rows shown and the one opened.
public protocol SearchCorpus: Sendable {
    /// Whether this holds what a source's own search found (not every post and comment).
    var isRemote: Bool { get }
    /// The user at `position` of ``SearchResults/users`` (a source's own search only), or `nil`.
    func user(at position: Int) -> User?
    /// The post at `position`, or `nil` (out of range, or its bytes no longer decode).
    func post(at position: Int) -> Post?
    /// The comment at `position`, or `nil`.
    func comment(at position: Int) -> Comment?
    /// The post at `position` of `results` (a corpus whose records come with each query's
    /// results, ``FullTextSearchCorpus``); has a default: ``post(at:)``.
    func post(at position: Int, in results: SearchResults) -> Post?
    /// The comment at `position` of `results`; has a default: ``comment(at:)``.
    func comment(at position: Int, in results: SearchResults) -> Comment?
    /// The posts and comments containing `query` (``TextFolding``, literal), off the caller's
    /// actor. When `previous` answered a query whose folded text the new one's contains, only
    /// its records are tested again. A corpus that finds results while it scans hands them to
    /// `partial` as it goes (a growing prefix of the final results, ``SearchResults/isComplete``
    /// `false`; a database's index may hand on other rows first: ``FullTextSearchCorpus``), the
    /// first as soon as there are any.
    /// - Returns: The results, or `nil` when the task was cancelled (a newer keystroke).
    func search(
        _ query: String, narrowing previous: SearchResults?, partial: @escaping @Sendable (SearchResults) async -> Void
    ) async -> SearchResults?
}

extension SearchCorpus {
    /// The post at `position` in the corpus: its positions do not depend on the results.
    public func post(at position: Int, in results: SearchResults) -> Post? { post(at: position) }
    /// The comment at `position` in the corpus.
    public func comment(at position: Int, in results: SearchResults) -> Comment? { comment(at: position) }
}

/// Every post and comment of a source with their folded text, built once per load (off the
/// main thread) so that each keystroke only scans: the corpus of sources that are not
/// file-indexed (embedded, REST, a file decoded whole), and of a source's own search.
///
/// Posts are indexed by title and body, comments by name and body, through ``FindIndex``;
/// rows are positions in ``posts`` and ``comments``, in the source's order.
public struct MemorySearchCorpus: SearchCorpus {
    /// Every post, in the source's order.
    public let posts: [Post]
    /// Every comment, in the source's order.
    public let comments: [Comment]
    /// Users found by a source's own search (``DataSource/search(_:)``); empty when searching locally.
    public let users: [User]
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
    static func build(posts: [Post], comments: [Comment]) async -> MemorySearchCorpus {
        MemorySearchCorpus(posts: posts, comments: comments)
    }

    public func user(at position: Int) -> User? { users.indices.contains(position) ? users[position] : nil }
    public func post(at position: Int) -> Post? { posts.indices.contains(position) ? posts[position] : nil }
    public func comment(at position: Int) -> Comment? { comments.indices.contains(position) ? comments[position] : nil }

    /// ``results(for:narrowing:isCancelled:)`` on the cooperative pool; no partial results.
    @concurrent
    public func search(
        _ query: String, narrowing previous: SearchResults?, partial: @escaping @Sendable (SearchResults) async -> Void
    ) async -> SearchResults? {
        results(for: query, narrowing: previous, isCancelled: { Task.isCancelled })
    }

    /// The results for `query`, synchronously; `nil` when `isCancelled` answered `true`.
    public func results(
        for query: String, narrowing previous: SearchResults? = nil, isCancelled: () -> Bool = { false }
    ) -> SearchResults? {
        let needle = TextFolding.foldedUTF8(query)
        guard !needle.isEmpty else { return SearchResults(query: query) }
        let narrow = previous?.narrowable(to: needle)
        guard let posts = postIndex.filter(needle: needle, within: narrow?.posts, isCancelled: isCancelled),
              let comments = commentIndex.filter(needle: needle, within: narrow?.comments, isCancelled: isCancelled)
        else { return nil }
        return SearchResults(query: query, posts: posts, comments: comments)
    }
}

/// The records matching one query: positions in the corpus's posts and comments, ascending.
public struct SearchResults: Sendable, Equatable {
    /// The query these results answer, as typed.
    public var query: String
    /// Matching posts (positions in the corpus).
    public var posts: [Int]
    /// Matching comments (positions in the corpus).
    public var comments: [Int]
    /// Matching users (positions in the corpus's users): only a source's own search finds users.
    public var users: [Int]
    /// `false` while a search is still finding more (these are the first it found, in order).
    public var isComplete: Bool
    /// The records a source's index found for these results (``FullTextSearchCorpus``), which
    /// ``posts`` and ``comments`` are positions in; `nil` for a corpus that holds its records.
    public var found: FoundRecords?

    /// What a source's index found for one query: at most a few hundred rows of each kind, the
    /// counts of all that match once they are known, and the failure, if the search failed.
    public struct FoundRecords: Sendable, Equatable {
        /// The first posts matching, in id order.
        public var posts: [Post] = []
        /// The first comments matching, in id order.
        public var comments: [Comment] = []
        /// How many posts match in all, when more than ``posts`` and counted; else `nil`.
        public var postTotal: Int?
        /// How many comments match in all, when more than ``comments`` and counted; else `nil`.
        public var commentTotal: Int?
        /// Why the search failed (the database's error), or `nil`.
        public var failure: DataError?
        /// The kinds that could not be searched on their own (a table the role may not read),
        /// and why: the other kind's results stand.
        public var notSearched: [TextSearchKind: DataError] = [:]

        /// Nothing found yet.
        public init() {}
    }

    /// Results for `query`; none by default.
    public init(query: String = "", posts: [Int] = [], comments: [Int] = [], users: [Int] = [], isComplete: Bool = true) {
        self.query = query
        self.posts = posts
        self.comments = comments
        self.users = users
        self.isComplete = isComplete
    }

    /// Users plus posts plus comments. Items are numbered in that order: users first.
    public var count: Int { users.count + posts.count + comments.count }

    /// These results, when a search for the folded `needle` may test only their records: they
    /// are complete and their own folded query is a part of `needle` (bytes, as matching is).
    func narrowable(to needle: [UInt8]) -> SearchResults? {
        let old = TextFolding.foldedUTF8(query)
        return isComplete && !old.isEmpty && needle.firstRange(of: old) != nil ? self : nil
    }
}
