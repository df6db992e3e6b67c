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
    /// What the source sent beyond these fields (DummyJSON's likes and full name);
    /// ``CommentDetails/plain`` for JSONPlaceholder. Not part of the JSON Bulletin writes.
    public var details: CommentDetails = .plain

    /// Creates a value from its fields, as in the JSON.
    public init(
        postId: RecordID, id: RecordID, name: String, email: String, body: String, details: CommentDetails = .plain
    ) {
        self.postId = postId
        self.id = id
        self.name = name
        self.email = email
        self.body = body
        self.details = details
    }

    private enum CodingKeys: String, CodingKey {
        case postId, id, name, email, body
    }
}
