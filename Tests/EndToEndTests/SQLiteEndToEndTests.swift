import BulletinTestSupport
import Foundation
import Testing

/// Issue 25, first stage, through the real binary: `--data` opens a SQLite database told by
/// its header (here named `team.json`), and browsing it reads as the db.json it was made from;
/// edits are refused with the reason, and the Admin panel names the source.
@Suite("End to end: a SQLite database", .serialized)
struct SQLiteEndToEndTests {
    @Test("--data on a SQLite copy of the recordings: a user, their posts, a post's comments, the todos; e says why not; the Admin panel names it",
          SharedData.needed)
    func browse() async throws {
        try SharedData.requireAvailable()
        let directory = try TmuxSession.scratchDirectory("bulletin-sqlite-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("team.json")
        try SQLiteCopy.make(from: SharedData.data("jsonplaceholder/db.json"), to: database)

        let session = try await TmuxSession.bulletin(["--data", database.path], open: "users/1", width: 100, height: 30,
                                                     showing: "Leanne Graham", "Posts (10)", "qui est esse")
        defer { session.close() }
        try await session.press("Enter", until: "Comments (5)", "id labore ex et quam laborum")
        try await session.press("e", until: "Read-only: edits to SQLite databases are not supported yet")
        try await session.press("Escape", until: "Posts (10)")
        try await session.press("3", until: "Todos (20)", "delectus aut autem")
        try await session.press(":", "admin", "Enter", until: "SQLite database", database.path, "Posts:     100", "Photos:    5000")
        try await session.quit()
    }
}
