import Foundation

/// Users, posts and comments from a json-server `db.json` file.
///
/// The file is one JSON object with `users`, `posts` and `comments` arrays in
/// JSONPlaceholder shapes (other members such as `albums` are ignored; a missing array is
/// empty). It is read once, on first use and off the main thread, and served from memory
/// after that; a failed read is tried again on the next call. The descriptor is `.file`
/// with the path as given.
public struct FileDataSource: DataSource {
    // MARK: - Properties

    /// The path as given to ``init(path:)``; errors name this path.
    public let path: String

    /// Kind `.file`, location the path as given.
    public var descriptor: SourceDescriptor { SourceDescriptor(kind: .file, location: path) }

    /// The cached data set; a ``FileDataWriter`` replaces it after each save.
    let store: DataSetStore
    /// The file's version as last loaded or saved, for ``DataError/changedOnDisk(path:)``.
    let fileState: FileState
    /// How far the first read (or a reload) has got: bytes read, then decoding.
    public let loadProgress: LoadProgress?

    // MARK: - Init

    /// Creates a source for the `db.json` at `path` (absolute, or relative to the current
    /// directory); nothing is read until the first request.
    /// - Parameter log: Where each read of the file (`READ path`, its duration) and its
    ///   failures are recorded, for the Admin panel (default none).
    public init(path: String, log: RequestLog? = nil) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let progress = LoadProgress()
        loadProgress = progress
        let state = FileState()
        fileState = state
        store = DataSetStore(location: path, version: { FileFingerprint.of(path: path) }) { () throws(DataError) -> DataSet in
            let read = { () throws(DataError) -> DataSet in
                state.record(FileFingerprint.of(path: path))
                return try DataSetStore.readDB(at: url, location: path, progress: progress)
            }
            guard let log else { return try read() }
            return try log.recordRead(of: path, read)
        }
    }

    // MARK: - API

    /// The whole data set, read from the file on first use.
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` when the file is missing or unreadable,
    ///   ``DataError/malformedJSON(path:location:reason:)`` naming the file and JSON path when it is not a db.json.
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
        try await store.dataSet().user(id: id, location: path)
    }

    /// The posts whose `userId` is `userID`, in order; empty when there are none.
    /// - Throws: The load errors of ``dataSet()``.
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await store.dataSet().posts(userID: userID)
    }

    /// One post.
    /// - Throws: ``DataError/notFound(_:location:)`` (`post 42`), or the load errors of ``dataSet()``.
    public func post(id: RecordID) async throws(DataError) -> Post {
        try await store.dataSet().post(id: id, location: path)
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
