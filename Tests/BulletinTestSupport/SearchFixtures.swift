import BulletinData
import Foundation

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

    /// A db.json in a fresh temporary directory with one user and `count` posts titled
    /// `entry N` with body `plain` (no comments): for Search's scan in stages. Remove the
    /// directory when done.
    public static func entriesFile(count: Int) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-entries-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("db.json")
        var text = #"{"users": [{"id": 1, "name": "Ann", "username": "ann", "email": "ann@example.org"}], "posts": ["#
        for id in 1...count {
            text += (id == 1 ? "" : ",") + #"{"userId": 1, "id": \#(id), "title": "entry \#(id)", "body": "plain"}"#
        }
        text += #"], "comments": []}"#
        try Data(text.utf8).write(to: file)
        return file
    }
}
