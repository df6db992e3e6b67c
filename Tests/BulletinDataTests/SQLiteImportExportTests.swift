import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

/// `bulletin import` and `bulletin export` (issue 25, item 7): a db.json becomes tables with keys,
/// parent indexes and FTS5 indexes kept in step by triggers; the export is the same data by
/// value; import → export → import gives the same rows; outputs are never overwritten without
/// --force; a broken record names where it is.
@Suite("SQLite import and export")
struct SQLiteImportExportTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-sqlie-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Every row of every table but the full-text indexes, by table.
    static func rows(_ path: String) throws -> [String: [[SQLValue]]] {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        let schema = try SQLSchema.read(from: connection)
        var rows: [String: [[SQLValue]]] = [:]
        for table in schema.tables where table.fullText == nil {
            rows[table.name] = try connection.rows("SELECT * FROM \(SQLText.quote(table.name)) ORDER BY id")
        }
        return rows
    }

    @Test("the recordings: import, export, import again: the export equals the db.json by value, and the second import the first row for row",
          SharedData.needed)
    func roundTrip() throws {
        try SharedData.requireAvailable()
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = SharedData.data("jsonplaceholder/db.json")
        let first = directory.appendingPathComponent("first.sqlite").path
        let summary = try SQLiteImport.run(json: original.path, database: first)
        #expect(summary.counts.map(\.kind) == [.users, .posts, .comments, .albums, .photos, .todos])
        #expect(summary.counts.map(\.count) == [10, 100, 500, 100, 5000, 200])
        let exported = directory.appendingPathComponent("back.json").path
        let counts = try SQLiteExport.run(database: first, json: exported)
        #expect(counts.map(\.count) == [10, 100, 500, 100, 5000, 200])
        let before = try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported))) as? NSDictionary
        #expect(before != nil && before == after, "the same users, posts, comments, albums, photos and todos, member by member")
        let second = directory.appendingPathComponent("second.sqlite").path
        _ = try SQLiteImport.run(json: exported, database: second)
        #expect(try Self.rows(first) == Self.rows(second))
        #expect(!FileManager.default.fileExists(atPath: first + ".importing-\(getpid())"), "nothing left beside the output")
    }

    @Test("tables get keys by the first id's type, columns by the first value's JSON type, parent indexes, and FTS5 indexes with triggers")
    func schema() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("db.json")
        try Data("""
            {"users": [{"id": 1, "name": "Zoë", "username": "z", "address": {"city": "Kraków"}, "admin": true}],
             "posts": [{"userId": 1, "id": 1, "title": "Café crème", "body": "résumé"}, {"userId": 1, "id": 2, "title": "b", "body": "c", "score": 2.5}],
             "comments": [], "meta": {"version": 3},
             "todos": [{"userId": 1, "id": "t-1", "title": "x", "completed": false}]}
            """.utf8).write(to: json)
        let database = directory.appendingPathComponent("db.sqlite").path
        _ = try SQLiteImport.run(json: json.path, database: database)
        let connection = try SQLiteConnection(path: database)
        let schema = try SQLSchema.read(from: connection)
        #expect(schema.tableNames == ["users", "posts", "todos"], "comments had no record, meta is not a collection")
        let users = try #require(schema.table(named: "users"))
        #expect(users.columns.map(\.declaredType) == ["INTEGER", "TEXT", "TEXT", "JSON", "BOOLEAN"] && users.primaryKey == ["id"])
        #expect(schema.table(named: "posts")?.columns.last == .init(name: "score", declaredType: "REAL", primaryKeyPosition: 0, notNull: false))
        #expect(schema.table(named: "todos")?.columns.first?.declaredType == "TEXT", "a string id makes a TEXT key")
        #expect(schema.table(named: "posts")?.isIndexed("userId") == true)
        #expect(schema.table(named: "posts_fts")?.fullText == .init(columns: ["title", "body"], contentTable: "posts"))
        // Accent-insensitive, as the tokenizer is declared.
        #expect(try connection.rows("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'cafe'") == [[.integer(1)]])
        // An edit through Bulletin's writer keeps the index in step (the triggers).
        let source = SQLiteDataSource(path: database)
        var post = try await source.post(id: 1)
        let original = post
        post.title = "Thé vert"
        _ = try await SQLiteDataWriter(source: source).update(.post(post), original: .post(original), overwriteIfChanged: false)
        #expect(try connection.rows("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'cafe'").isEmpty)
        #expect(try connection.rows("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'the'") == [[.integer(1)]])
        #expect(try connection.rows("INSERT INTO posts_fts(posts_fts) VALUES('integrity-check')").isEmpty)
        // Booleans and objects come back as JSON's.
        let exported = directory.appendingPathComponent("back.json").path
        _ = try SQLiteExport.run(database: database, json: exported)
        let back = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported))) as? [String: Any])
        let user = try #require((back["users"] as? [[String: Any]])?.first)
        #expect((user["admin"] as? Bool) == true && (user["address"] as? [String: String]) == ["city": "Kraków"])
        #expect(((back["todos"] as? [[String: Any]])?.first?["completed"] as? Bool) == false)
        #expect((back["comments"]) == nil)
    }

    @Test("the full-text indexes are rebuilt gathering 128 MiB in memory (FTS5's hashsize), and FTS5's default is set back after it")
    func fullTextHash() throws {
        let sql = SQLiteFullText.creation("posts_fts", of: "posts", columns: ["title", "body"], id: "id", hashBytes: 4096)
        let steps = sql.split(separator: "\n").map(String.init)
        #expect(steps.count == 4)
        #expect(steps[1] == "INSERT INTO \"posts_fts\"(\"posts_fts\", rank) VALUES('hashsize', 4096);")
        #expect(steps[2] == "INSERT INTO \"posts_fts\"(\"posts_fts\") VALUES('rebuild');")
        #expect(steps[3] == "INSERT INTO \"posts_fts\"(\"posts_fts\", rank) VALUES('hashsize', 1048576);")
        #expect(!SQLiteFullText.creation("posts_fts", of: "posts", columns: ["title"], id: "id").contains("hashsize"),
                "the advice Search gives names no hashsize")
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("db.json")
        let posts = (1...2_000).map { #"{"userId": 1, "id": \#($0), "title": "ferry \#($0)", "body": "harbour crossing number \#($0)"}"# }
        try Data(#"{"users": [{"id": 1, "name": "A"}], "posts": [\#(posts.joined(separator: ","))]}"#.utf8).write(to: json)
        let database = directory.appendingPathComponent("db.sqlite").path
        _ = try SQLiteImport.run(json: json.path, database: database)
        let connection = try SQLiteConnection(path: database)
        #expect(try connection.rows("SELECT v FROM posts_fts_config WHERE k = 'hashsize'") == [[.integer(1_048_576)]])
        #expect(try connection.rows("SELECT count(*) FROM posts_fts WHERE posts_fts MATCH 'ferr*'") == [[.integer(2_000)]])
        #expect(try connection.rows("INSERT INTO posts_fts(posts_fts) VALUES('integrity-check')").isEmpty)
    }

    @Test("an output that exists is kept unless --force; a broken record names its collection and element; a one-array file is named by its name")
    func refusalsAndErrors() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("posts-2024.json")
        try Data(#"[{"userId": 1, "id": 1, "title": "a", "body": "b"}]"#.utf8).write(to: json)
        let database = directory.appendingPathComponent("out.sqlite").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: database))
        #expect(throws: DataError.unwritableFile(path: database, reason: "it exists (add --force to replace it)")) {
            try SQLiteImport.run(json: json.path, database: database)
        }
        #expect(try String(contentsOfFile: database, encoding: .utf8) == "keep me")
        let summary = try SQLiteImport.run(json: json.path, database: database, force: true)
        #expect(summary.counts.map(\.kind) == [.posts] && summary.counts.map(\.count) == [1])
        let broken = directory.appendingPathComponent("db.json")
        try Data(#"{"users": [{"id": 1, "name": "a", "username": "b"}, {"id": 2, "name": tru}]}"#.utf8).write(to: broken)
        let other = directory.appendingPathComponent("other.sqlite").path
        do {
            _ = try SQLiteImport.run(json: broken.path, database: other)
            Issue.record("a broken record was imported")
        } catch {
            guard case let .malformedJSON(path, location, _) = error else { Issue.record("\(error)"); return }
            #expect(path == "$.users[1]" && location == broken.path)
        }
        #expect(!FileManager.default.fileExists(atPath: other), "no half-made database")
        let exported = directory.appendingPathComponent("x.json").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: exported))
        #expect(throws: DataError.unwritableFile(path: exported, reason: "it exists (add --force to replace it)")) {
            try SQLiteExport.run(database: database, json: exported)
        }
    }
}
