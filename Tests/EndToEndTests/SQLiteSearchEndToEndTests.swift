import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Issue 25 item 4 through the real binary: Search on a database `bulletin import` made from the
/// recordings asks its FTS5 indexes, lists at most 200 of a kind with the database's count, opens
/// a result's post; without the comments' index it reads their 500 rows whole and says so.
@Suite("End to end: Search on a SQLite database", .serialized)
struct SQLiteSearchEndToEndTests {
    @Test("`et` on an imported database: Posts (n) and Comments (200 of N) from the FTS5 counts, Enter opens the first post, Esc returns; without comments_fts the notice says they are read whole and `olor` finds them by a part of a word",
          SharedData.needed)
    func search() async throws {
        try SharedData.requireAvailable()
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-search")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("jp.sqlite").path
        let imported = Subprocess.run([BulletinBinary.path, "import", SharedData.data("jsonplaceholder/db.json").path, database])
        #expect(imported.status == 0, "\(imported.output)")
        let connection = try SQLiteConnection(path: database, readOnly: true)
        func number(_ sql: String) throws -> Int { Int(try connection.rows(sql).first?.first?.integer ?? -1) }
        let posts = try number("SELECT count(*) FROM posts_fts WHERE posts_fts MATCH '\"et\"*'")
        let comments = try number("SELECT count(*) FROM comments_fts WHERE comments_fts MATCH '\"et\"*'")
        let first = try number("SELECT min(rowid) FROM posts_fts WHERE posts_fts MATCH '\"et\"*'")
        let title = try #require(try connection.rows("SELECT title FROM posts WHERE id = \(first)").first?.first?.text)
        #expect(posts > 0 && posts <= 100 && comments > 200)

        let session = try await TmuxSession.bulletin(["--data", database], open: "search?q=et", width: 100, height: 30,
                                                     showing: "Posts (\(posts))", "\(posts) posts · \(comments) comments")
        defer { session.close() }
        try await session.press("Enter", until: "Post \(first)", String(title.prefix(40)))
        try await session.press("Escape", until: "Posts (\(posts))")
        for _ in 0..<posts { session.send("Down") }   // to the first comment, its heading with it
        try await session.waitForAll(["Comments (200 of \(comments))"])
        try await session.quit()

        try WindowedPostsDatabase.dropFullText(of: "comments", in: database)
        let literal = try number("SELECT count(*) FROM comments WHERE name LIKE '%olor%' OR body LIKE '%olor%'")
        #expect(literal > 0)
        let heading = literal > 200 ? "Comments (200 of \(literal))" : "Comments (\(literal))"
        let scanned = try await TmuxSession.bulletin(["--data", database], open: "search?q=olor", width: 100, height: 30,
                                                     showing: "Comments have no FTS5 index: each search reads every row (500 comments)", heading)
        defer { scanned.close() }
        let screen = try await scanned.waitForAll([heading])
        #expect(!screen.contains("Posts ("), "posts go through posts_fts: no word starts with olor")
        try await scanned.quit()
    }
}
