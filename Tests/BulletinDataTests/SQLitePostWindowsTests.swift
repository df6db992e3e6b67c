import BulletinTestSupport
import Foundation
import Synchronization
import Testing

@testable import BulletinData

/// The Posts list of a SQLite database read in windows by key (issue 25 item 3): walked
/// forwards and backwards window by window in every order, it holds every post once, in the
/// order a sort of all of them gives; positions, far jumps and lookups agree with it; the
/// filter is FTS5's word prefixes where the index is, a substring where it is not.
@Suite("SQLite Posts windows by key")
struct SQLitePostWindowsTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-windows-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Every row of `query`, read forwards from `.first` in windows of `size`, each after the last key.
    static func walkForward<Row>(_ source: any RecordWindows<Row>, _ query: WindowQuery, size: Int) async throws -> [Windowed<Row>] {
        var rows = try await source.window(query, start: .first, limit: size)
        while let last = rows.last {
            let next = try await source.window(query, start: .after(last.key), limit: size)
            if next.isEmpty { break }
            rows += next
        }
        return rows
    }

    /// Every row of `query`, read backwards from `.last`, each window before the first key.
    static func walkBackward<Row>(_ source: any RecordWindows<Row>, _ query: WindowQuery, size: Int) async throws -> [Windowed<Row>] {
        var rows = try await source.window(query, start: .last, limit: size)
        while let first = rows.first {
            let previous = try await source.window(query, start: .before(first.key), limit: size)
            if previous.isEmpty { break }
            rows = previous + rows
        }
        return rows
    }

    @Test("by id, title (NULL titles first) and author (NULL authors first), both ways: windows walk every post in the sorted order; positions, offsets and from-key reads agree",
          arguments: [("id", true), ("id", false), ("title", true), ("title", false), ("author", true), ("author", false)])
    func orders(field: String, ascending: Bool) async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory)
        let source = try #require(SQLiteDataSource(path: database.path).postWindows)
        let query = WindowQuery(sortField: field, ascending: ascending)
        let expected = database.ordered(by: field, ascending: ascending)
        #expect(expected.contains { $0.title == nil } && expected.contains { $0.author == nil }, "the data has NULLs in both columns")

        let forward = try await Self.walkForward(source, query, size: 37)
        #expect(forward.map(\.row.post.id) == expected.map { RecordID($0.id) })
        #expect(forward.map(\.row.author) == expected.map(\.author))
        #expect(forward.map(\.row.post.title) == expected.map { $0.title ?? "" })
        let backward = try await Self.walkBackward(source, query, size: 41)
        #expect(backward.map(\.row.post.id) == forward.map(\.row.post.id))
        #expect(try await source.count(query) == expected.count)

        for index in [0, 1, 16, 17, 300, 431, expected.count - 1] {
            let key = forward[index].key
            #expect(try await source.position(of: key, query) == index, "position of row \(index)")
            let from = try await source.window(query, start: .from(key), limit: 3)
            #expect(from.map(\.row.post.id) == forward[index..<min(index + 3, forward.count)].map(\.row.post.id))
            let offset = try await source.window(query, start: .offset(index), limit: 2)
            #expect(offset.first?.row.post.id == forward[index].row.post.id, "a far jump to position \(index)")
            let looked = try #require(try await source.key(id: forward[index].row.post.id, query))
            #expect(looked.key == key && looked.passes)
        }
        #expect(try await source.key(id: RecordID(99_999), query) == nil)
        #expect(try await source.window(query, start: .offset(expected.count), limit: 5).isEmpty)
    }

    @Test("the filter: with the FTS5 index a title's words that start with the text (accents and case folded), without it the text anywhere in a title; authors' names anywhere and the id either way; counts and windows agree",
          arguments: [true, false])
    func filter(fullText: Bool) async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, fullText: fullText)
        let source = try #require(SQLiteDataSource(path: database.path).postWindows)
        for text in ["ferr", "FERRY", "érry", "ferrante", "ångström", "41", "kettle", "zzz"] {
            let expected = database.posts.filter { database.passes($0, filter: text, fullText: fullText) }
            for (field, ascending) in [("id", true), ("title", false)] {
                let query = WindowQuery(filter: text, sortField: field, ascending: ascending)
                let walked = try await Self.walkForward(source, query, size: 29)
                let ordered = database.ordered(by: field, ascending: ascending).filter { database.passes($0, filter: text, fullText: fullText) }
                #expect(walked.map(\.row.post.id) == ordered.map { RecordID($0.id) }, "\(text) by \(field)")
                #expect(try await source.count(query) == expected.count, "\(text)")
            }
            let plan = await source.plan(WindowQuery(filter: text))
            #expect(plan.filterIsIndexed == fullText, "\(text): \(plan)")
            #expect((plan.advice?.contains("no FTS5 index") ?? false) == !fullText)
        }
        // A filter of no letters or digits (a space, punctuation) is the text anywhere, indexed or not.
        for text in [" ", ".", "’"] {
            let expected = database.posts.filter { database.passes($0, filter: text, fullText: false) }
            #expect(try await source.count(WindowQuery(filter: text)) == expected.count, "\"\(text)\"")
            #expect(text != " " || expected.count > database.posts.count / 2, "most titles hold a space")
        }
        // The two matchers differ where FTS5 sees words: `erry` is inside `Ferry`, not at a word's start.
        let inside = try await source.count(WindowQuery(filter: "afferry"))
        #expect(inside == (fullText ? 0 : database.posts.filter { $0.title == "Wafferry cake" }.count))
        #expect(try await source.count(WindowQuery(filter: "Wafferry")) == database.posts.filter { $0.title == "Wafferry cake" }.count)
        let hidden = try #require(try await source.key(id: RecordID(2), WindowQuery(filter: "ferry")))
        #expect(!hidden.passes, "post 2 is in the database but not in the filtered list")
    }

    @Test("a text with quotes or FTS5 operators is words to find, not a query: no syntax error, the words it holds matched")
    func literalFilter() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory)
        let source = try #require(SQLiteDataSource(path: database.path).postWindows)
        for text in ["\"ferry", "ferry OR garden", "kettle*", "NEAR(", "title:", "-ferry", "of the riv", "the\"\" ferry"] {
            let count = try await source.count(WindowQuery(filter: text))
            #expect(count == database.posts.filter { database.passes($0, filter: text, fullText: true) }.count, "\(text)")
        }
        #expect(try await source.count(WindowQuery(filter: "of the riv")) > 0, "words in a row, the last a prefix")
    }

    @Test("the order by title says it sorts every row without an index on the title, and how to make one")
    func sortPlan() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory)
        let source = try #require(SQLiteDataSource(path: database.path).postWindows)
        let plan = await source.plan(WindowQuery(sortField: "title"))
        #expect(!plan.sortIsIndexed)
        #expect(plan.advice == "CREATE INDEX ON \"posts\"(\"title\") makes this sort quick")
        try SQLiteConnection(path: database.path).execute("CREATE INDEX posts_title ON posts(title)")
        let indexed = try #require(SQLiteDataSource(path: database.path).postWindows)
        #expect(await indexed.plan(WindowQuery(sortField: "title")).sortIsIndexed)
        #expect(await indexed.plan(WindowQuery(sortField: "id")) == WindowPlan(sortIsIndexed: true, filterIsIndexed: true))
    }

    @Test("the fraction of an id in the unfiltered id order comes from the smallest and largest id; a filter or another order has none")
    func fraction() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 101)
        let source = try #require(SQLiteDataSource(path: database.path).postWindows)
        let key = try #require(try await source.key(id: RecordID(26), WindowQuery())).key
        #expect(try await source.fraction(of: key, WindowQuery()) == 0.25)
        #expect(try await source.fraction(of: key, WindowQuery(ascending: false)) == 0.75)
        #expect(try await source.fraction(of: key, WindowQuery(filter: "ferr")) == nil)
        let titled = try #require(try await source.key(id: RecordID(26), WindowQuery(sortField: "title"))).key
        #expect(try await source.fraction(of: titled, WindowQuery(sortField: "title")) == nil)
    }

    @Test("cancelReads stops a read running on the window connection with SQLITE_INTERRUPT, and the next read runs")
    func interrupt() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 30)
        let sqlite = SQLiteDataSource(path: database.path)
        let source = try #require(sqlite.postWindows)
        _ = try await source.count(WindowQuery())   // opens the window connection
        let endless = Task {
            try await sqlite.windowReader.rows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", [])
        }
        // Interrupt until the read ends: each call lands only while it runs. On a thread of its
        // own: the read holds one of the cooperative pool's two threads, and the suite's other
        // tests may hold the other (a Task here once waited behind them for good).
        final class Flag: Sendable { let raised = Mutex(false) }
        let stopped = Flag()
        let stopper = Thread {
            while !stopped.raised.withLock({ $0 }) {
                source.cancelReads()
                usleep(5_000)
            }
        }
        stopper.start()
        let outcome = await endless.result
        stopped.raised.withLock { $0 = true }
        #expect(throws: SQLiteError.self) { try outcome.get() }
        if case let .failure(error as SQLiteError) = outcome { #expect(error.primaryCode == 9) }
        #expect(try await source.count(WindowQuery()) == 30)
    }
}
