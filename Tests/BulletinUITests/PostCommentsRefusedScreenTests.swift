import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// A post whose comments the role may not read, drawn: the reason stands under the Comments
/// heading, whole, where the status line would cut it.
@MainActor
@Suite("A post whose comments cannot be read, on screen")
struct PostCommentsRefusedScreenTests {
    @Test("Comments (not read), and under it the reason in full")
    func reasonUnderTheHeading() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase("""
            CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text);
            CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text, body text);
            CREATE TABLE comments (id serial PRIMARY KEY, post_id integer REFERENCES posts(id), name text, email text, body text);
            INSERT INTO users (name, username) VALUES ('Ann', 'a');
            INSERT INTO posts (user_id, title, body) VALUES (1, 'first', 'a');
            """)
        let role = "screen_\(database)"
        try server.psql("CREATE ROLE \(role) LOGIN; GRANT SELECT ON users, posts TO \(role)", database: database)
        let url = server.url(database: database, user: role)
        let model = PostDetailViewModel(postID: 1, source: PostgresDataSource(conninfo: url))
        await model.load()
        let screen = try #require(ScreenHost.screen(for: model) as? PostDetailScreen)
        let lines = screen.paragraphs.map(\.text)
        let heading = try #require(lines.firstIndex(of: "Comments (not read)"), "\(lines)")
        #expect(lines[heading + 2] == "Cannot read \(url): permission denied for table comments", "\(lines)")
        #expect(screen.paragraphs[heading + 2].style == .error)
    }
}
