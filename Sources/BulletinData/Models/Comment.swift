/// A comment on a post, in JSONPlaceholder's `/comments` shape:
/// `{"postId": 1, "id": 1, "name": "…", "email": "…", "body": "…"}`.
///
/// `postId` links to `Post.id`; `name` is the comment's subject line, `email` its author.
public struct Comment: Hashable, Sendable, Codable, Identifiable {
    public var postId: RecordID
    public var id: RecordID
    public var name: String
    public var email: String
    public var body: String

    /// Creates a value from its fields, as in the JSON.
    public init(postId: RecordID, id: RecordID, name: String, email: String, body: String) {
        self.postId = postId
        self.id = id
        self.name = name
        self.email = email
        self.body = body
    }
}
