import BulletinData

/// A source that forwards the per-record calls to `base` and keeps the protocol's defaults for
/// `allPosts()`, `postList()` and `allComments()` (gathering one request per user or post), so
/// tests can exercise those defaults against a loopback server.
public struct GatheringDataSource: DataSource {
    private let base: any DataSource

    /// Forwards to `base`.
    public init(_ base: any DataSource) { self.base = base }

    public var descriptor: SourceDescriptor { base.descriptor }
    public func users() async throws(DataError) -> [User] { try await base.users() }
    public func user(id: RecordID) async throws(DataError) -> User { try await base.user(id: id) }
    public func posts(userID: RecordID) async throws(DataError) -> [Post] { try await base.posts(userID: userID) }
    public func post(id: RecordID) async throws(DataError) -> Post { try await base.post(id: id) }
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] { try await base.comments(postID: postID) }
    public func statistics() async throws(DataError) -> DataStatistics { try await base.statistics() }
}
