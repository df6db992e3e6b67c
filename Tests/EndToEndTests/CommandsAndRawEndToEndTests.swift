import BulletinTestSupport
import Foundation
import Testing

/// Issue 21, items 4 and 5 in the real binary inside tmux: `:ca` Tab completes TheMealDB's own
/// `:categories`, `:users` there says TheMealDB has none, and `v` on a list shows the selected
/// record raw.
@Suite("End to end: list commands and v on a list", .serialized)
struct CommandsAndRawEndToEndTests {
    @Test("--mealdb: :ca Tab completes :categories, which opens the categories; :users says TheMealDB has none",
          SharedData.needed)
    func mealDBCommands() async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--mealdb", server.baseURL.absoluteString])
        defer { session.close() }
        session.send(":")
        session.type("ca")
        try await session.press("Tab", until: ":categories")
        try await session.press("Enter", until: "Beef", "Chicken", "Dessert")
        session.send(":")
        session.type("users")
        try await session.press("Enter", until: "TheMealDB has no users list")
        try await session.quit()
    }

    @Test("v on the Users list of a db.json shows the selected user as the file holds it; Esc goes back")
    func rawOnList() async throws {
        let db = try TmuxSession.scratchFile("bulletin-raw", contents: Data(
            #"{"users": [{"id": 1, "name": "Ada Quay", "username": "ada", "shoeSize": 41}, {"id": 2, "name": "Bo Pier", "username": "bo"}], "posts": [], "comments": []}"#.utf8))
        defer { try? FileManager.default.removeItem(at: db.deletingLastPathComponent()) }
        let session = try await TmuxSession.bulletin(["--data", db.path], open: "users", showing: "Ada Quay", "Bo Pier", "2 users")
        defer { session.close() }
        try await session.press("Down", "v", until: "Raw user 2", "\"username\": \"bo\"", "user 2 · ")
        try await session.press("Escape", until: "Ada Quay", "Bo Pier")
        try await session.press("Up", "v", until: "Raw user 1", "\"shoeSize\": 41")
        try await session.quit()
    }
}
