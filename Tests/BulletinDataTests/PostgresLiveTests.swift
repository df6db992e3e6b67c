import BulletinTestSupport
import Foundation
import Synchronization
import Testing

@testable import BulletinData

/// `--live` (issue 26 item 4) against a server the test starts: `bulletin db install-notify`'s
/// triggers and their removal, checked in `pg_trigger`; the listener's events for what another
/// session (psql) updates, inserts, deletes and truncates, none for a rollback or for the
/// source's own writes; a database without the triggers said with the command that installs
/// them; a lost connection said, and made again by itself when the server is back.
@Suite("PostgreSQL live changes")
struct PostgresLiveTests {
    static let schema = """
        CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text, email text);
        CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id) ON DELETE CASCADE, title text, body text);
        CREATE TABLE comments (id serial PRIMARY KEY, post_id integer REFERENCES posts(id) ON DELETE CASCADE, name text, email text,
                               body text);
        INSERT INTO users (name, username, email) VALUES ('Ann', 'ann', 'a@x.org'), ('Bo', 'bo', 'b@x.org');
        INSERT INTO posts (user_id, title, body) VALUES (1, 'first', 'one'), (1, 'second', 'two'), (2, 'third', 'three');
        INSERT INTO comments (post_id, name, email, body) VALUES (1, 'c1', 'c@x.org', 'on first');
        """

    /// A database of ``schema`` on `server` with the triggers installed, and a listener on it
    /// that has said it watches users, posts and comments.
    static func watched(on server: PostgresTestServer) async throws -> (database: String, url: String, events: EventRecorder) {
        let database = try server.createDatabase(schema)
        let url = server.url(database: database)
        _ = try install(url)
        let events = EventRecorder(PostgresListener(conninfo: url, location: url, mapping: SQLMapping()))
        #expect(try await events.next() == .watching(kinds: [.users, .posts, .comments], missing: []))
        return (database, url, events)
    }

    /// The statements `install-notify` echoed, and its line.
    static func install(_ url: String, mapping: SQLMapping = SQLMapping()) throws -> (echoed: [String], line: String) {
        var echoed: [String] = []
        let line = try PostgresNotify.install(conninfo: url, mapping: mapping) { echoed.append($0) }
        return (echoed, line)
    }

    @Test("install-notify prints and runs one transaction: the function, then four triggers on each kind's table; uninstall-notify removes them all")
    func installAndUninstall() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        let (echoed, line) = try Self.install(url)
        #expect(echoed.first == "BEGIN;" && echoed.last == "COMMIT;")
        #expect(echoed.contains { $0.hasPrefix("CREATE OR REPLACE FUNCTION bulletin_notify() RETURNS trigger") })
        #expect(echoed.filter { $0.hasPrefix("CREATE TRIGGER") }.count == 12, "\(echoed)")
        #expect(line == "Installed change notifications on users, posts, comments of \(url): bulletin --live --db '\(url)' shows others' changes as they happen")
        let triggers = "SELECT c.relname || ':' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname LIKE 'bulletin_notify%' ORDER BY 1"
        let installed = try server.psql(triggers, database: database).split(separator: "\n")
        #expect(installed.count == 12 && installed.contains("posts:bulletin_notify_update") && installed.contains("comments:bulletin_notify_truncate"),
                "\(installed)")
        _ = try Self.install(url)   // again: the same triggers, replaced
        #expect(try server.psql(triggers, database: database).split(separator: "\n") == installed)

        var removed: [String] = []
        let gone = try PostgresNotify.uninstall(conninfo: url) { removed.append($0) }
        #expect(gone == "Removed change notifications from comments, posts, users of \(url)")
        #expect(removed.contains("DROP FUNCTION IF EXISTS bulletin_notify();") && removed.filter { $0.hasPrefix("DROP TRIGGER") }.count == 12)
        #expect(try server.psql(triggers, database: database).isEmpty)
        #expect(try server.psql("SELECT count(*) FROM pg_proc WHERE proname = 'bulletin_notify'", database: database) == "0")
    }

    @Test("install-notify by a role that does not own the tables: permission denied, in words, and nothing installed (the function it made rolled back)")
    func installDenied() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let role = "reader_\(database)"
        // It may make the function (CREATE on the schema), not the triggers: the function goes with the rollback.
        try server.psql("CREATE ROLE \(role) LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role); GRANT CREATE ON SCHEMA public TO \(role)",
                        database: database)
        let url = server.url(database: database, user: role)
        #expect {
            try Self.install(url)
        } throws: { error in
            guard case let .writeRefused(location, reason) = error as? DataError else { return false }
            return location == url && reason == "permission denied for table users: run it as a role that may create "
                + "a function in the schema and triggers on the tables (their owner)"
        }
        #expect(try server.psql("SELECT count(*) FROM pg_trigger WHERE tgname LIKE 'bulletin_notify%'", database: database) == "0")
        #expect(try server.psql("SELECT count(*) FROM pg_proc WHERE proname = 'bulletin_notify'", database: database) == "0")
    }

    @Test("another session's update, insert, delete and truncate each arrive as one change with its ids; a rollback and a statement that changes nothing send none; over 100 rows name none")
    func changesFromAnotherSession() async throws {
        let server = try PostgresTestServer.shared()
        let (database, _, events) = try await Self.watched(on: server)
        defer { events.stop() }
        func psql(_ sql: String) throws { try server.psql(sql, database: database) }
        let listener = "SELECT state || ' ' || query_start FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'bulletin'"
        let before = try server.psql(listener, database: database)
        #expect(before.hasPrefix("idle "))

        try psql("UPDATE posts SET title = 'changed' WHERE id = 2")
        #expect(try await events.next() == .changed([DataChange(kind: .posts, operation: .update, ids: [2])]))
        try psql("BEGIN; UPDATE posts SET title = 'never' WHERE id = 1; ROLLBACK")
        try psql("UPDATE posts SET title = 'none' WHERE id = 999")
        try psql("INSERT INTO users (name, username) VALUES ('Cy', 'cy'), ('Di', 'di')")
        #expect(try await events.next() == .changed([DataChange(kind: .users, operation: .insert, ids: [3, 4])]),
                "the rollback and the statement that matched no row sent nothing")
        try psql("DELETE FROM comments WHERE id = 1")
        #expect(try await events.next() == .changed([DataChange(kind: .comments, operation: .delete, ids: [1])]))
        try psql("INSERT INTO posts (user_id, title, body) SELECT 1, 'bulk ' || n, 'b' FROM generate_series(1, 150) n")
        #expect(try await events.next() == .changed([DataChange(kind: .posts, operation: .insert, ids: nil)]), "150 rows: any post")
        try psql("TRUNCATE comments")
        #expect(try await events.next() == .changed([DataChange(kind: .comments, operation: .truncate, ids: nil)]))
        try psql("BEGIN; UPDATE users SET name = 'Ann B' WHERE id = 1; DELETE FROM posts WHERE id = 3; COMMIT")
        var both: [DataChange] = []
        while both.count < 2 {
            guard case let .changed(changes) = try await events.next() else { Issue.record("not a change"); break }
            both += changes
        }
        #expect(both == [DataChange(kind: .users, operation: .update, ids: [1]), DataChange(kind: .posts, operation: .delete, ids: [3])],
                "a transaction's statements arrive at its COMMIT, in order")
        #expect(try server.psql(listener, database: database) == before,
                "nothing polls: once listening the listener has asked the server nothing, however many changes came")
    }

    @Test("the Admin panel's Live line: off with how to start, watching which tables with --live, or the command when the triggers are missing")
    func adminDetail() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        func live(_ source: PostgresDataSource) async throws -> String? {
            try await source.statistics().details.first { $0.label == "Live" }?.value
        }
        #expect(try await live(PostgresDataSource(conninfo: url))
            == "off: --live shows others' changes as they happen, once bulletin db install-notify '\(url)' has installed the triggers")
        let watching = PostgresDataSource(conninfo: url, live: true)
        #expect(try await live(watching) == "no change triggers, so nothing shows live: bulletin db install-notify '\(url)' installs them")
        _ = try Self.install(url)
        #expect(try await live(watching) == "watching changes to users, posts, comments (LISTEN bulletin_changes)")
        #expect(try await live(PostgresDataSource(conninfo: url))
            == "off: change triggers are on users, posts, comments; --live shows others' changes as they happen")
    }

    @Test("the source's own saves are not reported back (they refresh the screens themselves); another session's are")
    func ownWritesIgnored() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        _ = try Self.install(url)
        let source = PostgresDataSource(conninfo: url, live: true)
        let events = EventRecorder(try #require(source.liveChanges))
        defer { events.stop() }
        #expect(try await events.next() == .watching(kinds: [.users, .posts, .comments], missing: []))
        let writer = PostgresDataWriter(source: source)
        var post = try await source.post(id: 1)
        let original = post
        post.title = "saved by Bulletin"
        _ = try await writer.update(.post(post), original: .post(original), overwriteIfChanged: false)
        #expect(try server.psql("SELECT title FROM posts WHERE id = 1", database: database) == "saved by Bulletin")
        try server.psql("UPDATE posts SET body = 'by psql' WHERE id = 1", database: database)
        #expect(try await events.next() == .changed([DataChange(kind: .posts, operation: .update, ids: [1])]),
                "the first change heard is psql's")
    }

    @Test("--live on a database without the triggers says so with the command that installs them; installed later, that is said and changes are heard without a restart; removed, that is said")
    func notInstalled() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase(Self.schema)
        let url = server.url(database: database)
        let events = EventRecorder(PostgresListener(conninfo: url, location: url, mapping: SQLMapping()))
        defer { events.stop() }
        #expect(try await events.next() == .notInstalled(hint: "bulletin db install-notify '\(url)'"))
        _ = try Self.install(url)
        #expect(try await events.next() == .watching(kinds: [.users, .posts, .comments], missing: []), "install-notify tells it")
        try server.psql("UPDATE users SET email = 'new@x.org' WHERE id = 2", database: database)
        #expect(try await events.next() == .changed([DataChange(kind: .users, operation: .update, ids: [2])]))
        _ = try PostgresNotify.uninstall(conninfo: url) { _ in }
        #expect(try await events.next() == .notInstalled(hint: "bulletin db install-notify '\(url)'"), "and uninstall-notify")
    }

    @Test("tables named by --map: install-notify puts the triggers on them, and their changes arrive as the kinds they hold; a kind's table without triggers is named")
    func mapped() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase("""
            CREATE TABLE accounts (id serial PRIMARY KEY, name text NOT NULL, username text);
            CREATE TABLE articles (code text PRIMARY KEY, user_id integer REFERENCES accounts(id), title text, body text);
            CREATE TABLE comments (id serial PRIMARY KEY, post_id text REFERENCES articles(code), name text, body text);
            INSERT INTO accounts (name, username) VALUES ('Ann', 'ann');
            INSERT INTO articles VALUES ('a-1', 1, 'first', 'one');
            """)
        let url = server.url(database: database)
        let mapping = try SQLMapping(parsing: "users=accounts,posts=articles,posts.id=code")
        let (_, line) = try Self.install(url, mapping: mapping)
        #expect(line.hasPrefix("Installed change notifications on accounts, articles, comments of"))
        try server.psql("DROP TRIGGER bulletin_notify_update ON comments", database: database)
        let events = EventRecorder(PostgresListener(conninfo: url, location: url, mapping: mapping))
        defer { events.stop() }
        #expect(try await events.next() == .watching(kinds: [.users, .posts], missing: ["comments"]))
        try server.psql("UPDATE articles SET title = 'renamed' WHERE code = 'a-1'", database: database)
        #expect(try await events.next() == .changed([DataChange(kind: .posts, operation: .update, ids: ["a-1"])]), "a string id")
    }

    @Test("the server stopped: the listener says the connection is lost and tries again, less often; started again, it watches and says so (anything may have changed)")
    func lostAndRestored() async throws {
        let server = try PostgresTestServer.dedicated()
        let (database, _, events) = try await Self.watched(on: server)
        defer { events.stop() }
        server.stop()
        guard case let .lost(reason, retryIn) = try await events.next() else { Issue.record("not lost"); return }
        #expect(retryIn == 0.5 && !reason.isEmpty, "\(reason)")
        guard case let .lost(second, later) = try await events.next() else { Issue.record("not lost again"); return }
        #expect(later == 1 && !second.isEmpty, "\(second)")
        try server.start()
        var after: [LiveEvent] = []
        while after.last != .restored {
            let event = try await events.next(within: 60)
            if case .lost = event { continue }
            after.append(event)
        }
        #expect(after == [.watching(kinds: [.users, .posts, .comments], missing: []), .restored])
        try server.psql("DELETE FROM posts WHERE id = 2", database: database)
        #expect(try await events.next() == .changed([DataChange(kind: .posts, operation: .delete, ids: [2])]))
    }

    @Test("the listening connection's socket has TCP keepalives after 30 s idle, 3 probes 10 s apart (a silent network cut found in about a minute)")
    func keepalives() throws {
        let server = try PostgresTestServer.shared()
        let connection = try PostgresConnection(conninfo: server.url(), settings: PostgresListener.keepalives)
        func option(_ level: Int32, _ name: Int32) -> Int32 {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(connection.socket, level, name, &value, &length)
            return value
        }
        #expect(option(SOL_SOCKET, SO_KEEPALIVE) == 1)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPIDLE) == 30 && option(Int32(IPPROTO_TCP), TCP_KEEPINTVL) == 10
                && option(Int32(IPPROTO_TCP), TCP_KEEPCNT) == 3)
    }

    @Test("a login the server refuses (no such role, no such database), or a database with none of the kinds' tables, stops the listener for good, said once")
    func stopsForGood() async throws {
        let server = try PostgresTestServer.shared()
        for url in [server.url(user: "nobody_here"), server.url(database: "no_such_database")] {
            let events = EventRecorder(PostgresListener(conninfo: url, location: url, mapping: SQLMapping()))
            defer { events.stop() }
            guard case let .stopped(reason) = try await events.next() else { Issue.record("not stopped: \(url)"); continue }
            #expect(reason.contains("does not exist on the server"), "\(reason)")
        }
        let empty = server.url(database: try server.createDatabase("CREATE TABLE accounts (id serial PRIMARY KEY)"))
        let events = EventRecorder(PostgresListener(conninfo: empty, location: empty, mapping: SQLMapping()))
        defer { events.stop() }
        #expect(try await events.next() == .stopped(reason: "\(empty) has no users, posts or comments (it has: accounts)"))
        #expect(PostgresListener.isPermanent(PostgresError(state: "", message: "password authentication failed for user \"bob\"")))
        #expect(!PostgresListener.isPermanent(PostgresError(state: "", message: "connection to server at \"127.0.0.1\", port 5 failed: Connection refused")))
        #expect(!PostgresListener.isPermanent(PostgresError(state: "57P03", message: "the database system is starting up")))
    }

    @Test("a payload is read into a change of the kind whose table it names; one of another table, or not the triggers' JSON, is none")
    func payloads() throws {
        let layout = SQLLayout(tables: [.posts: SQLLayout.TableMap(table: "articles", id: "code", columns: [:], extraColumns: [])])
        #expect(PostgresNotify.change(from: #"{"table": "articles", "op": "UPDATE", "ids": ["a-1", 2]}"#, layout: layout)
            == DataChange(kind: .posts, operation: .update, ids: ["a-1", 2]))
        #expect(PostgresNotify.change(from: #"{"table": "articles", "op": "DELETE", "ids": null}"#, layout: layout)
            == DataChange(kind: .posts, operation: .delete, ids: nil))
        #expect(PostgresNotify.change(from: #"{"table": "users", "op": "UPDATE", "ids": [1]}"#, layout: layout) == nil)
        #expect(PostgresNotify.change(from: #"{"table": "articles", "op": "MERGE", "ids": [1]}"#, layout: layout) == nil)
        #expect(PostgresNotify.change(from: "posts changed", layout: layout) == nil)
    }
}

/// The events of a ``LiveChanges``, gathered as they come, for a test to take one at a time.
final class EventRecorder: Sendable {
    private final class Received: Sendable {
        let events = Mutex<[LiveEvent]>([])
    }

    private let changes: any LiveChanges
    private let received = Received()
    private let task: Task<Void, Never>

    init(_ changes: any LiveChanges) {
        self.changes = changes
        let stream = changes.events()
        let received = received
        task = Task { for await event in stream { received.events.withLock { $0.append(event) } } }
    }

    /// The next event, waiting up to `within` seconds (a whole suite on two cores is slow).
    /// - Throws: ``PostgresTestServerError`` when none comes in time.
    func next(within seconds: Double = 30) async throws -> LiveEvent {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let event = received.events.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            if let event { return event }
            guard Date() < deadline else { throw PostgresTestServerError(message: "no event within \(seconds) s") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func stop() {
        changes.stop()
        task.cancel()
    }
}
