import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Issue 26 through the real binary, against a server the test starts: `--db postgres://…`
/// (password in the URL, never on screen) browses a user, their posts and a post's comments;
/// an edit lands in the row (checked with psql); two Bulletin processes editing the same post
/// do not overwrite each other (the second is asked, and Reload merges); the Admin panel says what it is connected to.
@Suite("End to end: a PostgreSQL database", .serialized)
struct PostgresEndToEndTests {
    static let schema = """
        CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text, email text);
        CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id) ON DELETE CASCADE, title text, body text);
        CREATE TABLE comments (id serial PRIMARY KEY, post_id integer REFERENCES posts(id) ON DELETE CASCADE, name text, email text,
                               body text);
        INSERT INTO users (name, username, email) VALUES ('Leanne Graham', 'Bret', 'l@x.org'), ('Ervin Howell', 'Antonette', 'e@x.org');
        INSERT INTO posts (user_id, title, body) VALUES (1, 'sunt aut facere', 'quia et suscipit'), (1, 'qui est esse', 'est rerum'),
                                                        (2, 'ea molestias', 'et iusto');
        INSERT INTO comments (post_id, name, email, body) VALUES (1, 'id labore ex', 'Eliseo@x.org', 'laudantium');
        """

    @Test("--db postgres://USER:PASSWORD@…: Home names the URL without the password; a user, their posts, a comment; e saves the title into the row; the Admin panel")
    func browseAndEdit() async throws {
        let server = try PostgresTestServer.scram()
        let password = try #require(server.password)
        let database = try server.createDatabase(Self.schema)
        let session = try await TmuxSession.bulletin(["--db", server.url(database: database, password: password)], width: 110, height: 30,
                                                     showing: "PostgreSQL database", server.url(database: database))
        defer { session.close() }
        #expect(!session.capture().contains(password))
        try await session.press("Enter", until: "Leanne Graham", "Ervin Howell")
        try await session.press("Enter", until: "Posts (2)", "sunt aut facere", "qui est esse")
        try await session.press("Enter", until: "Comments (1)", "id labore ex")
        try await session.press("e", until: "Edit post 1")
        session.send("C-u")   // the form opens on the title
        session.type("edited in postgres")
        try await session.press("C-s", until: "Saved post 1 “edited in postgres”")
        #expect(try server.psql("SELECT user_id, title, body FROM posts WHERE id = 1", database: database)
            == "1|edited in postgres|quia et suscipit", "the title written, the rest of the row as it was")
        try await session.press(":", "admin", "Enter", until: "PostgreSQL database", "Server:", "PostgreSQL 15.", "TLS:", "not in use",
                                "users 2, posts 3, comments 1")
        #expect(!session.capture().contains(password))
        try await session.quit()
    }

    @Test("libpq's warning on stderr (a password file others may read) never lands on the screen: held while the screen is up, printed under the prompt after it; the error says why the file was not read")
    func stderrHeldWhileTheScreenIsUp() async throws {
        let server = try PostgresTestServer.scram()
        let password = try #require(server.password)
        let database = try server.createDatabase(Self.schema)
        let file = "/tmp/pgpass-\(UUID().uuidString.prefix(6))"
        try "*:*:*:*:\(password)\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        chmod(file, 0o644)
        // stderr is the terminal itself here, as for a person (not the session's file).
        let command = "exec \(TmuxSession.quote(BulletinBinary.path)) --db \(TmuxSession.quote(server.url(database: database))) open users 2>&1"
        let session = try TmuxSession(command: ["sh", "-c", command], width: 160, height: 30, environment: ["PGPASSFILE": file])
        defer { session.close() }
        // The sentence wraps where the port and the database's name put it: read it joined.
        let screen = try await session.waitUntil("the password file named") {
            $0.replacingOccurrences(of: "\n ", with: " ").contains("\(file) is not read while others may read it (chmod 600 \(file))")
        }
        #expect(!screen.contains("WARNING") && !screen.contains("group or world access"), "\(screen)")
        session.send("q")
        #expect(try await session.waitForExit() == 0)
        let after = try await session.waitForAll(["WARNING: password file", "has group or world access"])
        #expect(!after.contains("chmod 600"), "the screen is down, the held warning under it")
    }

    @Test("two Bulletin processes in two panes open post 2; A saves a new title, then B a new body: B is asked, nothing sent; Reload brings A's title in beside B's body, and both stand")
    func twoEditors() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        let a = try await TmuxSession.bulletin(["--db", url], open: "users/1", width: 200, height: 30, showing: "Posts (2)", "qui est esse")
        defer { a.close() }
        let b = try await a.bulletinBeside(["--db", url], open: "users/1", showing: "Posts (2)", "qui est esse")
        defer { b.close() }
        for session in [a, b] {
            session.send("Down")
            try await session.press("e", until: "Edit post 2")
        }
        a.send("C-u")
        a.type("A's title")
        try await a.press("C-s", until: "Saved post 2 “A's title”")
        try await b.press("Tab", until: "› Body")
        b.type(" (B)")   // the body's end
        try await b.press("C-s", until: "Changed since it was opened", "post 2 changed in", "Everything you typed is kept", "[ Overwrite ]")
        #expect(try server.psql("SELECT title, body FROM posts WHERE id = 2", database: database) == "A's title|est rerum",
                "B's save sent nothing")
        // Reload: A's title comes in, noted, and B's body stays as typed.
        try await b.press("Left", "Enter", until: "A's title", "changed: was “qui est esse”", "est rerum (B)")
        try await b.press("C-s", until: "Saved post 2")
        #expect(try server.psql("SELECT title, body FROM posts WHERE id = 2", database: database) == "A's title|est rerum (B)",
                "both saves stand: A's title, B's body")
        try await a.quit()
        try await b.quit()
    }

    @Test("two panes with --live: B deletes post 2 while A edits it; A's form says so at once and keeps the typing; A's save finds no row and writes nothing back")
    func deleteWhileEditing() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        _ = try PostgresNotify.install(conninfo: url) { _ in }
        let a = try await TmuxSession.bulletin(["--live", "--db", url], open: "users/1", width: 220, height: 30, showing: "Posts (2)", "[live]")
        defer { a.close() }
        let b = try await a.bulletinBeside(["--live", "--db", url], open: "users/1", showing: "Posts (2)", "[live]")
        defer { b.close() }
        a.send("Down")
        try await a.press("e", until: "Edit post 2")
        a.send("C-u")
        a.type("A keeps typing")
        b.send("Down")
        try await b.press("d", until: "Delete post 2?", "[ Delete ]")
        try await b.press("Left", "Enter", until: "Deleted post 2", "Posts (1)")
        #expect(try server.psql("SELECT count(*) FROM posts WHERE id = 2", database: database) == "0")
        try await a.waitForAll(["deleted by someone else since you opened it", "A keeps typing"])
        try await a.press("C-s", until: "Could not save", "No post 2 in", "Everything you typed is")
        #expect(try server.psql("SELECT count(*) FROM posts WHERE id = 2", database: database) == "0", "A's save wrote nothing")
        try await a.press("Escape", until: "A keeps typing")
        try await a.press("Escape", until: "Discard changes?")
        try await a.press("Right", "Enter", until: "Posts (1)", "sunt aut facere")
        #expect(!a.capture().contains("qui est esse"), "A's list shows the delete")
        try await a.quit()
        try await b.quit()
    }

    @Test("a server that stops answering (SIGSTOP): leaving a list that waits for it goes back at once, its read given up after --timeout; q quits")
    func serverStopsAnswering() async throws {
        let server = try PostgresTestServer.dedicated()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        let session = try await TmuxSession.bulletin(["--timeout", "2", "--db", url], open: "posts", width: 110, height: 30,
                                                     showing: "sunt aut facere")
        defer { session.close() }
        try await session.press("Escape", until: "Quit")   // Home
        server.freeze()
        defer { server.thaw() }
        try await session.press("Enter", until: "Loading users")
        try await session.press("Escape", until: "Quit")   // back at once: the cancel waits for nobody
        // Given up after --timeout (connecting, or waiting for the answer), said with r to retry.
        try await session.press("Enter", until: "Could not load users", url, "Press r to retry")
        try await session.quit()
    }

    @Test("the server stopped mid-session: the screen that needed it cannot connect and says why, with r to retry; started again, r shows the user's posts")
    func serverGoesAway() async throws {
        let server = try PostgresTestServer.dedicated()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        let session = try await TmuxSession.bulletin(["--db", url], open: "users", width: 110, height: 30, showing: "Leanne Graham")
        defer { session.close() }
        server.stop()
        try await session.press("Enter", until: "Cannot connect to \(url)", "no server is answering at that address", "Press r to retry")
        try server.start()
        let screen = try await session.press("r", until: "Posts (2)", "sunt aut facere")
        #expect(!screen.contains("Press r to retry"))
        try await session.quit()
    }
}
