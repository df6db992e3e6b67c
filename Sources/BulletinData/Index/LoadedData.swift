/// What a file or embedded source holds once loaded: a ``DataSet`` decoded whole (the embedded
/// set, a file saved by Bulletin itself, a file the index pass left to the full decoder) or a
/// ``FileIndex`` (a file indexed, its records decoded when asked for).
///
/// Reads answer as ``DataSet`` always has: file order, the first record wins when an id is
/// given twice, ``RecordID`` equality (`"3"` finds `3`). A ``FileIndex`` decodes records on
/// these calls, so they cost work in proportion to what they return.
protocol LoadedData: Sendable {
    /// Every user, in file order.
    func allUsers() -> [User]
    /// The records skipped and fields blanked so far, in document order.
    var loadIssues: [RecordIssue] { get }
    /// The user with `id`. - Throws: ``DataError/notFound(_:location:)`` (`user 42`).
    func user(id: RecordID, location: String) throws(DataError) -> User
    /// The post with `id`. - Throws: ``DataError/notFound(_:location:)`` (`post 42`).
    func post(id: RecordID, location: String) throws(DataError) -> Post
    /// The posts whose `userId` is `userID`, in order.
    func posts(userID: RecordID) -> [Post]
    /// The comments whose `postId` is `postID`, in order.
    func comments(postID: RecordID) -> [Comment]
    /// Every post's list members, in file order.
    func postSummaries() -> [PostSummary]
    /// Each user's name by id (the first user with an id wins).
    func userNames() -> [RecordID: String]
    /// Every post and every comment, decoded.
    func allPosts() -> [Post]
    func allComments() -> [Comment]
    /// Counts of users, posts and comments.
    var statistics: DataStatistics { get }
    /// Everything decoded, as one ``DataSet`` (saves and exports).
    func wholeDataSet() -> DataSet
    /// The albums, photos and todos (decoded on first use by a ``FileIndex``).
    var userLists: UserListRecords { get }
}

extension DataSet: LoadedData {
    func allUsers() -> [User] { users }
    var loadIssues: [RecordIssue] { issues }
    func postSummaries() -> [PostSummary] { posts.map(PostSummary.init) }
    func userNames() -> [RecordID: String] {
        var names: [RecordID: String] = [:]
        for user in users where names[user.id] == nil { names[user.id] = user.name }
        return names
    }
    func allPosts() -> [Post] { posts }
    func allComments() -> [Comment] { comments }
    func wholeDataSet() -> DataSet { self }
}
