import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// Space on a user's Todos tab whose save fails after the person left that screen (a SQLite
/// database locked by another connection past `--timeout`, any writer's failure): the failure
/// is said on the screen on top, naming the todo and why, and the todo is shown as stored.
@MainActor
@Suite("A todo toggle that fails after its screen was left")
struct TodoToggleAwayTests {
    /// A database with one user, their post and two todos, and the app on it with a 0.2 s lock timeout.
    static func database() throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-todoaway-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("app.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT, email TEXT);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER, title TEXT, body TEXT);
            CREATE TABLE todos (id INTEGER PRIMARY KEY, userId INTEGER, title TEXT, completed INTEGER);
            INSERT INTO users VALUES (1, 'Ann', 'ann', 'a@x.org');
            INSERT INTO posts VALUES (1, 1, 'one', 'b');
            INSERT INTO todos VALUES (1, 1, 'water plants', 0), (2, 1, 'feed cat', 1);
            """)
        return (directory, path)
    }

    /// The app on `source` and `writer`, on user 1's screen with the Todos tab shown, loaded.
    /// A user's Todos tab over the fixtures, whose next save fails with a full disk.
    static func openTodosFailingNext() async throws -> (StubDataSource, StubDataWriter, AppCoordinator, UserDetailViewModel) {
        let source = StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
        let writer = StubDataWriter(source: source)
        await writer.failNext(with: .unwritableFile(path: "./db.json", reason: "the disk is full"))
        let (app, user) = try await openTodos(source: source, writer: writer)
        return (source, writer, app, user)
    }

    static func openTodos(source: any DataSource, writer: any DataWriter, log: RequestLog = RequestLog()) async throws
        -> (AppCoordinator, UserDetailViewModel)
    {
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: writer, log: log), onQuit: {})
        app.start()
        app.navigate(to: .users)
        let list = try #require(app.stack.top?.destination as? UserListViewModel)
        await list.load()
        list.list.openSelected()
        let user = try #require(app.stack.top?.destination as? UserDetailViewModel)
        await user.load()
        user.lists.show(.todos)
        return (app, user)
    }

    @Test("SQLite locked past --timeout, the person back on Users before the answer: the Users screen's status line names the todo and the lock; the row is unchanged in the file, the error in the Admin list")
    func lockedThenLeft() async throws {
        let (directory, path) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = RequestLog()
        let source = SQLiteDataSource(path: path, log: log, timeout: 0.2)
        let (app, user) = try await Self.openTodos(source: source, writer: SQLiteDataWriter(source: source), log: log)
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")
        user.lists.toggleSelectedTodo()
        #expect(user.lists.savingTodo == 1)
        #expect(app.stack.pop(), "Esc: back to Users before the save answers")
        let users = try #require(app.stack.top?.destination as? UserListViewModel)
        await app.editing.waitForIdle()
        try other.execute("ROLLBACK")
        #expect(app.stack.top?.destination === users)
        #expect(app.statusNote.text == "Todo 1 “water plants” not saved: Cannot save \(path): another program is writing to the "
                + "database (database is locked); the file is unchanged")
        #expect(try other.rows("SELECT completed FROM todos WHERE id = 1") == [[.integer(0)]], "the file keeps the todo as it was")
        #expect(log.snapshot.errors.contains { $0.error == .unwritableFile(path: path, reason: "another program is writing to the database (database is locked)") })
    }

    @Test("a post opened above the user's screen before the answer: the post's status line says it, and the Todos tab below reads the todo again as stored")
    func failedUnderAPost() async throws {
        let (source, writer, app, user) = try await Self.openTodosFailingNext()
        let todos = try #require(user.lists.todos)
        let todo = try #require(todos.selectedRow)
        var elsewhere = todo
        elsewhere.completed.toggle()
        elsewhere.title = "changed by another program"
        await source.store(elsewhere)   // stored meanwhile; the row still shows the old todo
        user.lists.toggleSelectedTodo()
        user.lists.show(.posts)
        user.list.openSelected()
        let post = try #require(app.stack.top?.destination as? PostDetailViewModel)
        await app.editing.waitForIdle()
        await user.lists.waitForSave()
        #expect(app.stack.top?.destination === post)
        #expect(app.statusNote.text == "Todo \(todo.id) “\(todo.title)” not saved: Cannot save ./db.json: the disk is full; the file is unchanged")
        #expect(await writer.log == ["toggle todo \(todo.id)"])
        #expect(todos.rows.first { $0.id == todo.id } == elsewhere, "the Todos tab below shows the todo as stored")
        #expect(user.lists.savingTodo == nil, "Space works again on the user's screen")
    }

    @Test("the user's screen still on top with its todos: its own line says it, and the app's note stays empty")
    func failedWhileShown() async throws {
        let (_, _, app, user) = try await Self.openTodosFailingNext()
        user.lists.toggleSelectedTodo()
        await app.editing.waitForIdle()
        await user.lists.waitForSave()
        #expect(user.lists.todoMessage == "Not saved: Cannot save ./db.json: the disk is full; the file is unchanged")
        #expect(app.statusNote.text == nil)
    }

    @Test("a save that succeeds after the person left changes the stored todo; nothing is said on the screen on top")
    func savedAfterLeaving() async throws {
        let source = StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
        let writer = StubDataWriter(source: source)
        let (app, user) = try await Self.openTodos(source: source, writer: writer)
        let todo = try #require(user.lists.todos?.selectedRow)
        user.lists.toggleSelectedTodo()
        #expect(app.stack.pop())
        await app.editing.waitForIdle()
        #expect(try await source.todos(userID: todo.userId).first { $0.id == todo.id }?.completed == !todo.completed)
        #expect(app.statusNote.text == nil)
    }
}
