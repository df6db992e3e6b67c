import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

/// The Posts list of a PostgreSQL database read in windows by key (issue 26 item 2), through
/// the same SQL layer as SQLite's: walked both ways in every order it holds every post once, in
/// the order a sort of all of them gives; positions, far jumps and lookups agree; the filter is
/// `ILIKE` (case ignored), said to use the trigram index where one exists.
@Suite("PostgreSQL Posts windows by key")
struct PostgresPostWindowsTests {
    /// The 600 posts of ``WindowedPostsDatabase`` in a new database of the shared test server.
    static func load(trigram: Bool = false) throws -> (WindowedPostsDatabase, PostgresDataSource) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-pgwin-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory)
        let url = try database.loadPostgres(into: try PostgresTestServer.shared(), trigram: trigram)
        return (database, PostgresDataSource(conninfo: url))
    }

    @Test("by id, title and author, both ways: windows walk every post in the sorted order (NULLs first); positions, offsets and from-key reads agree")
    func orders() async throws {
        let (database, postgres) = try Self.load()
        let source = try #require(postgres.postWindows)
        for (field, ascending) in [("id", true), ("id", false), ("title", true), ("title", false), ("author", true), ("author", false)] {
            let query = WindowQuery(sortField: field, ascending: ascending)
            let expected = database.ordered(by: field, ascending: ascending)
            let forward = try await SQLitePostWindowsTests.walkForward(source, query, size: 37)
            #expect(forward.map(\.row.post.id) == expected.map { RecordID($0.id) }, "\(field) \(ascending)")
            #expect(forward.map(\.row.author) == expected.map(\.author))
            let backward = try await SQLitePostWindowsTests.walkBackward(source, query, size: 41)
            #expect(backward.map(\.row.post.id) == forward.map(\.row.post.id))
            #expect(try await source.count(query) == expected.count)
            for index in [0, 16, 17, 431, expected.count - 1] {
                let key = forward[index].key
                #expect(try await source.position(of: key, query) == index, "position of row \(index), \(field) \(ascending)")
                let from = try await source.window(query, start: .from(key), limit: 3)
                #expect(from.map(\.row.post.id) == forward[index..<min(index + 3, forward.count)].map(\.row.post.id))
                let offset = try await source.window(query, start: .offset(index), limit: 2)
                #expect(offset.first?.row.post.id == forward[index].row.post.id)
                let looked = try #require(try await source.key(id: forward[index].row.post.id, query))
                #expect(looked.key == key && looked.passes)
            }
        }
        #expect(try await source.key(id: RecordID(99_999), WindowQuery()) == nil)
    }

    @Test("the filter is ILIKE on titles and authors' names (case ignored, % and _ literal) or the id; the plan says whether a trigram index serves it",
          arguments: [false, true])
    func filter(trigram: Bool) async throws {
        let (database, postgres) = try Self.load(trigram: trigram)
        let source = try #require(postgres.postWindows)
        for text in ["ferr", "FERRY", "férry", "ferrante", "ÅNGSTRÖM", "41", "kettle", "%", "_", "zzz"] {
            let expected = database.ordered(by: "title", ascending: false).filter { database.passesILike($0, filter: text) }
            let query = WindowQuery(filter: text, sortField: "title", ascending: false)
            let walked = try await SQLitePostWindowsTests.walkForward(source, query, size: 29)
            #expect(walked.map(\.row.post.id) == expected.map { RecordID($0.id) }, "\(text)")
            #expect(try await source.count(query) == expected.count, "\(text)")
            let plan = await source.plan(WindowQuery(filter: text))
            #expect(plan.filterIsIndexed == trigram, "\(text): \(plan)")
            #expect((plan.advice?.contains("no trigram index on posts.title") ?? false) == !trigram, "\(plan)")
        }
        #expect(try await source.count(WindowQuery(filter: "%")) == 0, "a % typed is a percent sign, not a wildcard")
        let details = try await postgres.statistics().details.first { $0.label == "Filter" }?.value
        #expect(details == (trigram ? "ILIKE with pg_trgm on posts.title" : "ILIKE, no trigram index (every row is read)"))
    }
}
