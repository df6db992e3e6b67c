import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

/// The SQLite door (issue 25, first part): the connection, the catalogue read without reading a
/// table's rows, the header that tells a database from a db.json, and the layout found by the
/// conventions or named by `--map`, with errors that say what the database has.
@Suite("SQLite: connection, schema and layout")
struct SQLiteSchemaTests {
    /// A new database file in its own directory, made with `sql`; the caller removes the directory.
    static func database(_ sql: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-sqlite-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("app.data")
        let connection = try SQLiteConnection(path: url.path, create: true)
        try connection.execute(sql)
        return url
    }

    static let jsonPlaceholder = """
        CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT, email TEXT, phone TEXT, website TEXT, nickname TEXT);
        CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER REFERENCES users(id), title TEXT, body TEXT);
        CREATE INDEX posts_user ON posts(userId);
        CREATE TABLE comments (id INTEGER PRIMARY KEY, post_id INTEGER, name TEXT, email TEXT, body TEXT,
                               FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE);
        CREATE VIRTUAL TABLE posts_fts USING fts5(title, body, content=posts, content_rowid=id, tokenize='unicode61 remove_diacritics 2');
        INSERT INTO users VALUES (1, 'Zoë Ångström', 'zoe', 'z@x.org', NULL, NULL, 'Z');
        INSERT INTO posts VALUES (1, 1, 'first', 'body one'), (2, 1, 'second', 'body two');
        """

    @Test("values go in and come back as SQLite stores them: integers, reals, text with NUL-free UTF-8, blobs, NULL")
    func values() throws {
        let url = try Self.database("CREATE TABLE t (a, b, c, d, e)")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let connection = try SQLiteConnection(path: url.path)
        let row: [SQLValue] = [.integer(Int64.max), .real(2.5), .text("Zoë \"quoted\" 山田"), .blob([0, 1, 255]), .null]
        let insert = try connection.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        try insert.bind(row)
        #expect(try insert.step() == false)
        #expect(connection.changes == 1 && connection.lastInsertRowID == 1)
        #expect(try connection.rows("SELECT * FROM t") == [row])
        #expect(try connection.rows("SELECT a FROM t WHERE c = ?", [.text("Zoë \"quoted\" 山田")]) == [[.integer(Int64.max)]])
        #expect(SQLValue.real(3).integer == 3 && SQLValue.text("12").integer == 12 && SQLValue.real(2.5).integer == nil)
        #expect(SQLValue.integer(7).text == "7" && SQLValue.null.text == nil)
    }

    @Test("errors name the file and say SQLite's words: a missing file, a file that is not a database, a bad statement, a lock")
    func errors() throws {
        let url = try Self.database("CREATE TABLE t (a)")
        let directory = url.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.db").path
        #expect(throws: SQLiteError.self) { try SQLiteConnection(path: missing) }
        #expect(!FileManager.default.fileExists(atPath: missing), "opening never creates a database")
        let json = directory.appendingPathComponent("db.sqlite")
        try Data(#"{"users": []}"#.utf8).write(to: json)
        do {
            _ = try SQLiteConnection(path: json.path)
            Issue.record("a JSON file opened as a database")
        } catch {
            #expect(error.isNotADatabase && error.description == "\(json.path): file is not a database", "\(error)")
        }
        let connection = try SQLiteConnection(path: url.path)
        do {
            try connection.execute("SELECT * FROM missing_table")
            Issue.record("no error")
        } catch {
            #expect(error.description == "\(url.path): no such table: missing_table")
        }
        let holder = try SQLiteConnection(path: url.path)
        try holder.execute("BEGIN IMMEDIATE")
        let waiting = try SQLiteConnection(path: url.path, busyTimeout: 50)
        do {
            try waiting.execute("BEGIN IMMEDIATE")
            Issue.record("a second writer got the lock")
        } catch {
            #expect(error.isBusy && error.message == "database is locked", "\(error)")
        }
        try holder.execute("ROLLBACK")
        let reader = try SQLiteConnection(path: url.path, readOnly: true)
        do {
            try reader.execute("INSERT INTO t VALUES (1)")
            Issue.record("a read-only connection wrote")
        } catch {
            #expect(error.isReadOnly, "\(error)")
        }
    }

    @Test("a database is told by its header, whatever its name; a db.json, an empty file and a missing one are not")
    func header() throws {
        let url = try Self.database("CREATE TABLE t (a)")
        let directory = url.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(SQLiteFile.hasHeader(url.path), "app.data is a database")
        let json = directory.appendingPathComponent("db.json")
        try Data(#"{"users": []}"#.utf8).write(to: json)
        let empty = directory.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(!SQLiteFile.hasHeader(json.path) && !SQLiteFile.hasHeader(empty.path))
        #expect(!SQLiteFile.hasHeader(directory.appendingPathComponent("none").path))
    }

    @Test("the schema lists tables with columns, keys, declared foreign keys and indexes; a full-text index is told apart, its shadow tables left out")
    func schema() throws {
        let url = try Self.database(Self.jsonPlaceholder)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let schema = try SQLSchema.read(from: SQLiteConnection(path: url.path, readOnly: true))
        #expect(schema.tables.map(\.name) == ["users", "posts", "comments", "posts_fts"])
        #expect(schema.tableNames == ["users", "posts", "comments"])
        let posts = try #require(schema.table(named: "POSTS"))
        #expect(posts.columns.map(\.name) == ["id", "userId", "title", "body"] && posts.primaryKey == ["id"])
        #expect(posts.foreignKeys == [.init(column: "userId", table: "users", referencedColumn: "id", onDelete: "NO ACTION")])
        #expect(posts.isIndexed("userid") && posts.isIndexed("id") && !posts.isIndexed("title"))
        #expect(schema.table(named: "comments")?.foreignKeys.first?.onDelete == "CASCADE")
        #expect(schema.table(named: "users")?.column(named: "name")?.notNull == true)
        #expect(schema.table(named: "posts_fts")?.fullText == .init(columns: ["title", "body"], contentTable: "posts"))
    }

    @Test("the conventions find json-server's tables, camelCase or snake_case columns and declared foreign keys; other columns are extra")
    func conventions() throws {
        let url = try Self.database(Self.jsonPlaceholder)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let schema = try SQLSchema.read(from: SQLiteConnection(path: url.path))
        let layout = try SQLLayout.resolve(schema, what: url.path)
        #expect(Set(layout.tables.keys) == [.users, .posts, .comments])
        let users = try #require(layout.table(.users))
        #expect(users.id == "id" && users.column("name") == "name" && users.extraColumns == ["nickname"])
        #expect(layout.table(.posts)?.column("userId") == "userId" && layout.table(.posts)?.onParentDelete == "NO ACTION")
        let comments = try #require(layout.table(.comments))
        #expect(comments.column("postId") == "post_id" && comments.onParentDelete == "CASCADE")
        #expect(SQLLayout.snakeCase("thumbnailUrl") == "thumbnail_url")
    }

    @Test("another app's database maps through --map: tables, the id, the parent and a renamed field; without it the error says what it has")
    func mapping() throws {
        let url = try Self.database("""
            CREATE TABLE accounts (account_no INTEGER PRIMARY KEY, display_name TEXT, handle TEXT, mail TEXT);
            CREATE TABLE articles (id INTEGER PRIMARY KEY, author INTEGER REFERENCES accounts(account_no) ON DELETE SET NULL,
                                   headline TEXT, text TEXT, published_at TEXT);
            """)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let schema = try SQLSchema.read(from: SQLiteConnection(path: url.path))
        #expect(throws: DataError.noKnownKinds(what: url.path, expected: ["users", "posts", "comments"], found: ["accounts", "articles"])) {
            try SQLLayout.resolve(schema, what: url.path)
        }
        #expect(DataError.noKnownKinds(what: url.path, expected: ["users", "posts", "comments"], found: ["accounts", "articles"]).description
            == "\(url.path) has no users, posts or comments (it has: accounts, articles)")
        let mapping = try SQLMapping(parsing: "users=accounts, users.name=display_name,users.username=handle,users.email=mail,"
                                        + "posts=articles,posts.title=headline,posts.body=text")
        let layout = try SQLLayout.resolve(schema, mapping: mapping, what: url.path)
        let users = try #require(layout.table(.users))
        #expect(users.table == "accounts" && users.id == "account_no" && users.column("name") == "display_name")
        let posts = try #require(layout.table(.posts))
        #expect(posts.column("userId") == "author", "the declared foreign key to accounts, the mapped users table")
        #expect(posts.column("title") == "headline" && posts.extraColumns == ["published_at"] && posts.onParentDelete == "SET NULL")
    }

    @Test("a mapping that cannot be read, or names what the database lacks, says which item and why")
    func mappingErrors() throws {
        #expect(throws: SQLMappingError(item: "postz=articles", reason: "postz is not one of users, posts, comments, albums, photos, todos")) {
            try SQLMapping(parsing: "postz=articles")
        }
        #expect(throws: SQLMappingError(item: "posts.author=x", reason: "posts have no field author (they have: id, userId, title, body)")) {
            try SQLMapping(parsing: "posts.author=x")
        }
        #expect(throws: SQLMappingError(item: "posts", reason: "expected KIND=TABLE or KIND.FIELD=COLUMN")) {
            try SQLMapping(parsing: "posts")
        }
        let url = try Self.database("CREATE TABLE posts (id INTEGER PRIMARY KEY, title TEXT)")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let schema = try SQLSchema.read(from: SQLiteConnection(path: url.path))
        #expect(throws: DataError.unreadableFile(path: url.path, reason: "posts: table posts has no column for its users (looked for userId, user_id "
                                                   + "and a foreign key to users); name one with --map posts.userId=COLUMN")) {
            try SQLLayout.resolve(schema, what: url.path)
        }
        // Beside a table that reads, one that does not is left out, and says why.
        let both = try Self.database("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT); CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)")
        defer { try? FileManager.default.removeItem(at: both.deletingLastPathComponent()) }
        let partial = try SQLLayout.resolve(SQLSchema.read(from: SQLiteConnection(path: both.path)), what: both.path)
        #expect(Set(partial.tables.keys) == [.users])
        // A users table the mapping names but whose name column it does not: said at once, not row by row.
        let accounts = try Self.database("CREATE TABLE accounts (account_no INTEGER PRIMARY KEY, display_name TEXT, handle TEXT)")
        defer { try? FileManager.default.removeItem(at: accounts.deletingLastPathComponent()) }
        #expect(throws: DataError.unreadableFile(path: accounts.path, reason: "table accounts has no column for a user's name (looked for name); "
                                                   + "name one with --map users.name=COLUMN (it has: account_no, display_name, handle)")) {
            try SQLLayout.resolve(SQLSchema.read(from: SQLiteConnection(path: accounts.path)),
                                     mapping: SQLMapping(parsing: "users=accounts"), what: accounts.path)
        }
        #expect(partial.leftOut == ["albums: table albums has no column for its users (looked for userId, user_id and a foreign key to users); "
                                    + "name one with --map albums.userId=COLUMN"])
        #expect(throws: DataError.unreadableFile(path: url.path, reason: "--map posts.userId=owner: table posts has no column owner (it has: id, title)")) {
            try SQLLayout.resolve(schema, mapping: SQLMapping(parsing: "posts.userId=owner"), what: url.path)
        }
        #expect(throws: DataError.unreadableFile(path: url.path, reason: "--map users=people: there is no table people (it has: posts)")) {
            try SQLLayout.resolve(schema, mapping: SQLMapping(parsing: "users=people"), what: url.path)
        }
    }
}
