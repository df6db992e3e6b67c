import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// `--live` through the real binary (issue 26 items 4 and 5), against a server the test starts:
/// `bulletin db install-notify` prints the SQL it runs; a psql session updates, inserts and
/// deletes rows while Bulletin shows them, on the list, the post and the form (the selection
/// and the typing kept); without the triggers `--live` says how to install them; the server
/// stopped and started again: the connection lost is said, made again by itself, and an edit
/// typed meanwhile is saved once.
@Suite("End to end: --live on a PostgreSQL database", .serialized)
struct PostgresLiveEndToEndTests {
    static let schema = PostgresEndToEndTests.schema

    /// `bulletin db install-notify URL` run as a person would: its output, checked for the SQL and the line.
    static func install(_ url: String) throws -> String {
        let run = Subprocess.run([BulletinBinary.path, "db", "install-notify", url])
        guard run.status == 0 else { throw TmuxSession.Failure(description: "install-notify failed: \(run.output)") }
        return run.output
    }

    @Test("install-notify prints its SQL; with --live, psql's update, insert and delete show on the user's list, the selection staying on its post; the post's new comment and body; a form keeps what is typed and says the post changed")
    func psqlChangesShow() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        let printed = try Self.install(url)
        #expect(printed.hasPrefix("BEGIN;\nCREATE OR REPLACE FUNCTION bulletin_notify() RETURNS trigger"))
        #expect(printed.contains("CREATE TRIGGER bulletin_notify_update AFTER UPDATE ON \"posts\" REFERENCING NEW TABLE AS bulletin_new"))
        #expect(printed.hasSuffix("COMMIT;\nInstalled change notifications on users, posts, comments of \(url): "
                                  + "bulletin --live --db '\(url)' shows others' changes as they happen\n"), "\(printed)")
        #expect(!printed.contains("NOTICE"), "the server's notices are not printed")
        func psql(_ sql: String) throws { try server.psql(sql, database: database) }

        let session = try await TmuxSession.bulletin(["--live", "--db", url], open: "users/1", width: 120, height: 30,
                                                     showing: "Posts (2)", "qui est esse", "[live]")
        defer { session.close() }
        session.send("Down")   // post 2
        try psql("UPDATE posts SET title = 'renamed by psql' WHERE id = 1; INSERT INTO posts (user_id, title, body) VALUES (1, 'added by psql', 'x')")
        try await session.waitForAll(["Posts (3)", "renamed by psql", "qui est esse", "added by psql"])
        try psql("DELETE FROM posts WHERE id = 1")
        try await session.waitUntil("post 1 gone") { $0.contains("Posts (2)") && !$0.contains("renamed by psql") }
        // Enter opens the post the selection stayed on: post 2, now the first row.
        try await session.press("Enter", until: "Post 2", "est rerum", "Comments (0)")
        try psql("INSERT INTO comments (post_id, name, email, body) VALUES (2, 'a comment from psql', 'p@x.org', 'hello')")
        try await session.waitForAll(["Comments (1)", "a comment from psql"])
        try psql("UPDATE posts SET body = 'a body from psql' WHERE id = 2")
        try await session.waitForAll(["a body from psql", "Comments (1)"])

        try await session.press("e", until: "Edit post 2")
        session.send("C-u")
        session.type("typed here")
        try psql("UPDATE posts SET title = 'psql again' WHERE id = 2")
        try await session.waitForAll(["changed by someone else since you opened it: saving asks first", "typed here"])
        try await session.press("C-s", until: "Changed since it was opened", "[ Overwrite ]")
        #expect(try server.psql("SELECT title FROM posts WHERE id = 2", database: database) == "psql again", "nothing sent over it")
        try await session.press("Escape", until: "typed here")
        try await session.press("Escape", until: "Discard changes?")
        try await session.press("Right", "Enter", until: "psql again", "a comment from psql")
        try await session.quit()
    }

    @Test("--live on a database without the triggers says so with the command; install-notify run meanwhile turns it [live] at once and changes show; uninstall-notify removes them and says so")
    func notInstalled() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        let session = try await TmuxSession.bulletin(["--live", "--db", url], open: "users", width: 200, height: 30,
                                                     showing: "Leanne Graham", "[live: no change triggers]",
                                                     "this database has no change triggers", "bulletin db install-notify '\(url)'")
        defer { session.close() }
        _ = try Self.install(url)
        try await session.waitForAll(["[live]", "Live: change triggers installed; watching users, posts, comments"])
        try server.psql("UPDATE users SET name = 'Leanne Graham-Smith' WHERE id = 1", database: database)
        try await session.waitFor("Leanne Graham-Smith")
        let removed = Subprocess.run([BulletinBinary.path, "db", "uninstall-notify", url])
        try await session.waitForAll(["[live: no change triggers]", "this database has no change triggers"])
        #expect(removed.status == 0 && removed.output.hasSuffix("Removed change notifications from comments, posts, users of \(url)\n"),
                "\(removed.output)")
        #expect(try server.psql("SELECT count(*) FROM pg_trigger WHERE tgname LIKE 'bulletin_notify%'", database: database) == "0")
        try await session.quit()
    }

    @Test("the server stopped with --live: the header and status line say the connection is lost and an edit typed then is kept; started again, Bulletin connects by itself, shows what changed, and Retry saves the edit once")
    func serverRestarts() async throws {
        let server = try PostgresTestServer.dedicated()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        _ = try Self.install(url)
        let session = try await TmuxSession.bulletin(["--live", "--db", url], open: "users/1/posts/1", width: 120, height: 30,
                                                     showing: "sunt aut facere", "[live]")
        defer { session.close() }
        try await session.press("e", until: "Edit post 1")
        session.send("C-u")
        session.type("typed while the server was away")
        server.stop()
        try await session.waitForAll(["[live: connection lost, reconnecting…]", "Connection lost (", "typed while the server was away"])
        try await session.press("C-s", until: "Could not save", "no server is answering", "you typed is kept")
        #expect(session.capture().contains("[ Retry ]"))
        try server.start()
        try server.psql("UPDATE comments SET name = 'renamed while away' WHERE id = 1", database: database)
        try await session.waitForAll(["[live]"], timeout: 60)   // connected again by itself
        try await session.press("Enter", until: "Saved post 1 “typed while the server was away”")
        #expect(try server.psql("SELECT title, body FROM posts WHERE id = 1", database: database)
            == "typed while the server was away|quia et suscipit")
        try await session.waitForAll(["renamed while away", "typed while the server was away"])
        try await session.quit()
    }
}
