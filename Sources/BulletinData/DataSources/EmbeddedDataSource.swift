import Foundation

/// The data set shipped inside Bulletin: 10 users, 100 posts and 500 comments, with 50 albums
/// (300 photos) and 100 todos.
///
/// Reads the SwiftPM resource `embedded.json` (a json-server `db.json` object made by
/// `Tools/generate_embedded.py`; JSONPlaceholder shapes, some non-ASCII names) once, on
/// first use and off the main thread, then answers from memory. Its descriptor is
/// `.embedded`, location `embedded.json`.
public struct EmbeddedDataSource: DataSource {
    // MARK: - Properties

    /// The name of the bundled resource.
    public static let resourceName = "embedded.json"

    /// Kind `.embedded`, location `embedded.json`.
    public var descriptor: SourceDescriptor { SourceDescriptor(kind: .embedded, location: Self.resourceName) }

    /// The cached data set; an ``EmbeddedDataWriter`` replaces it after each save.
    let store: DataSetStore

    // MARK: - Init

    /// Creates the source; nothing is read until the first request.
    /// - Parameter log: Where each read of the resource (`READ embedded.json`) is recorded (default none).
    public init(log: RequestLog? = nil) {
        store = DataSetStore(location: Self.resourceName, loadDataSet: { () throws(DataError) -> DataSet in
            let read = { () throws(DataError) -> DataSet in
                guard let url = Bundle.module.url(forResource: "embedded", withExtension: "json") else {
                    throw .unreadableFile(path: Self.resourceName, reason: "resource missing from the bundle")
                }
                return try DataSetStore.readDB(at: url, location: Self.resourceName)
            }
            guard let log else { return try read() }
            return try log.recordRead(of: Self.resourceName, read)
        })
    }

    // MARK: - API

    /// The whole data set, for callers that want every record at once.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` only if the bundle is damaged.
    public func dataSet() async throws(DataError) -> DataSet { try await store.dataSet() }

    /// All users, in the file's order.
    /// - Throws: The load errors of ``dataSet()``.
    public func users() async throws(DataError) -> [User] { try await store.dataSet().users }

    /// All users, with the user records that were skipped or had a field blanked.
    /// - Throws: The load errors of ``dataSet()``.
    public func userList() async throws(DataError) -> RecordList<User> {
        let set = try await store.dataSet()
        return RecordList(records: set.users, issues: set.issues.filter { $0.path.hasPrefix("users[") })
    }

    /// Every record or field left out of the file; none when it cannot be read at all.
    public func recordIssues() async -> [RecordIssue] {
        (try? await store.dataSet().issues) ?? []
    }

    /// One user.
    /// - Throws: ``DataError/notFound(_:location:)`` (`user 42`), or the load errors of ``dataSet()``.
    public func user(id: RecordID) async throws(DataError) -> User {
        try await store.dataSet().user(id: id, location: store.location)
    }

    /// The posts whose `userId` is `userID`, in order; empty when there are none.
    /// - Throws: The load errors of ``dataSet()``.
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await store.dataSet().posts(userID: userID)
    }

    /// One post.
    /// - Throws: ``DataError/notFound(_:location:)`` (`post 42`), or the load errors of ``dataSet()``.
    public func post(id: RecordID) async throws(DataError) -> Post {
        try await store.dataSet().post(id: id, location: store.location)
    }

    /// The comments whose `postId` is `postID`, in order; empty when there are none.
    /// - Throws: The load errors of ``dataSet()``.
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try await store.dataSet().comments(postID: postID)
    }

    /// Every post, in the file's order (no requests per user).
    /// - Throws: The load errors of ``dataSet()``.
    public func allPosts() async throws(DataError) -> [Post] { try await store.dataSet().posts }

    /// Every post, with the post records that were skipped.
    /// - Throws: The load errors of ``dataSet()``.
    public func postList() async throws(DataError) -> RecordList<Post> {
        let set = try await store.dataSet()
        return RecordList(records: set.posts, issues: set.issues.filter { $0.path.hasPrefix("posts[") })
    }

    /// Every comment, in the file's order.
    /// - Throws: The load errors of ``dataSet()``.
    public func allComments() async throws(DataError) -> [Comment] { try await store.dataSet().comments }

    /// Counts of users, posts and comments.
    /// - Throws: The load errors of ``dataSet()``.
    public func statistics() async throws(DataError) -> DataStatistics {
        try await store.dataSet().statistics
    }
}
