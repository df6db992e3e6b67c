/// Users, posts and comments held in memory, with lookups by id and by owner.
///
/// Decodes from a json-server `db.json` object, `{"users": [...], "posts": [...],
/// "comments": [...]}`, with JSONPlaceholder's `albums`, `photos` and `todos` arrays kept
/// beside them (``userLists``); other members are ignored and a missing array counts as empty. Records keep the file's order. Lookups by id use
/// ``RecordID`` equality, so `"userId": "3"` finds user `3`. When an id appears twice, the
/// first record wins, as in json-server.
///
/// Backs ``EmbeddedDataSource`` and ``FileDataSource``.
public struct DataSet: Sendable, Equatable, Decodable {
    // MARK: - Properties

    /// All users, in the source's order.
    public private(set) var users: [User]
    /// All posts, in the source's order.
    public private(set) var posts: [Post]
    /// All comments, in the source's order.
    public private(set) var comments: [Comment]
    /// The records skipped and fields blanked while decoding, in document order (empty when all were read).
    public let issues: [RecordIssue]
    /// The albums, photos and todos (empty when the data has none).
    public internal(set) var userLists: UserListRecords

    private var userIndex: [RecordID: Int]
    private var postIndex: [RecordID: Int]
    private var postsByUser: [RecordID: [Int]]
    private var commentsByPost: [RecordID: [Int]]

    // MARK: - Init

    /// Creates a data set and indexes it by id, `userId` and `postId`.
    /// - Parameter issues: The records or fields that could not be read.
    /// - Parameter userLists: The albums, photos and todos (default none).
    public init(
        users: [User], posts: [Post], comments: [Comment], issues: [RecordIssue] = [],
        userLists: UserListRecords = UserListRecords()
    ) {
        self.users = users
        self.posts = posts
        self.comments = comments
        self.issues = issues
        self.userLists = userLists
        userIndex = Self.firstIndex(of: users.map(\.id))
        postIndex = Self.firstIndex(of: posts.map(\.id))
        postsByUser = Dictionary(grouping: posts.indices, by: { posts[$0].userId })
        commentsByPost = Dictionary(grouping: comments.indices, by: { comments[$0].postId })
    }

    /// A set whose indexes are given (``replacing(_:at:)``, ``appending(_:)``) instead of built.
    private init(
        users: [User], posts: [Post], comments: [Comment], issues: [RecordIssue], userIndex: [RecordID: Int],
        postIndex: [RecordID: Int], postsByUser: [RecordID: [Int]], commentsByPost: [RecordID: [Int]],
        userLists: UserListRecords
    ) {
        self.users = users
        self.posts = posts
        self.comments = comments
        self.issues = issues
        self.userLists = userLists
        self.userIndex = userIndex
        self.postIndex = postIndex
        self.postsByUser = postsByUser
        self.commentsByPost = commentsByPost
    }

    /// The same set with the record at `index` of its kind's array replaced by `record` (after a
    /// save), without rebuilding the indexes when the record keeps its id and its author or
    /// post; otherwise as ``init(users:posts:comments:issues:)`` builds them.
    func replacing(_ record: Record, at index: Int) -> DataSet {
        var (users, posts, comments) = (users, posts, comments)
        let keysKept: Bool
        switch record {
        case let .user(user): keysKept = users[index].id == user.id; users[index] = user
        case let .post(post): keysKept = posts[index].id == post.id && posts[index].userId == post.userId; posts[index] = post
        case let .comment(comment):
            keysKept = comments[index].id == comment.id && comments[index].postId == comment.postId
            comments[index] = comment
        }
        guard keysKept else {
            return DataSet(users: users, posts: posts, comments: comments, issues: issues, userLists: userLists)
        }
        return DataSet(users: users, posts: posts, comments: comments, issues: issues, userIndex: userIndex,
                       postIndex: postIndex, postsByUser: postsByUser, commentsByPost: commentsByPost, userLists: userLists)
    }

    /// The same set with `record` appended to its kind's array (after a create), the indexes
    /// extended rather than rebuilt.
    func appending(_ record: Record) -> DataSet {
        var copy = self
        switch record {
        case let .user(user):
            if copy.userIndex[user.id] == nil { copy.userIndex[user.id] = users.count }
            copy.users.append(user)
        case let .post(post):
            if copy.postIndex[post.id] == nil { copy.postIndex[post.id] = posts.count }
            copy.postsByUser[post.userId, default: []].append(posts.count)
            copy.posts.append(post)
        case let .comment(comment):
            copy.commentsByPost[comment.postId, default: []].append(comments.count)
            copy.comments.append(comment)
        }
        return copy
    }

    private enum CodingKeys: String, CodingKey { case users, posts, comments, albums, photos, todos }

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
        let albums = try container.decodeIfPresent(LenientArray<Album>.self, forKey: .albums)
        let photos = try container.decodeIfPresent(LenientArray<Photo>.self, forKey: .photos)
        let todos = try container.decodeIfPresent(LenientArray<Todo>.self, forKey: .todos)
        self.init(
            users: users?.elements ?? [], posts: posts?.elements ?? [], comments: comments?.elements ?? [],
            issues: IssueCollector.from(decoder)?.issues ?? [],
            userLists: UserListRecords(albums: albums?.elements ?? [], photos: photos?.elements ?? [], todos: todos?.elements ?? [])
        )
    }

    /// Two data sets are equal when they hold the same records in the same order.
    public static func == (lhs: DataSet, rhs: DataSet) -> Bool {
        lhs.users == rhs.users && lhs.posts == rhs.posts && lhs.comments == rhs.comments
    }

    // MARK: - API

    /// Counts of users, posts and comments, and of albums, photos and todos (`nil` for none).
    public var statistics: DataStatistics {
        DataStatistics(users: users.count, posts: posts.count, comments: comments.count).adding(userLists)
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
