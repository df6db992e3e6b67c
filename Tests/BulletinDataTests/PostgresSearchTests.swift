import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

/// Search on a PostgreSQL database (issue 26 item 2): through a `tsvector` column's index, through
/// trigram indexes, or by reading every row, each said by its method; the first rows in id
/// order and the count agree with the data; Esc (the task's cancellation) stops a search on the server.
@Suite("PostgreSQL Search")
struct PostgresSearchTests {
    static func load(_ extra: String = "", comments: Int = 90) throws -> (WindowedPostsDatabase, PostgresDataSource, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-pgsearch-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, comments: comments)
        let server = try PostgresTestServer.shared()
        let url = try database.loadPostgres(into: server)
        if !extra.isEmpty { try PostgresConnection(conninfo: url).execute(extra + "; ANALYZE") }
        return (database, PostgresDataSource(conninfo: url), url)
    }

    @Test("without an index every row is read, the text anywhere with case ignored; the notice's SQL makes trigram indexes, which then serve it")
    func scanThenTrigram() async throws {
        let (database, source, url) = try Self.load()
        let search = try #require(source.textSearching)
        let method = try await search.method(for: .posts)
        #expect(method == .scanEveryRow(rows: 600, advice: "CREATE EXTENSION pg_trgm; CREATE INDEX ON \"posts\" USING gin (\"title\" gin_trgm_ops); "
            + "CREATE INDEX ON \"posts\" USING gin (\"body\" gin_trgm_ops);"))
        for text in ["FERRY", "body 41", "zzz", "%"] {
            let expected = database.posts.filter { post in
                (post.title ?? "").lowercased().contains(text.lowercased()) || "body \(post.id)".contains(text.lowercased())
            }.map { RecordID($0.id) }
            #expect(try await search.posts(matching: text, limit: 10, wholeWords: false).map(\.id) == Array(expected.prefix(10)), "\(text)")
            #expect(try await search.count(matching: text, in: .posts) == expected.count, "\(text)")
        }
        let comments = try await search.comments(matching: "ferr", limit: 50, wholeWords: false)
        #expect(comments.map(\.id) == database.comments.filter { $0.value.lowercased().contains("ferr") }.keys.sorted().map { RecordID($0) })
        #expect(try await search.posts(matching: "  ", limit: 10, wholeWords: false).isEmpty, "nothing to find")

        guard case let .scanEveryRow(_, advice) = method else { return }
        try PostgresConnection(conninfo: url).execute(advice + " ANALYZE")
        let indexed = PostgresDataSource(conninfo: url)
        #expect(try await indexed.textSearching?.method(for: .posts) == .substring(index: "posts.title, posts.body"))
        #expect(try await indexed.textSearching?.count(matching: "FERRY", in: .posts) == (try await search.count(matching: "FERRY", in: .posts)))
    }

    @Test("a small table read whole for each search is counted, and the notice gives no index advice for it")
    func smallTable() async throws {
        let server = try PostgresTestServer.shared()
        let url = server.url(database: try server.createDatabase("""
            CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, username text);
            CREATE TABLE posts (id serial PRIMARY KEY, user_id integer REFERENCES users(id), title text, body text);
            INSERT INTO users (name, username) VALUES ('Ann', 'a');
            INSERT INTO posts (user_id, title, body) SELECT 1, 'post ' || n, 'body' FROM generate_series(1, 7) n;
            """))
        let search = try #require(PostgresDataSource(conninfo: url).textSearching)
        #expect(try await search.method(for: .posts) == .scanEveryRow(rows: 7, advice: ""), "never analysed: counted")
    }

    @Test("a tsvector column with a GIN index answers with words: in a row, the last a prefix unless whole words are asked")
    func fullText() async throws {
        let (database, source, _) = try Self.load("""
            ALTER TABLE posts ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || body)) STORED;
            CREATE INDEX posts_search ON posts USING gin (search); SET default_text_search_config = 'simple'
            """)
        let search = try #require(source.textSearching)
        #expect(try await search.method(for: .posts) == .fullText(table: "posts.search"))
        #expect(PostgresDataSource.textQuery("the ferr", wholeWords: false) == "the <-> ferr:*")
        #expect(PostgresDataSource.textQuery("it's! (x)", wholeWords: true) == "it <-> s <-> x")
        #expect(PostgresDataSource.textQuery("?!", wholeWords: false) == nil)
        // The server's default configuration is the database's: english stems, simple does not.
        let words = try await search.posts(matching: "kettle of", limit: 1000, wholeWords: false).map(\.id)
        let expected = database.posts.filter { WindowedPostsDatabase.wordsMatch(($0.title ?? "") + " Body \($0.id)", "kettle of") }
        #expect(!expected.isEmpty && words.count <= expected.count)
        #expect(Set(words).isSubset(of: Set(expected.map { RecordID($0.id) })))
        #expect(try await search.count(matching: "ferr", in: .posts) >= (try await search.count(matching: "ferry", in: .posts)))
    }

    @Test("Esc on a search reading every row (the task cancelled) stops it on the server at once (PQcancel), and the next one runs")
    func cancelled() async throws {
        // Each title read takes 0.1 s: reading the 600 posts' titles would take a minute.
        let (_, source, _) = try Self.load("""
            ALTER TABLE posts RENAME TO posts_data;
            CREATE FUNCTION slow_title(t text) RETURNS text AS $$ SELECT pg_sleep(0.1); SELECT t $$ LANGUAGE sql VOLATILE;
            CREATE VIEW posts AS SELECT id, user_id, slow_title(title) AS title, body FROM posts_data
            """)
        let search = try #require(source.textSearching)
        #expect(try await search.method(for: .comments) == .scanEveryRow(rows: 90, advice: ""), "90 comments: no index needed")
        let server = try PostgresTestServer.shared()
        let running = Task { try await search.count(matching: "ferry", in: .posts) }
        try await server.waitForRunning("SELECT count(*) FROM \"posts\"%", like: true)
        let cancelled = Date()
        running.cancel()
        await #expect(throws: DataError.cancelled) { try await running.value }
        #expect(Date().timeIntervalSince(cancelled) < 30, "stopped on the server, not left to read its minute")
        #expect(try await search.count(matching: "ferry", in: .comments) > 0, "the next search runs")
    }
}
