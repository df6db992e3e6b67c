/// Users, posts and comments held in memory, with lookups by id and by owner.
///
/// Decodes from a json-server `db.json` object, `{"users": [...], "posts": [...],
/// "comments": [...]}`; other members (`albums`, `photos`, `todos`, …) are ignored and a
/// missing array counts as empty. Records keep the file's order. Lookups by id use
/// ``RecordID`` equality, so `"userId": "3"` finds user `3`. When an id appears twice, the
/// first record wins, as in json-server.
///
/// Backs ``EmbeddedDataSource`` and ``FileDataSource``.
public struct DataSet: Sendable, Equatable, Decodable {
    // MARK: - Properties

    /// All users, in the source's order.
    public let users: [User]
    /// All posts, in the source's order.
    public let posts: [Post]
    /// All comments, in the source's order.
    public let comments: [Comment]
    /// The records skipped and fields blanked while decoding, in document order (empty when all were read).
    public let issues: [RecordIssue]

    private let userIndex: [RecordID: Int]
    private let postIndex: [RecordID: Int]
    private let postsByUser: [RecordID: [Int]]
    private let commentsByPost: [RecordID: [Int]]

    // MARK: - Init

    /// Creates a data set and indexes it by id, `userId` and `postId`.
    /// - Parameter issues: The records or fields that could not be read.
    public init(users: [User], posts: [Post], comments: [Comment], issues: [RecordIssue] = []) {
        self.users = users
        self.posts = posts
        self.comments = comments
        self.issues = issues
        userIndex = Self.firstIndex(of: users.map(\.id))
        postIndex = Self.firstIndex(of: posts.map(\.id))
        postsByUser = Dictionary(grouping: posts.indices, by: { posts[$0].userId })
        commentsByPost = Dictionary(grouping: comments.indices, by: { comments[$0].postId })
    }

    private enum CodingKeys: String, CodingKey { case users, posts, comments }

    /// Decodes a json-server `db.json` object; each of `users`, `posts`, `comments` may be missing.
    ///
    /// Through ``JSONDecoding/decodeReportingIssues(_:from:location:root:)`` a record that does
    /// not decode is skipped and listed in ``issues``; through plain decoding it fails the whole set.
    /// - Throws: `DecodingError` (turned into ``DataError`` by ``JSONDecoding``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let users = try container.decodeIfPresent(LenientArray<User>.self, forKey: .users)
        let posts = try container.decodeIfPresent(LenientArray<Post>.self, forKey: .posts)
        let comments = try container.decodeIfPresent(LenientArray<Comment>.self, forKey: .comments)
        self.init(
            users: users?.elements ?? [], posts: posts?.elements ?? [], comments: comments?.elements ?? [],
            issues: IssueCollector.from(decoder)?.issues ?? []
        )
    }

    /// Two data sets are equal when they hold the same records in the same order.
    public static func == (lhs: DataSet, rhs: DataSet) -> Bool {
        lhs.users == rhs.users && lhs.posts == rhs.posts && lhs.comments == rhs.comments
    }

    // MARK: - API

    /// Counts of users, posts and comments.
    public var statistics: DataStatistics {
        DataStatistics(users: users.count, posts: posts.count, comments: comments.count)
    }

    /// The user with `id`.
    /// - Parameter location: The file or resource name, for the error.
    /// - Throws: ``DataError/notFound(_:location:)`` as `user 42` when there is none.
    public func user(id: RecordID, location: String) throws(DataError) -> User {
        guard let index = userIndex[id] else { throw .notFound("user \(id)", location: location) }
        return users[index]
    }

    /// The post with `id`.
    /// - Parameter location: The file or resource name, for the error.
    /// - Throws: ``DataError/notFound(_:location:)`` as `post 42` when there is none.
    public func post(id: RecordID, location: String) throws(DataError) -> Post {
        guard let index = postIndex[id] else { throw .notFound("post \(id)", location: location) }
        return posts[index]
    }

    /// The posts whose `userId` is `userID`, in order; empty when there are none.
    public func posts(userID: RecordID) -> [Post] {
        (postsByUser[userID] ?? []).map { posts[$0] }
    }

    /// The comments whose `postId` is `postID`, in order; empty when there are none.
    public func comments(postID: RecordID) -> [Comment] {
        (commentsByPost[postID] ?? []).map { comments[$0] }
    }

    // MARK: - Private

    private static func firstIndex(of ids: [RecordID]) -> [RecordID: Int] {
        var index: [RecordID: Int] = [:]
        for (position, id) in ids.enumerated() where index[id] == nil {
            index[id] = position
        }
        return index
    }
}
