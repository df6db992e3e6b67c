import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Issue 25 through the real binary: `--data` opens a SQLite database told by its header (here
/// named `team.json`), browsing it reads as the db.json it was made from, an edit is one
/// transaction checked in the database's row, and the Admin panel names the source.
@Suite("End to end: a SQLite database", .serialized)
struct SQLiteEndToEndTests {
    @Test("--data on a SQLite copy of the recordings: a user, their posts, a post's comments; e saves the title into the row; todos; the Admin panel",
          SharedData.needed)
    func browse() async throws {
        try SharedData.requireAvailable()
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("team.json")
        _ = try SQLiteImport.run(json: SharedData.data("jsonplaceholder/db.json").path, database: database.path)

        let session = try await TmuxSession.bulletin(["--data", database.path], open: "users/1", width: 100, height: 30,
                                                     showing: "Leanne Graham", "Posts (10)", "qui est esse")
        defer { session.close() }
        try await session.press("Enter", until: "Comments (5)", "id labore ex et quam laborum")
        try await session.press("e", until: "Edit post 1")
        session.send("C-u")   // the form opens on the title
        session.type("edited in sqlite")
        try await session.press("C-s", until: "Saved post 1 “edited in sqlite”", "team.json")   // the path shortened in the middle
        let other = try SQLiteConnection(path: database.path, readOnly: true)
        let row = try other.rows("SELECT userId, title, body FROM posts WHERE id = 1")
        #expect(row.first?[1] == .text("edited in sqlite"), "\(row)")
        #expect(row.first?[0] == .integer(1) && row.first?[2].text?.hasPrefix("quia et suscipit") == true, "the rest of the row as it was")
        #expect(try other.rows("PRAGMA integrity_check") == [[.text("ok")]])
        try await session.press("Escape", until: "Posts (10)", "edited in sqlite")
        try await session.press("3", until: "Todos (20)", "delectus aut autem")
        try await session.press(":", "admin", "Enter", until: "SQLite database", database.path, "Posts:     100", "Photos:    5000",
                                "SQLite:    \(SQLiteConnection.libraryVersion), journal mode delete", "Search:    FTS5 posts_fts, comments_fts")
        try await session.quit()
    }

    @Test("--db sqlite:PATH?mode=ro --map on another app's tables: its accounts as users, its articles as posts; edits say why not")
    func mappedReadOnly() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-map")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE accounts (account_no INTEGER PRIMARY KEY, display_name TEXT, handle TEXT, mail TEXT, plan TEXT);
            CREATE TABLE articles (id INTEGER PRIMARY KEY, author INTEGER REFERENCES accounts(account_no), headline TEXT, text TEXT);
            INSERT INTO accounts VALUES (7, 'Zoë Ångström', 'zoe', 'z@x.org', 'gold');
            INSERT INTO articles VALUES (1, 7, 'Hello from the app', 'First words');
            """)
        let map = "users=accounts,users.name=display_name,users.username=handle,users.email=mail,posts=articles,posts.title=headline,posts.body=text"
        let session = try await TmuxSession.bulletin(["--db", "sqlite:\(path)?mode=ro", "--map", map], open: "users", width: 100, height: 24,
                                                     showing: "Zoë Ångström", "zoe")
        defer { session.close() }
        try await session.press("Enter", until: "Posts (1)", "Hello from the app", "plan:", "gold")
        try await session.press("e", until: "Read-only: the database was opened read-only (mode=ro)")
        try await session.quit()
    }

    @Test("Esc while a save and a delete wait for another program's lock (--timeout 300) stops the wait: nothing written, the text kept; with the lock gone the save lands")
    func escStopsLockWait() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-lock")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("team.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT, email TEXT);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER, title TEXT, body TEXT);
            INSERT INTO users VALUES (1, 'Ann Lock', 'ann', 'a@x.org');
            INSERT INTO posts VALUES (1, 1, 'first title', 'first body'), (2, 1, 'second title', 'second body');
            """)
        let other = try SQLiteConnection(path: path)
        let session = try await TmuxSession.bulletin(["--db", "sqlite:\(path)", "--timeout", "300"], open: "users/1", width: 100, height: 24,
                                                     showing: "Ann Lock", "Posts (2)", "first title")
        defer { session.close() }
        try other.execute("BEGIN IMMEDIATE")
        try await session.press("e", until: "Edit post 1")
        session.send("C-u")
        session.type("typed while locked")
        try await session.press("C-s", until: "Esc stop waiting")
        try await session.press("Escape", until: "stopped waiting for another program", "Everything you typed is", "[ Retry ]")
        #expect(try other.rows("SELECT title FROM posts WHERE id = 1") == [[.text("first title")]], "nothing written")
        try await session.press("Escape", until: "typed while locked")   // keep editing: the text is there
        try other.execute("ROLLBACK")
        try await session.press("C-s", until: "Saved post 1 “typed while locked”")
        #expect(try other.rows("SELECT title FROM posts WHERE id = 1") == [[.text("typed while locked")]])

        try other.execute("BEGIN IMMEDIATE")
        session.send("Down")
        try await session.press("d", until: "Delete post 2?")
        try await session.press("Left", "Enter", until: "Deleting post 2…")
        try await session.press("Escape", until: "Could not delete post 2", "stopped waiting")
        #expect(session.capture().contains("Ann Lock"), "Esc stopped the wait, it did not go back a screen")
        try other.execute("ROLLBACK")
        #expect(try other.rows("SELECT count(*) FROM posts") == [[.integer(2)]], "nothing deleted")
        try await session.quit()
    }

    @Test("bulletin import ended by SIGTERM or SIGINT leaves no half-built database beside its output, and ends by that signal",
          arguments: [SIGTERM, SIGINT])
    func interruptedImport(signal number: Int32) async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-import-kill")
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("db.json")
        let posts = (1...200_000).map { #"{"userId":1,"id":\#($0),"title":"ferry crossing \#($0)","body":"harbour lights and the evening boat"}"# }
        try Data(#"{"users":[{"id":1,"name":"A"}],"posts":[\#(posts.joined(separator: ","))]}"#.utf8).write(to: json)
        let database = directory.appendingPathComponent("out.sqlite").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BulletinBinary.path)
        process.arguments = ["import", json.path, database]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let partial = database + ".importing-\(process.processIdentifier)"
        let deadline = ContinuousClock.now + .seconds(300)
        while !FileManager.default.fileExists(atPath: partial), process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        try #require(process.isRunning, "the import finished before it could be interrupted")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number)
        #expect(!FileManager.default.fileExists(atPath: partial), "the half-built database is removed")
        #expect(!FileManager.default.fileExists(atPath: database), "and no output is made")
    }

    @Test("a database with none of the tables says which it has, and exits with the terminal as it was")
    func noKnownTables() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-none")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("shop.db").path
        try SQLiteConnection(path: path, create: true).execute("CREATE TABLE orders (id INTEGER PRIMARY KEY); CREATE TABLE items (id INTEGER PRIMARY KEY)")
        let session = try await TmuxSession.bulletin(["--db", "sqlite:\(path)"], open: "users", width: 120, height: 24,
                                                     showing: "\(path) has no users, posts or comments (it has: orders, items)")
        defer { session.close() }
        try await session.quit()
    }

    @Test("--db sqlite: on a missing path, and --db or --data on a file that is not a database, are refused before the screen is taken: stderr names the file and why, status 2")
    func unusableDatabase() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.db").path
        let session = try TmuxSession(command: [BulletinBinary.path, "--db", "sqlite:\(missing)"])
        defer { session.close() }
        #expect(try await session.waitForExit() == 2)
        #expect(session.standardError == "bulletin: Cannot read \(missing): no such file\n", "\(session.standardError)")
        #expect(session.sttyAfter == session.sttyBefore)
        #expect(!FileManager.default.fileExists(atPath: missing), "no database was made")
        let notes = directory.appendingPathComponent("notes.db").path
        try Data("notes, not a database\n".utf8).write(to: URL(fileURLWithPath: notes))
        let damaged = directory.appendingPathComponent("damaged.sqlite").path
        try Data(SQLiteFile.header + [UInt8](repeating: 0x41, count: 4096)).write(to: URL(fileURLWithPath: damaged))
        for arguments in [["--db", "sqlite:\(notes)"], ["--db", "sqlite:\(notes)?mode=ro"], ["--data", damaged]] {
            let run = try BulletinBinary.runDetached(arguments)
            let path = arguments[1].hasPrefix("sqlite:") ? notes : damaged
            #expect(run.status == 2 && run.stderr == "bulletin: Cannot read \(path): file is not a database\n", "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("bulletin import and export, as commands: a one-line summary off a terminal, a progress bar on one; --force to replace",
          SharedData.needed)
    func importExportCommands() async throws {
        try SharedData.requireAvailable()
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-cmd")
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = SharedData.data("jsonplaceholder/db.json").path
        let database = directory.appendingPathComponent("jp.sqlite").path
        let imported = Subprocess.run([BulletinBinary.path, "import", json, database])
        #expect(imported.status == 0)
        #expect(imported.output.hasPrefix("Imported 10 users, 100 posts, 500 comments, 100 albums, 5000 photos, 200 todos in "), "\(imported.output)")
        #expect(imported.output.hasSuffix(" from \(json) into \(database)\n"))
        let again = Subprocess.run([BulletinBinary.path, "import", json, database])
        #expect(again.status == 1 && again.output == "bulletin: Cannot save \(database): it exists (add --force to replace it); the file is unchanged\n")
        let exported = directory.appendingPathComponent("back.json").path
        let export = Subprocess.run([BulletinBinary.path, "export", database, exported])
        #expect(export.status == 0 && export.output == "Exported 10 users, 100 posts, 500 comments, 100 albums, 5000 photos, 200 todos "
                + "from \(database) to \(exported)\n", "\(export.output)")
        let usage = Subprocess.run([BulletinBinary.path, "import", json])
        #expect(usage.status == 2 && usage.output.contains("import FILE.json OUT.sqlite needs a value"), "\(usage.output)")
        // On a terminal the import draws its progress on stderr and clears it before the summary.
        let session = try TmuxSession(command: ["sh", "-c", "'\(BulletinBinary.path)' import --force '\(json)' '\(database)'; sleep 30"],
                                      width: 120, height: 10)
        defer { session.close() }
        let screen = try await session.waitForAll(["Imported 10 users"])
        #expect(!screen.contains("░"), "the bar is cleared: \(screen)")
        let opened = try await TmuxSession.bulletin(["--data", exported], open: "users/1", width: 100, height: 24, showing: "Posts (10)")
        defer { opened.close() }
        try await opened.quit()
    }
}
