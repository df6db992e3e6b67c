/// The members of a post the Posts list shows: `{"userId": 1, "id": 1, "title": "…"}` without
/// the body, which a file source decodes only when the post is opened (``DataSource/post(id:)``).
public struct PostSummary: Hashable, Sendable, Identifiable {
    public var id: RecordID
    public var userId: RecordID
    public var title: String

    /// Creates a summary from its members, as in the JSON.
    public init(id: RecordID, userId: RecordID, title: String) {
        self.id = id
        self.userId = userId
        self.title = title
    }

    /// The summary of a whole post.
    public init(_ post: Post) {
        self.init(id: post.id, userId: post.userId, title: post.title)
    }
}
