import BulletinTestSupport
import Foundation
import Synchronization
import Testing

@testable import BulletinData

/// A SQLite database as a source (issue 25, first stage: reading): a copy of the JSONPlaceholder
/// recordings reads as the db.json does, record for record; a mapped app database reads through
/// `--map`; a row that cannot be read is skipped and named; errors name the file.
@Suite("SQLite database as a source")
struct SQLiteDataSourceTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-sqlsrc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("a SQLite copy of the JSONPlaceholder recordings reads as the db.json does: users, posts, comments, albums, photos, todos, counts",
          SharedData.needed)
    func sameAsDBJSON() async throws {
        try SharedData.requireAvailable()
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = SharedData.data("jsonplaceholder/db.json")
        let database = directory.appendingPathComponent("db.sqlite")
        _ = try SQLiteImport.run(json: json.path, database: database.path)
        let sqlite = SQLiteDataSource(path: database.path)
        let file = FileDataSource(path: json.path)

        #expect(try await sqlite.users() == file.users())
        #expect(try await sqlite.user(id: 3) == file.user(id: 3))
        #expect(try await sqlite.posts(userID: 1) == file.posts(userID: 1))
        #expect(try await sqlite.post(id: 42) == file.post(id: 42))
        #expect(try await sqlite.comments(postID: 7) == file.comments(postID: 7))
        #expect(try await sqlite.allPosts() == file.allPosts())
        #expect(try await sqlite.allComments() == file.allComments())
        #expect(try await sqlite.albums(userID: 2) == file.albums(userID: 2))
        #expect(try await sqlite.photos(albumID: 5) == file.photos(albumID: 5))
        #expect(try await sqlite.todos(userID: 4) == file.todos(userID: 4))
        var statistics = try await sqlite.statistics()
        #expect(statistics.details.map(\.label) == ["File", "SQLite", "Tables", "Mapping", "Search"])
        #expect(statistics.details[3].value == "json-server's names (no --map)")
        #expect(statistics.details[1].value.hasPrefix(SQLiteConnection.libraryVersion + ", journal mode "))
        #expect(statistics.details[2].value == "posts 100, comments 500, albums 100, photos 5000, users 10, todos 200", "in the file's order")
        #expect(statistics.details[4].value == "FTS5 posts_fts, comments_fts", "the importer's full-text indexes")
        statistics.details = []
        #expect(try await statistics == file.statistics())
        await #expect(throws: DataError.notFound("post 999", location: database.path)) { try await sqlite.post(id: 999) }
        #expect(try await sqlite.postListing(partial: nil) == file.postListing(partial: nil), "the Posts list's rows and authors")
        let raw = try #require(try await sqlite.rawRecord(.user, id: 1))
        #expect(raw.hasPrefix("{\n  \"id\": 1,\n") && raw.contains("\"city\": \"Gwenborough\""), "\(raw)")
        #expect(sqlite.descriptor.description == "SQLite database \(database.path)")
        #expect(sqlite.vocabulary.userLists == [.posts, .albums, .todos], "a user's three tabs: the tables are there")
    }

    @Test("another app's tables read through --map; columns Bulletin does not model show in the raw view")
    func mapped() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.db").path
        let connection = try SQLiteConnection(path: path, create: true)
        // An app's database may hold an article whose author is gone (written with foreign keys off).
        try connection.execute("""
            PRAGMA foreign_keys = OFF;
            CREATE TABLE accounts (account_no INTEGER PRIMARY KEY, display_name TEXT, handle TEXT, mail TEXT, plan TEXT);
            CREATE TABLE articles (id INTEGER PRIMARY KEY, author INTEGER REFERENCES accounts(account_no), headline TEXT, text TEXT);
            INSERT INTO accounts VALUES (7, 'Zoë Ångström', 'zoe', 'z@x.org', 'gold');
            INSERT INTO articles VALUES (1, 7, 'Hello', 'First words'), (2, 7, 'Again', 'More words'), (3, 8, 'Orphan', 'no author');
            """)
        let mapping = try SQLMapping(parsing: "users=accounts,users.name=display_name,users.username=handle,users.email=mail,"
                                        + "posts=articles,posts.title=headline,posts.body=text")
        let source = SQLiteDataSource(path: path, mapping: mapping)
        #expect(source.vocabulary.userLists == [.posts], "no albums or todos table: no Albums or Todos tab")
        var expected = User(id: 7, name: "Zoë Ångström", username: "zoe", email: "z@x.org")
        expected.profile = .extra([SourceDetail("plan", "gold")])
        #expect(try await source.users() == [expected], "the column Bulletin does not model rides along for the detail screen")
        #expect(try await source.posts(userID: 7).map(\.title) == ["Hello", "Again"])
        #expect(try await source.allPosts().map(\.userId) == [7, 7, 8])
        let raw = try #require(try await source.rawRecord(.user, id: 7))
        #expect(raw == "{\n  \"id\": 7,\n  \"name\": \"Zoë Ångström\",\n  \"username\": \"zoe\",\n  \"email\": \"z@x.org\",\n  \"plan\": \"gold\"\n}")
        var statistics = try await source.statistics()
        #expect(statistics.details.first { $0.label == "Tables" }?.value == "users (accounts) 1, posts (articles) 3")
        #expect(statistics.details.first { $0.label == "Mapping" }?.value
                == "--map users=accounts, users.email=mail, users.name=display_name, users.username=handle, "
                + "posts=articles, posts.body=text, posts.title=headline", "the --map given, kinds in order, then each kind's fields")
        #expect(try SQLMapping(parsing: "users=accounts, users.name=display_name") == SQLMapping(parsing: "users=accounts,users.name=display_name"),
                "the Admin panel's spaced form reads back as --map")
        #expect(statistics.details.last?.value == "no FTS5 index (Search reads a table of up to 100,000 rows whole)")
        statistics.details = []
        #expect(statistics == DataStatistics(users: 1, posts: 3, comments: 0))
        await #expect(throws: DataError.noKnownKinds(what: path, expected: ["users", "posts", "comments"], found: ["accounts", "articles"])) {
            try await SQLiteDataSource(path: path).users()
        }
    }

    @Test("a row that cannot be read is skipped and named by file, table and row; the others load")
    func badRowSkipped() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        let connection = try SQLiteConnection(path: path, create: true)
        try connection.execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT);
            INSERT INTO users VALUES (1, 'Ann', 'ann'), (2, NULL, 'nobody'), (3, 'Cy', 'cy');
            """)
        let list = try await SQLiteDataSource(path: path).userList()
        #expect(list.records.map(\.id) == [1, 3])
        let issue = try #require(list.issues.first)
        #expect(list.issues.count == 1 && issue.effect == .skipped && issue.location == "\(path), table users, row 2", "\(list.issues)")
    }

    @Test("a missing file and a file that is not a database say so, naming the file")
    func openErrors() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.db").path
        await #expect(throws: DataError.unreadableFile(path: missing, reason: "unable to open database file")) {
            try await SQLiteDataSource(path: missing).users()
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("the source's label names the file, and says read-only when opened with mode=ro (Home shows it)")
    func label() {
        #expect(SQLiteDataSource(path: "/data/app.db").descriptor.description == "SQLite database /data/app.db")
        #expect(SQLiteDataSource(path: "/data/app.db", readOnly: true).descriptor.description
                == "SQLite database /data/app.db, read-only (mode=ro)")
    }

    @Test("the Users list reads windows by key: 500 a page, the next after the last id, the last page without a cursor")
    func userWindows() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("many.db").path
        let connection = try SQLiteConnection(path: path, create: true)
        try connection.execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234)
            INSERT INTO users SELECT i * 2, 'user ' || i, 'u' || i FROM n;
            """)
        let source = SQLiteDataSource(path: path)
        let first = try await source.userPage(after: nil)
        #expect(first.list.records.count == 500 && first.list.records.first?.id == 2 && first.list.records.last?.id == 1000)
        #expect(first.next == PageCursor("i:1000"))
        let second = try await source.userPage(after: try #require(first.next))
        #expect(second.list.records.map(\.id.number) == (501...1000).map { $0 * 2 })
        let third = try await source.userPage(after: try #require(second.next))
        #expect(third.list.records.count == 234 && third.next == nil, "the last window has no cursor")
        let all = try await source.users()
        #expect(all.count == 1234 && all == first.list.records + second.list.records + third.list.records)
    }

    @Test("the Posts list of 45,000 posts comes in batches of 20,000 in id order, no body read, and the batches make the whole")
    func postBatches() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("posts.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT);
            INSERT INTO users VALUES (1, 'Ann', 'ann'), (2, 'Bo', 'bo');
            CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER, title TEXT, body TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 45000)
            INSERT INTO posts SELECT i, 1 + i % 3, 'title ' || i, NULL FROM n;
            """)
        let batches = Mutex<[PostBatch]>([])
        let listing = try await SQLiteDataSource(path: path).postListing { batch in batches.withLock { $0.append(batch) } }
        let seen = batches.withLock { $0 }
        #expect(seen.map(\.posts.count) == [20_000, 20_000, 5_000])
        #expect(seen.flatMap(\.posts) == listing.posts && listing.posts.count == 45_000)
        #expect(listing.posts.first == PostSummary(id: 1, userId: 2, title: "title 1"))
        #expect(listing.authors == [RecordID(1): "Ann", RecordID(2): "Bo"], "user 3 has no record: the list shows —")
        #expect(listing.issues.isEmpty, "a NULL body is not read, so it is no problem here")
    }
}
