import Foundation

/// Users, posts and comments from a json-server `db.json` file.
///
/// The file is one JSON object with `users`, `posts` and `comments` arrays in
/// JSONPlaceholder shapes, with its `albums`, `photos` and `todos` (decoded when first asked
/// for, see `FileDataSource+UserLists.swift`; other members are ignored; a missing array is
/// empty), or one of those arrays alone in a file named after it (`users….json`). On first use
/// and off the main thread the file is mapped and **indexed** in one pass (``FileIndex``: each
/// record's byte range, ids, `userId`/`postId`, names and titles; about 1 s for 611 MB); a
/// post's body, its comments and users' profiles are decoded from their byte ranges when asked
/// for. A failed read is tried again on the next call. The descriptor is `.file` with the path as given.
public struct FileDataSource: DataSource {
    // MARK: - Properties

    /// The path as given to ``init(path:log:)``; errors name this path.
    public let path: String

    /// Kind `.file`, location the path as given.
    public var descriptor: SourceDescriptor { SourceDescriptor(kind: .file, location: path) }

    /// The loaded index (or data set); a ``FileDataWriter`` replaces it after each save.
    let store: DataSetStore
    /// The file's version as last loaded or saved, for ``DataError/changedOnDisk(path:)``.
    let fileState: FileState
    /// How far the first load (or a reload) has got: bytes indexed of the file.
    public let loadProgress: LoadProgress?
    /// Where batches of posts go while a load runs (``postListing(partial:)``).
    private let feed: PostFeed

    // MARK: - Init

    /// Creates a source for the `db.json` at `path` (absolute, or relative to the current
    /// directory); nothing is read until the first request.
    /// Each read of the file (the first, and every reload) first removes the temporary files
    /// that saves killed midway left beside it (``AtomicFile/removeLeftovers(beside:)``: only
    /// those whose process is gone) and notes in `log` which it removed.
    /// - Parameter log: Where each read of the file (`READ path`, its duration), its failures
    ///   and the leftovers removed are recorded, for the Admin panel (default none).
    public init(path: String, log: RequestLog? = nil) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let progress = LoadProgress()
        loadProgress = progress
        let state = FileState()
        fileState = state
        let feed = PostFeed()
        self.feed = feed
        store = DataSetStore(location: path, currentVersion: { FileFingerprint.of(path: path) }) {
            () throws(DataError) -> any LoadedData in
            let read = { () throws(DataError) -> any LoadedData in
                let leftovers = AtomicFile.removeLeftovers(beside: path)
                if !leftovers.isEmpty { log?.record(note: AtomicFile.leftoverNote(leftovers, beside: AtomicFile.target(of: path))) }
                state.record(FileFingerprint.of(path: path))
                return try DataSetStore.indexDB(at: url, location: path, progress: progress, onPosts: feed.hasSubscribers ? feed.publish : nil)
            }
            guard let log else { return try read() }
            return try log.recordRead(of: path, read)
        }
    }

    // MARK: - API

    /// The whole data set, every record decoded (exports, saves).
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` when the file is missing or unreadable,
    ///   ``DataError/malformedJSON(path:location:reason:)`` naming the file and JSON path when it is not a db.json.
    public func dataSet() async throws(DataError) -> DataSet { try await store.dataSet() }

    /// All users, in the file's order (decoded on first use).
    /// - Throws: The load errors of ``dataSet()``.
    public func users() async throws(DataError) -> [User] { try await store.loaded().allUsers() }

    /// All users, with the user records that were skipped or had a field blanked.
    /// - Throws: The load errors of ``dataSet()``.
    public func userList() async throws(DataError) -> RecordList<User> {
        let loaded = try await store.loaded()
        let users = loaded.allUsers()
        return RecordList(records: users, issues: loaded.loadIssues.filter { $0.path.hasPrefix("users[") })
    }

    /// Every record or field left out of the file so far (comments that fail to decode when
    /// their post opens are added then); none when it cannot be read at all.
    public func recordIssues() async -> [RecordIssue] {
        (try? await store.loaded().loadIssues) ?? []
    }

    /// One user.
    /// - Throws: ``DataError/notFound(_:location:)`` (`user 42`), or the load errors of ``dataSet()``.
    public func user(id: RecordID) async throws(DataError) -> User {
        try await store.loaded().user(id: id, location: path)
    }

    /// The posts whose `userId` is `userID`, in order; empty when there are none.
    /// - Throws: The load errors of ``dataSet()``.
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await store.loaded().posts(userID: userID)
    }

    /// One post, its body decoded from the file now.
    /// - Throws: ``DataError/notFound(_:location:)`` (`post 42`), ``DataError/malformedJSON(path:location:reason:)``
    ///   naming the post when its bytes do not decode, or the load errors of ``dataSet()``.
    public func post(id: RecordID) async throws(DataError) -> Post {
        try await store.loaded().post(id: id, location: path)
    }

    /// The comments whose `postId` is `postID`, in order, decoded now; empty when there are none.
    /// A comment that does not decode (a lone surrogate escape) is left out and listed in
    /// ``recordIssues()``, so the post still opens.
    /// - Throws: The load errors of ``dataSet()``.
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try await store.loaded().comments(postID: postID)
    }

    /// Every post, in the file's order (no requests per user); every body decoded.
    /// - Throws: The load errors of ``dataSet()``.
    public func allPosts() async throws(DataError) -> [Post] { try await store.loaded().allPosts() }

    /// Every post, with the post records that were skipped.
    /// - Throws: The load errors of ``dataSet()``.
    public func postList() async throws(DataError) -> RecordList<Post> {
        let loaded = try await store.loaded()
        return RecordList(records: loaded.allPosts(), issues: loaded.loadIssues.filter { $0.path.hasPrefix("posts[") })
    }

    /// Every post without its body, from the index, and the authors' names. While the first load
    /// runs, `partial` gets each batch of posts as it is indexed (on the loading thread).
    /// - Throws: The load errors of ``dataSet()``; ``DataError/cancelled`` when the task is cancelled.
    public func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        let loaded = try await feed.subscribed(partial) { () async throws(DataError) in try await store.loaded() }
        return PostListing(
            posts: loaded.postSummaries(), authors: loaded.userNames(),
            issues: loaded.loadIssues.filter { $0.path.hasPrefix("posts[") })
    }

    /// Every comment, in the file's order.
    /// - Throws: The load errors of ``dataSet()``.
    public func allComments() async throws(DataError) -> [Comment] { try await store.loaded().allComments() }

    /// The posts and comments as they read now, searchable on the file's bytes (``RecordTextSearch``);
    /// `nil` when the file was decoded whole instead of indexed (no AVX2, a shape the index leaves).
    /// - Throws: The load errors of ``dataSet()``.
    public func textSearch() async throws(DataError) -> RecordTextSearch? {
        RecordTextSearch(try await store.loaded())
    }

    /// Counts of users, posts and comments.
    /// - Throws: The load errors of ``dataSet()``.
    public func statistics() async throws(DataError) -> DataStatistics {
        try await store.loaded().statistics
    }
}
