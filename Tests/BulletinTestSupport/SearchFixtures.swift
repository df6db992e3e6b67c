import BulletinData

/// Posts and comments for search tests: accents, and text with characters that mean
/// something in patterns (`.*`, `(`, `\`), which search takes literally.
public enum SearchFixtures {
    /// Three posts; post 1's title has an accent, posts 1 and 2 hold pattern characters.
    public static let posts: [Post] = [
        Post(userId: 1, id: 1, title: "Café society", body: "A regex like .* is plain text here."),
        Post(userId: 1, id: 2, title: "Second post", body: "Parens ( and a backslash \\ inside."),
        Post(userId: 2, id: 3, title: "Zoë writes", body: "Nothing special at all."),
    ]

    /// Four comments: one on post 1, three on post 3.
    public static let comments: [Comment] = [
        Comment(postId: 1, id: 1, name: "Nice cafe", email: "a@example.com", body: "Loved the CAFÉ."),
        Comment(postId: 3, id: 2, name: "Question", email: "b@example.com", body: "What does .* mean? (asked twice)"),
        Comment(postId: 3, id: 3, name: "Other", email: "c@example.com", body: "A long body where the word society comes late."),
        Comment(postId: 3, id: 4, name: "Last", email: "d@example.com", body: "Nothing to see."),
    ]

    /// A stub source holding the fixtures (and ``Fixtures/users``).
    public static func source(delay: Duration? = nil) -> StubDataSource {
        StubDataSource(posts: posts, comments: comments, delay: delay)
    }
}
