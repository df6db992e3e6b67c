import BulletinTestSupport
import Foundation
import Testing

/// Issue 21, items 4 and 5 in the real binary inside tmux: `:ca` Tab completes TheMealDB's own
/// `:categories`, `:users` there says TheMealDB has none, and `v` on a list shows the selected
/// record raw.
@Suite("End to end: list commands and v on a list", .serialized)
struct CommandsAndRawEndToEndTests {
    @Test("--mealdb: :ca Tab completes :categories, which opens the categories; :users says TheMealDB has none",
          .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipNotice)))
    func mealDBCommands() async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let session = try TmuxSession(command: [BulletinBinary.path, "--mealdb", server.baseURL.absoluteString])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        session.send(":")
        session.type("ca")
        session.send("Tab")
        try await session.waitFor(":categories")
        session.send("Enter")
        try await session.waitForAll(["Beef", "Chicken", "Dessert"])
        session.send(":")
        session.type("users")
        session.send("Enter")
        try await session.waitFor("TheMealDB has no users list")
        session.send("q")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore, "terminal settings restored")
    }

    @Test("v on the Users list of a db.json shows the selected user as the file holds it; Esc goes back")
    func rawOnList() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("db.json")
        try Data(#"{"users": [{"id": 1, "name": "Ada Quay", "username": "ada", "shoeSize": 41}, {"id": 2, "name": "Bo Pier", "username": "bo"}], "posts": [], "comments": []}"#.utf8)
            .write(to: db)
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", db.path, "open", "users"])
        defer { session.close() }
        try await session.waitForAll(["Ada Quay", "Bo Pier", "2 users"])
        session.send("Down")
        session.send("v")
        try await session.waitForAll(["Raw user 2", "\"username\": \"bo\"", "user 2 · "])
        session.send("Escape")
        try await session.waitForAll(["Ada Quay", "Bo Pier"])
        session.send("Up")
        session.send("v")
        try await session.waitForAll(["Raw user 1", "\"shoeSize\": 41"])
        session.send("q")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore, "terminal settings restored")
    }
}
