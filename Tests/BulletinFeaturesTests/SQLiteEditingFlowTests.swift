import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// Deleting through the coordinators on a SQLite database (issue 25, item 5): the question says
/// what the schema does to the children, and undo puts back every row the delete removed.
@MainActor
@Suite("Editing flows on a SQLite database")
struct SQLiteEditingFlowTests {
    static func database(onDelete: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-sqlflow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("app.db")
        try SQLiteConnection(path: url.path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT, email TEXT);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER REFERENCES users(id) \(onDelete), title TEXT, body TEXT);
            INSERT INTO users VALUES (1, 'Ann', 'ann', 'a@x.org'), (2, 'Bo', 'bo', 'b@x.org');
            INSERT INTO posts VALUES (1, 1, 'one', 'b'), (2, 1, 'two', 'b'), (3, 2, 'three', 'b');
            """)
        return url
    }

    /// The app on the database at `url` with its writer, on the Users list, loaded.
    static func openUsers(_ url: URL) async throws -> (AppCoordinator, UserListViewModel) {
        let source = SQLiteDataSource(path: url.path)
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: SQLiteDataWriter(source: source)), onQuit: {})
        app.start()
        app.navigate(to: .users)
        let list = try #require(app.stack.top?.destination as? UserListViewModel)
        await list.load()
        return (app, list)
    }

    @Test("ON DELETE CASCADE: the question counts the posts that go with the user; u puts user and posts back with their ids",
          arguments: [("ON DELETE CASCADE", "user 1 “Ann” will be deleted from the data. Their 2 posts are deleted with them (ON DELETE CASCADE); undo puts them back too."),
                      ("ON DELETE SET NULL", "user 1 “Ann” will be deleted from the data. Their 2 posts stay, with no author (ON DELETE SET NULL)."),
                      ("", "user 1 “Ann” will be deleted from the data. Their 2 posts point at them, and the database refuses the delete "
                           + "while they do (FOREIGN KEY): delete them first.")])
    func deleteUser(rule: String, message: String) async throws {
        let url = try Self.database(onDelete: rule)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (app, list) = try await Self.openUsers(url)
        list.deleteSelectedUser()
        await app.editing.waitForIdle()
        let question = try #require(app.stack.top?.destination as? ConfirmationViewModel)
        #expect(question.question.message == message)
        question.answer(.confirm)
        await app.editing.waitForIdle()
        let other = try SQLiteConnection(path: url.path, readOnly: true)
        let before = try other.rows("SELECT id, userId FROM posts ORDER BY id")
        if rule.isEmpty {
            #expect(app.statusNote.text == "Could not delete user 1: Cannot save \(url.path): the database refuses: other rows point at "
                    + "this one (FOREIGN KEY constraint failed); the file is unchanged")
            #expect(list.users.map(\.name) == ["Ann", "Bo"] && before.count == 3, "nothing deleted")
            return
        }
        #expect(list.users.map(\.name) == ["Bo"])
        switch rule {
        case "ON DELETE CASCADE": #expect(before == [[.integer(3), .integer(2)]])
        case "ON DELETE SET NULL": #expect(before == [[.integer(1), .null], [.integer(2), .null], [.integer(3), .integer(2)]])
        default: break
        }
        list.undoDelete()
        await app.editing.waitForIdle()
        #expect(list.users.map(\.name) == ["Ann", "Bo"])
        #expect(try other.rows("SELECT id FROM users ORDER BY id") == [[.integer(1)], [.integer(2)]])
        if rule == "ON DELETE CASCADE" {
            #expect(try other.rows("SELECT id, userId, title FROM posts ORDER BY id")
                == [[.integer(1), .integer(1), .text("one")], [.integer(2), .integer(1), .text("two")], [.integer(3), .integer(2), .text("three")]])
        }
    }

    /// The app on the database at `url` on the Posts list (windows by key), loaded.
    static func openPosts(_ url: URL) async throws -> (AppCoordinator, PostListViewModel) {
        let source = SQLiteDataSource(path: url.path)
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: SQLiteDataWriter(source: source)), onQuit: {})
        app.start()
        app.navigate(to: .posts)
        let posts = try #require(app.stack.top?.destination as? PostListViewModel)
        await posts.load()
        #expect(posts.list.isWindowed)
        return (app, posts)
    }

    @Test("marks on a list read in windows: deleted marked posts lose their marks, so the next d asks about the selected post")
    func marksGoWithTheirPosts() async throws {
        let url = try Self.database(onDelete: "ON DELETE CASCADE")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (app, posts) = try await Self.openPosts(url)
        posts.list.toggleMark()
        posts.list.toggleMark()
        posts.deleteSelectedPost()
        await app.editing.waitForIdle()
        try #require(app.stack.top?.destination as? ConfirmationViewModel).answer(.confirm)
        await app.editing.waitForIdle()
        await posts.list.wait()
        #expect(try SQLiteConnection(path: url.path, readOnly: true).rows("SELECT id FROM posts") == [[.integer(3)]])
        #expect(posts.list.marks.isEmpty && posts.list.marksSummary == nil)
        posts.deleteSelectedPost()
        await app.editing.waitForIdle()
        #expect(try #require(app.stack.top?.destination as? ConfirmationViewModel).title == "Delete post 3?")
    }

    @Test("a marked post deleted elsewhere is named in the question and skipped; the rest are deleted; with every one gone, nothing is asked")
    func markedPostGoneElsewhere() async throws {
        let url = try Self.database(onDelete: "ON DELETE CASCADE")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (app, posts) = try await Self.openPosts(url)
        posts.list.toggleMark()
        posts.list.toggleMark()
        let other = try SQLiteConnection(path: url.path)
        try other.execute("DELETE FROM posts WHERE id = 2")
        posts.deleteSelectedPost()
        await app.editing.waitForIdle()
        let question = try #require(app.stack.top?.destination as? ConfirmationViewModel)
        #expect(question.title == "Delete post 1?")
        #expect(question.question.message.contains("Marked too, post 2 was gone already (deleted elsewhere)."), "\(question.question.message)")
        question.answer(.confirm)
        await app.editing.waitForIdle()
        #expect(try other.rows("SELECT id FROM posts") == [[.integer(3)]])
        // Every marked post gone: said, nothing asked, the marks dropped.
        await posts.list.wait()
        posts.list.select(id: RecordID(3))
        posts.list.toggleMark()
        try other.execute("DELETE FROM posts WHERE id = 3")
        posts.deleteSelectedPost()
        await app.editing.waitForIdle()
        await posts.list.wait()
        #expect(app.statusNote.text == "post 3 was gone already (deleted elsewhere): nothing to delete")
        #expect(!(app.stack.top?.destination is ConfirmationViewModel))
        #expect(posts.list.marks.isEmpty)
    }

    @Test("the Users list of a database of 1,234 users reads windows by key: one window at once, the count from the database; End reads the last window, not the rest; / and s are the database's")
    func usersInWindows() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-sqlwin-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("many.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT, email TEXT, company TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234)
            INSERT INTO users SELECT i, 'user ' || i, 'u' || (1235 - i), CASE WHEN i % 100 = 0 THEN NULL ELSE 'm' || i || '@example.org' END,
                json_object('name', 'Firm ' || (i % 7), 'bs', 'user')
            FROM n;
            """)
        let list = RecordListModel<User>.users(of: SQLiteDataSource(path: path))
        #expect(list.isWindowed)
        await list.load()
        #expect(list.rows.count == RecordListModel<User>.windowSize && list.rowCount == 1234)
        #expect(list.summary() == "1234 users")
        list.selectLast()
        await list.wait()
        #expect(list.selectedRow?.id == 1234, "End ends on the last user")
        #expect(list.rows.count < 1234, "the rows between were not read")
        #expect(list.cell(row: 1233, column: 4) == "Firm 2", "the company's name from its JSON")

        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "USER 12") }
        await list.wait()
        let expected = (1...1234).filter { "user \($0)".contains("user 12") }
        #expect(list.rowCount == expected.count && list.find.countText == "\(expected.count) of 1234")
        #expect((0..<expected.count).map { list.cell(row: $0, column: 0) } == expected.map(String.init))
        list.find.editFilter { $0.replace(with: "firm 3") }
        await list.wait()
        #expect(list.rowCount == (1...1234).filter { $0 % 7 == 3 }.count, "the company's name, not its JSON's keys")
        list.find.cancelFilter()
        await list.wait()

        list.find.cycleSort()   // ID
        list.find.cycleSort()   // Name
        list.find.cycleSort()   // Username: u1 is user 1234
        await list.wait()
        list.selectFirst()   // the user selected stays selected across a sort: the first rows are read again
        await list.wait()
        #expect(list.cell(row: 0, column: 0) == "1234" && list.cell(row: 0, column: 2) == "u1")
        list.find.cycleSort()   // Email: NULLs first
        await list.wait()
        #expect(list.selectedRow?.id == 1234, "user 1234, selected, stays selected")
        list.selectFirst()
        await list.wait()
        #expect((0..<12).map { list.cell(row: $0, column: 0) } == (1...12).map { String($0 * 100) })
    }

    @Test("Esc while a save waits for another program's lock stops the wait: the save fails at once with nothing written and everything typed kept")
    func escStopsLockWait() async throws {
        let url = try Self.database(onDelete: "")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (app, _) = try await Self.openUsers(url)
        let source = try #require(app.dependencies.source as? SQLiteDataSource)
        app.editing.handle(.editPost(1))
        await app.editing.waitForIdle()
        let form = try #require(app.stack.top?.destination as? RecordFormViewModel)
        let title = try #require(form.fields.firstIndex { $0.id == .title })
        while form.focus != title { form.focusNext() }
        form.edit { $0.replace(with: "mine") }
        let other = try SQLiteConnection(path: url.path)
        try other.execute("BEGIN IMMEDIATE")
        form.save()
        let deadline = ContinuousClock.now + .seconds(300)
        while !source.writeWait.isWaiting, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        form.cancel()   // Esc
        await form.waitForTasks()
        #expect(form.offersOverwrite == false && form.openQuestion?.message.contains("stopped waiting for another program") == true,
                "\(String(describing: form.openQuestion?.message))")
        #expect(form.fields[title].text == "mine", "everything typed is kept")
        try other.execute("ROLLBACK")
        #expect(try other.rows("SELECT title FROM posts WHERE id = 1") == [[.text("one")]], "nothing was written")
    }

    @Test("a post changed by another connection after the form opened: Ctrl-S fails as 'Changed since it was opened' with everything typed kept; Retry overwrites only the title")
    func changedSinceOpened() async throws {
        let url = try Self.database(onDelete: "")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (app, _) = try await Self.openUsers(url)
        app.editing.handle(.editPost(1))
        await app.editing.waitForIdle()
        let form = try #require(app.stack.top?.destination as? RecordFormViewModel)
        let other = try SQLiteConnection(path: url.path)
        try other.execute("UPDATE posts SET body = 'theirs' WHERE id = 1")
        let title = try #require(form.fields.firstIndex { $0.id == .title })
        while form.focus != title { form.focusNext() }
        form.edit { $0.replace(with: "mine") }
        form.save()
        await form.waitForTasks()
        #expect(form.failureTitle == "Changed since it was opened" && form.offersOverwrite)
        #expect(form.openQuestion?.selected == .keepEditing, "Enter keeps editing: overwriting is chosen, not the default")
        #expect(form.openQuestion?.message.contains("Overwrite writes only the fields you changed") == true)
        #expect(form.fields[title].text == "mine", "everything typed is kept")
        #expect(try other.rows("SELECT title, body FROM posts WHERE id = 1") == [[.text("one"), .text("theirs")]])
        form.retry()
        await form.waitForTasks()
        await app.editing.waitForIdle()
        #expect(try other.rows("SELECT title, body FROM posts WHERE id = 1") == [[.text("mine"), .text("theirs")]],
                "their body stays: only the title was written")
    }
}
