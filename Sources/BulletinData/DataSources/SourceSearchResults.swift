/// What a source's own search API found for one query (``DataSource/search(_:)``): users and
/// posts (on GitHub: accounts and repositories), each list in the API's order of relevance,
/// with how many the API says match in all.
public struct SourceSearchResults: Sendable, Equatable {
    /// The query these results answer, as typed.
    public var query: String
    /// The users found (the first page of them).
    public var users: [User]
    /// The posts found (the first page of them).
    public var posts: [Post]
    /// How many users match in all (`total_count`), which may exceed ``users``' count.
    public var totalUsers: Int
    /// How many posts match in all (`total_count`).
    public var totalPosts: Int
    /// Whether the API said it gave up before searching everything (`incomplete_results`).
    public var isIncomplete: Bool

    /// Creates results; the totals default to the counts given.
    public init(
        query: String, users: [User] = [], posts: [Post] = [], totalUsers: Int? = nil, totalPosts: Int? = nil,
        isIncomplete: Bool = false
    ) {
        self.query = query
        self.users = users
        self.posts = posts
        self.totalUsers = totalUsers ?? users.count
        self.totalPosts = totalPosts ?? posts.count
        self.isIncomplete = isIncomplete
    }
}

extension DataSource {
    /// ``posts(userID:)`` with no issues.
    /// - Throws: As ``posts(userID:)``.
    public func postList(userID: RecordID) async throws(DataError) -> RecordList<Post> {
        RecordList(records: try await posts(userID: userID))
    }

    /// ``comments(postID:)`` with no issues.
    /// - Throws: As ``comments(postID:)``.
    public func commentList(postID: RecordID) async throws(DataError) -> RecordList<Comment> {
        RecordList(records: try await comments(postID: postID))
    }

    /// `nil`: the source has no search API; Search looks through every post and comment.
    public func search(_ query: String) async throws(DataError) -> SourceSearchResults? { nil }
}
