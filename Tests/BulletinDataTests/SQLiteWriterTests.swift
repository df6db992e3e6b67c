import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

/// Writes to a SQLite database (issue 25, item 5), each checked in the database's rows through a
/// second connection: one transaction per save, only the changed columns written, a change made
/// by someone else refused unless overwritten, cascades undone with their ids, a lock waited for
/// and then reported, a read-only file refused with the reason.
@Suite("SQLite writes")
struct SQLiteWriterTests {
    static let schema = """
        CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT, email TEXT, plan TEXT);
        CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER REFERENCES users(id) ON DELETE CASCADE, title TEXT, body TEXT,
                            published TEXT);
        CREATE TABLE comments (id INTEGER PRIMARY KEY, postId INTEGER REFERENCES posts(id) ON DELETE CASCADE, name TEXT, email TEXT,
                               body TEXT);
        CREATE TABLE todos (id INTEGER PRIMARY KEY, userId INTEGER, title TEXT, completed INTEGER);
        INSERT INTO users VALUES (1, 'Ann', 'ann', 'a@x.org', 'gold'), (2, 'Bo', 'bo', 'b@x.org', NULL);
        INSERT INTO posts VALUES (1, 1, 'first', 'one', '2024-01-01'), (2, 1, 'second', 'two', NULL), (3, 2, 'third', 'three', NULL);
        INSERT INTO comments VALUES (1, 1, 'c1', 'c@x.org', 'on first'), (2, 3, 'c2', 'c@x.org', 'on third');
        INSERT INTO todos VALUES (1, 1, 'water plants', 0);
        """

    struct Setup {
        let directory: URL
        let path: String
        let source: SQLiteDataSource
        let writer: SQLiteDataWriter
        /// A second connection: what another program sees.
        let other: SQLiteConnection
    }

    static func setup(timeout: Double = 15) throws -> Setup {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-sqlw-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("app.db").path
        try SQLiteConnection(path: path, create: true).execute(schema)
        let source = SQLiteDataSource(path: path, timeout: timeout)
        return Setup(directory: directory, path: path, source: source, writer: SQLiteDataWriter(source: source),
                     other: try SQLiteConnection(path: path))
    }

    @Test("a users table holding company and address as plain text: each user reads them as the company's name and the street; an edit writes plain text back, a JSON column keeps JSON")
    func plainTextCompany() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-sqlc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT, email TEXT, company TEXT, address TEXT);
            INSERT INTO users VALUES (1, 'Ann', 'ann', 'a@x.org', 'Acme', '12 Main St'),
                                     (2, 'Bo', 'bo', 'b@x.org', '{"name":"Globex","catchPhrase":"x","bs":"y"}', NULL);
            """)
        let source = SQLiteDataSource(path: path)
        let users = try await source.users()
        #expect(users.map(\.company?.name) == ["Acme", "Globex"], "every user read, not one skipped")
        #expect(users[0].address?.street == "12 Main St")
        var edited = users[0]
        edited.company = User.Company(name: "Initech", catchPhrase: nil, bs: nil)
        _ = try await SQLiteDataWriter(source: source).update(.user(edited), original: .user(users[0]))
        let other = try SQLiteConnection(path: path, readOnly: true)
        #expect(try other.rows("SELECT company, address FROM users WHERE id = 1") == [[.text("Initech"), .text("12 Main St")]])
        var second = users[1]
        second.company?.name = "Globex 2"
        _ = try await SQLiteDataWriter(source: source).update(.user(second), original: .user(users[1]))
        let stored = try #require(try other.rows("SELECT company FROM users WHERE id = 2").first?.first?.text)
        #expect(stored.hasPrefix("{") && stored.contains("Globex 2") && stored.contains("catchPhrase"), "\(stored)")
    }

    @Test("an edit writes only the columns of the fields changed; the columns Bulletin does not model keep their values")
    func updateChangesOnlyEdited() async throws {
        let setup = try Self.setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let original = try await setup.source.post(id: 1)
        var edited = original
        edited.title = "first, edited"
        let outcome = try await setup.writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
        #expect(outcome.record == .post(edited) && outcome.note == "saved to \(setup.path)")
        #expect(try setup.other.rows("SELECT * FROM posts WHERE id = 1")
            == [[.integer(1), .integer(1), .text("first, edited"), .text("one"), .text("2024-01-01")]])
        #expect(try await setup.source.post(id: 1) == edited, "reads see the change")
    }

    @Test("a row changed by another connection since the form opened is not written over; overwrite writes only what was edited")
    func concurrentEdit() async throws {
        let setup = try Self.setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let original = try await setup.source.post(id: 2)
        try setup.other.execute("UPDATE posts SET body = 'their body' WHERE id = 2")
        var mine = original
        mine.title = "my title"
        await #expect(throws: DataError.recordChanged(path: setup.path, record: "post 2")) {
            try await setup.writer.update(.post(mine), original: .post(original), overwriteIfChanged: false)
        }
        #expect(try setup.other.rows("SELECT title, body FROM posts WHERE id = 2") == [[.text("second"), .text("their body")]])
        _ = try await setup.writer.update(.post(mine), original: .post(original), overwriteIfChanged: true)
        #expect(try setup.other.rows("SELECT title, body FROM posts WHERE id = 2") == [[.text("my title"), .text("their body")]],
                "the other person's body stays: only my title was written")
    }

    @Test("a new record gets the largest id + 1; unmodelled columns stay NULL")
    func create() async throws {
        let setup = try Self.setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let outcome = try await setup.writer.create(.post(Post(userId: 2, id: 0, title: "new", body: "text")))
        #expect(outcome.record?.id == 4)
        #expect(try setup.other.rows("SELECT * FROM posts WHERE id = 4") == [[.integer(4), .integer(2), .text("new"), .text("text"), .null]])
    }

    @Test("deleting a user removes their posts and those posts' comments by ON DELETE CASCADE; undo puts every row back with its id")
    func cascadeAndUndo() async throws {
        let setup = try Self.setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let before = try ["users", "posts", "comments"].map { try setup.other.rows("SELECT * FROM \($0) ORDER BY id") }
        let user = try await setup.source.user(id: 1)
        _ = try await setup.writer.delete(.user, id: 1, original: .user(user), overwriteIfChanged: false)
        #expect(try setup.other.rows("SELECT id FROM users") == [[.integer(2)]])
        #expect(try setup.other.rows("SELECT id FROM posts") == [[.integer(3)]])
        #expect(try setup.other.rows("SELECT id FROM comments") == [[.integer(2)]])
        let restored = try await setup.writer.restore(.user(user))
        #expect(restored.record == .user(user))
        let after = try ["users", "posts", "comments"].map { try setup.other.rows("SELECT * FROM \($0) ORDER BY id") }
        #expect(after == before, "every row back, member by member, with its id (the user's plan too)")
        #expect(try setup.other.rows("PRAGMA integrity_check") == [[.text("ok")]])
    }

    @Test("a delete of a record changed since it was read is refused; nothing is removed")
    func deleteChanged() async throws {
        let setup = try Self.setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let post = try await setup.source.post(id: 3)
        try setup.other.execute("UPDATE posts SET title = 'renamed' WHERE id = 3")
        await #expect(throws: DataError.recordChanged(path: setup.path, record: "post 3")) {
            try await setup.writer.delete(.post, id: 3, original: .post(post), overwriteIfChanged: false)
        }
        #expect(try setup.other.rows("SELECT count(*) FROM posts") == [[.integer(3)]])
    }

    @Test("while another connection holds the write lock, a save waits up to the timeout and then says so; the row is unchanged")
    func locked() async throws {
        let setup = try Self.setup(timeout: 0.2)
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let original = try await setup.source.post(id: 1)
        try setup.other.execute("BEGIN IMMEDIATE")
        var edited = original
        edited.title = "blocked"
        do {
            _ = try await setup.writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
            Issue.record("saved through another writer's lock")
        } catch {
            #expect(error == .unwritableFile(path: setup.path, reason: "another program is writing to the database (database is locked)"))
        }
        try setup.other.execute("ROLLBACK")
        #expect(try setup.other.rows("SELECT title FROM posts WHERE id = 1") == [[.text("first")]])
        _ = try await setup.writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
        #expect(try setup.other.rows("SELECT title FROM posts WHERE id = 1") == [[.text("blocked")]], "once the lock is gone it saves")
    }

    @Test("stopWaiting ends a save's wait for another writer's lock at once (a 300 s timeout): nothing written, and the next save waits and saves again")
    func stopWaiting() async throws {
        let setup = try Self.setup(timeout: 300)
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let original = try await setup.source.post(id: 1)
        try setup.other.execute("BEGIN IMMEDIATE")
        var edited = original
        edited.title = "stopped"
        let writer = setup.writer
        let save = Task { () async -> DataError? in
            do throws(DataError) {
                _ = try await writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
                return nil
            } catch { return error }
        }
        // Stop once the save is waiting (the lock is still held: only stopWaiting can end it).
        let deadline = ContinuousClock.now + .seconds(300)
        while !setup.source.writeWait.isWaiting, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        writer.stopWaiting()
        let error = await save.value
        #expect(error == .unwritableFile(path: setup.path, reason: "stopped waiting for another program that is writing to the database; nothing was written"))
        try setup.other.execute("ROLLBACK")
        #expect(try setup.other.rows("SELECT title FROM posts WHERE id = 1") == [[.text("first")]])
        _ = try await writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
        #expect(try setup.other.rows("SELECT title FROM posts WHERE id = 1") == [[.text("stopped")]], "a stop ends one wait, not the next save's")
    }

    @Test("a todo's toggle writes completed as 1 and reads back done; one toggled elsewhere meanwhile is refused")
    func todo() async throws {
        let setup = try Self.setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let todo = try #require(try await setup.source.todos(userID: 1).first)
        let outcome = try await setup.writer.setCompleted(true, of: todo)
        #expect(outcome.todo.completed && outcome.persisted)
        #expect(try setup.other.rows("SELECT completed FROM todos WHERE id = 1") == [[.integer(1)]])
        await #expect(throws: DataError.recordChanged(path: setup.path, record: "todo 1")) { try await setup.writer.setCompleted(false, of: todo) }
    }

    @Test("a read-only file, or one opened with mode=ro, takes no writes and says why")
    func readOnly() throws {
        let setup = try Self.setup()
        defer {
            chmod(setup.path, 0o644)
            try? FileManager.default.removeItem(at: setup.directory)
        }
        #expect(SQLiteDataWriter(source: SQLiteDataSource(path: setup.path, readOnly: true)).access
            == .denied(reason: "the database was opened read-only (mode=ro)"))
        chmod(setup.path, 0o444)
        guard getuid() != 0 else { return }   // root writes any file: the mode is what is checked
        #expect(SQLiteDataWriter(source: SQLiteDataSource(path: setup.path)).access == .denied(reason: "\(setup.path) is read-only"))
    }
}
