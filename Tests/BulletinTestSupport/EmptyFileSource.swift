import BulletinData

/// Default reads for a test source that stands for a large file (`big.json`) and serves only
/// what its test is about (a Posts listing, a slow load): no users, posts or comments, a record
/// asked for by id is not found. A conforming type implements the reads its test needs; the
/// others come from here.
public protocol EmptyFileSource: DataSource {}

extension EmptyFileSource {
    public func users() async throws(DataError) -> [User] { [] }
    public func user(id: RecordID) async throws(DataError) -> User { throw .notFound("user", location: "big.json") }
    public func posts(userID: RecordID) async throws(DataError) -> [Post] { [] }
    public func post(id: RecordID) async throws(DataError) -> Post { throw .notFound("post", location: "big.json") }
    public func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { [] }
    public func statistics() async throws(DataError) -> DataStatistics { DataStatistics(users: 0, posts: 0, comments: 0) }
}
