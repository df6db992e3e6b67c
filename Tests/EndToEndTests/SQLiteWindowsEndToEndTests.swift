import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Issue 25 item 3 through the real binary: the Posts list of a 20,000-post SQLite database is
/// read in windows by key, so End, `:ID`, the filter and a save each answer with the rows they
/// need, and the list stays where it was after the save (checked in the database's row).
@Suite("End to end: the Posts list of a SQLite database in windows", .serialized)
struct SQLiteWindowsEndToEndTests {
    @Test("20,000 posts: the count, End, :12345, / by FTS5, e on a far post saved into its row with the list staying on it; the post found stays selected with the filter off and sorted by title; ? says the filter is the database's")
    func browseAndSave() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-windows")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 20_000, users: 200)
        let title = { (id: Int) in try #require(database.posts[id - 1].title) }

        let session = try await TmuxSession.bulletin(["--data", database.path], open: "posts", width: 100, height: 30,
                                                     showing: "20000 posts", try title(1), try title(2))
        defer { session.close() }
        try await session.press("End", until: "20000 \(database.posts[19_999].author ?? "—")", try title(20_000), "20000 posts")
        try await session.press(":", "12345", "Enter", until: "12345 ", try title(12_345), try title(12_346), "20000 posts")

        try await session.press("e", until: "Edit post 12345")
        session.send("C-u")   // the form opens on the title
        session.type("far post renamed")
        try await session.press("C-s", until: "Saved post 12345 “far post renamed”")
        let row = try SQLiteConnection(path: database.path, readOnly: true).rows("SELECT userId, title, body FROM posts WHERE id = 12345")
        #expect(row == [[.integer(Int64(database.posts[12_344].userId)), .text("far post renamed"), .text("Body 12345")]])
        try await session.waitForAll(["12345 ", "far post renamed", try title(12_346), "saved to"])

        let matching = database.posts.filter { database.passes($0, filter: "ferryman", fullText: true) }
        #expect(!matching.isEmpty)
        try await session.press("/", "ferryman", until: "\(matching.count) of 20000", "ferryman’s log")
        // The post found stays selected with the filter taken off, and across a sort by title
        // (whose first rows are all capitalised titles: only a kept selection shows this one).
        let found = "\(matching[0].id) "
        try await session.press("Enter", "Escape", until: "20000 posts", found, "ferryman’s log")
        try await session.press("s", "s", "s", until: "Title ▲", found, "ferryman’s log", "20000 posts")
        try await session.press("?", until: "Filter the rows in the database by the title's text")
        try await session.press("Escape", until: "Title ▲", "20000 posts")
        try await session.quit()
    }
}
