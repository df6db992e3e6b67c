import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// `--live` from a real server to the app's screens (issue 26 item 4): the Posts list of a
/// PostgreSQL database, read in windows by key, shows what another session (psql) deletes,
/// updates and inserts, the selection staying on its post, with nothing asked of the server
/// but the changed window.
@MainActor
@Suite("Live changes from PostgreSQL in the app")
struct PostgresLiveAppTests {
    @Test("psql deletes the post before the selected one, renames the selected one and adds one: the Posts list shows each, the selection stays on its post")
    func postsList() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase("""
            CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text);
            CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text, body text);
            INSERT INTO users (name, username) VALUES ('Ann', 'ann');
            INSERT INTO posts (user_id, title, body) VALUES (1, 'first', 'a'), (1, 'second', 'b'), (1, 'third', 'c');
            """)
        let url = server.url(database: database)
        _ = try PostgresNotify.install(conninfo: url) { _ in }
        var factory = SourceFactory()
        factory.live = true
        let app = AppCoordinator(dependencies: try factory.dependencies(for: .postgres(url)), onQuit: {})
        app.start()
        defer { app.live.stop() }
        app.navigate(to: .posts)
        let list = try #require(app.stack.top?.destination as? PostListViewModel)
        await list.load()
        list.moveSelection(by: 1)
        #expect(list.selectedRow?.post.title == "second")
        try await Self.until { app.live.badge == "live" }

        func change(_ sql: String) async throws {
            let before = app.live.passes
            try server.psql(sql, database: database)
            try await Self.until { app.live.passes > before }
            await app.live.waitUntilShown()
        }
        try await change("DELETE FROM posts WHERE id = 1")
        #expect(list.list.rowCount == 2 && list.selectedRow?.post.title == "second", "the selection stays on post 2, now the first row")
        try await change("UPDATE posts SET title = 'second, renamed' WHERE id = 2")
        #expect(list.selectedRow?.post.title == "second, renamed")
        try await change("INSERT INTO posts (user_id, title, body) VALUES (1, 'fourth', 'd')")
        #expect(list.list.rowCount == 3 && list.list.windowCount == 3)
        #expect((0..<3).compactMap { list.list.row(at: $0)?.post.title } == ["second, renamed", "third", "fourth"])
        #expect(list.selectedRow?.post.title == "second, renamed")
    }

    @Test("in the Users list sorted by name, psql renames the selected user so that it sorts elsewhere: the selection follows it; the last post deleted while selected leaves the selection on the new last post")
    func selectionFollows() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase("""
            CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text);
            CREATE INDEX ON users (name);
            CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text, body text);
            INSERT INTO users (name, username) VALUES ('Ann', 'a'), ('Bo', 'b'), ('Cy', 'c'), ('Di', 'd');
            INSERT INTO posts (user_id, title, body) VALUES (1, 'first', 'a'), (1, 'second', 'b'), (1, 'third', 'c');
            """)
        let url = server.url(database: database)
        _ = try PostgresNotify.install(conninfo: url) { _ in }
        var factory = SourceFactory()
        factory.live = true
        let app = AppCoordinator(dependencies: try factory.dependencies(for: .postgres(url)), onQuit: {})
        app.start()
        defer { app.live.stop() }
        try await Self.until { app.live.badge == "live" }
        func change(_ sql: String) async throws {
            let before = app.live.passes
            try server.psql(sql, database: database)
            try await Self.until { app.live.passes > before }
            await app.live.waitUntilShown()
        }

        app.navigate(to: .users)
        let users = try #require(app.stack.top?.destination as? UserListViewModel)
        await users.load()
        let finder = users.list.find.finder
        for _ in finder.columns where finder.sortColumn.map({ finder.title(ofColumn: $0) }) != "Name ▲" {
            users.list.find.cycleSort()
            await users.list.wait()
        }
        #expect(finder.sortColumn.map { finder.title(ofColumn: $0) } == "Name ▲")
        users.moveSelection(by: 1)
        #expect(users.selectedRow?.name == "Bo")
        try await change("UPDATE users SET name = 'Zed' WHERE id = 2")
        #expect((0..<4).compactMap { users.list.row(at: $0)?.name } == ["Ann", "Cy", "Di", "Zed"])
        #expect(users.selectedRow?.name == "Zed" && users.list.selection.selected == 3, "the selection followed its user to the end")

        app.navigate(to: .posts)
        let posts = try #require(app.stack.top?.destination as? PostListViewModel)
        await posts.load()
        posts.list.selectLast()
        await posts.list.wait()
        #expect(posts.selectedRow?.post.title == "third")
        try await change("DELETE FROM posts WHERE id = 3")
        #expect(posts.list.rowCount == 2 && posts.selectedRow?.post.title == "second", "the new last post, not the first")
    }

    @Test("Ctrl-C while a save waits for a row another session holds asks first (the save is not done); keeping on, the save lands once the row is free")
    func quitWhileWaiting() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase("""
            CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text);
            CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text, body text);
            INSERT INTO users (name, username) VALUES ('Ann', 'a');
            INSERT INTO posts (user_id, title, body) VALUES (1, 'first', 'a');
            """)
        let url = server.url(database: database)
        let source = PostgresDataSource(conninfo: url)
        let writer = PostgresDataWriter(source: source)
        let post = try await source.post(id: 1)
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(post)), source: source, writer: writer, onClose: { _ in })
        form.edit { $0.insert("typed ") }
        let holder = try PostgresConnection(conninfo: url)
        try holder.execute("BEGIN")
        _ = try holder.rows("SELECT * FROM posts WHERE id = 1 FOR UPDATE")
        form.save()
        try await server.waitForLockWait(database: database)
        #expect(form.requestQuit() == false, "asked, not quit")
        #expect(form.openQuestion?.message == "Your save of this post is waiting for another session that holds it; quitting now drops it.")
        form.answer(.keepEditing)
        try holder.execute("ROLLBACK")
        await form.waitForTasks()
        #expect(try server.psql("SELECT title FROM posts WHERE id = 1", database: database).contains("typed"),
                "kept editing, the save went on once the row was free")
    }

    /// Waits (up to 30 s: a whole suite on two cores) until `condition` holds.
    static func until(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            guard Date() < deadline else { throw PostgresTestServerError(message: "condition not reached in 30 s") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
