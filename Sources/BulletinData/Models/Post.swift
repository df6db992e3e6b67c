/// A post, in JSONPlaceholder's `/posts` shape: `{"userId": 1, "id": 1, "title": "…", "body": "…"}`.
///
/// `userId` links to `User.id`. The body may hold newlines.
public struct Post: Hashable, Sendable, Codable, Identifiable {
    public var userId: RecordID
    public var id: RecordID
    public var title: String
    public var body: String
    /// What the source sent beyond these fields (a GitHub repository, DummyJSON's tags and
    /// reactions, a TheMealDB meal); ``PostDetails/plain`` for JSONPlaceholder. Not part of
    /// the JSON Bulletin writes.
    public var details: PostDetails = .plain

    /// Creates a value from its fields, as in the JSON.
    public init(userId: RecordID, id: RecordID, title: String, body: String, details: PostDetails = .plain) {
        self.userId = userId
        self.id = id
        self.title = title
        self.body = body
        self.details = details
    }

    private enum CodingKeys: String, CodingKey {
        case userId, id, title, body
    }
}
