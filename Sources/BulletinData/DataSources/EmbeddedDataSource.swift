import Foundation

/// The data set shipped inside Bulletin: 10 users, 100 posts and 500 comments, with 50 albums
/// (300 photos) and 100 todos.
///
/// Reads the SwiftPM resource `embedded.json` (a json-server `db.json` object made by
/// `Tools/generate_embedded.py`; JSONPlaceholder shapes, some non-ASCII names) once, on
/// first use and off the main thread, then answers from memory. Its descriptor is
/// `.embedded`, location `embedded.json`. Given the path of the copy edits go to
/// (``EmbeddedDataWriter``), it reads that copy instead when an earlier run made one, so edits
/// last from one run to the next.
public struct EmbeddedDataSource: DataSource {
    // MARK: - Properties

    /// The name of the bundled resource.
    public static let resourceName = "embedded.json"

    /// Kind `.embedded`, location `embedded.json`; reading the copy with the edits of earlier runs,
    /// location that copy's path and the detail `with your edits` (Home: "Embedded data set, with your edits").
    public var descriptor: SourceDescriptor {
        guard let editedCopyPath else { return SourceDescriptor(kind: .embedded, location: Self.resourceName) }
        return SourceDescriptor(kind: .embedded, location: editedCopyPath, detail: Self.editedDetail)
    }

    /// What the descriptor adds when the source reads the copy with earlier runs' edits.
    public static let editedDetail = "with your edits"

    /// The copy with earlier runs' edits this source reads instead of the bundled set (it was
    /// there when the source was made); `nil` when it reads the bundled set.
    public let editedCopyPath: String?

    /// The cached data set; an ``EmbeddedDataWriter`` replaces it after each save.
    let store: DataSetStore
    /// The copy's version as last read or saved (``FileDataWriter``'s check that nobody else
    /// changed it), when the source reads a copy.
    let copyState: FileState?

    // MARK: - Init

    /// Creates the source; nothing is read until the first request.
    /// - Parameters:
    ///   - log: Where each read of the resource (`READ embedded.json`) or the copy is recorded (default none).
    ///   - copyPath: Where edits of the embedded set are kept (``EmbeddedDataWriter/defaultCopyPath(environment:)``):
    ///     when a copy is there, made by an earlier run, the source reads it, with its edits, instead
    ///     of the bundled set. `nil` (the default) always reads the bundled set.
    public init(log: RequestLog? = nil, copyPath: String? = nil) {
        if let copyPath, FileManager.default.fileExists(atPath: copyPath) {
            editedCopyPath = copyPath
            let state = FileState()
            copyState = state
            let url = URL(fileURLWithPath: copyPath)
            store = DataSetStore(location: copyPath, currentVersion: { FileFingerprint.of(path: copyPath) }) {
                () throws(DataError) -> any LoadedData in
                let read = { () throws(DataError) -> DataSet in
                    state.record(FileFingerprint.of(path: copyPath))
                    return try DataSetStore.readDB(at: url, location: copyPath)
                }
                guard let log else { return try read() }
                return try log.recordRead(of: copyPath, read)
            }
            return
        }
        editedCopyPath = nil
        copyState = nil
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
