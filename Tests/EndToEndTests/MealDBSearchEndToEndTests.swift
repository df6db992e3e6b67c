import BulletinTestSupport
import Foundation
import Testing

/// Search on TheMealDB in the real binary: the query goes to `search.php?s=`, a result opens the whole meal.
@Suite("End to end: TheMealDB search in tmux", .serialized,
       SharedData.needed)
struct MealDBSearchEndToEndTests {
    @Test("--mealdb open search?q=chicken: the recorded meals found by the server; Enter opens one with its ingredients")
    func searchChicken() async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let session = try TmuxSession(
            command: [BulletinBinary.path, "--mealdb", server.baseURL.absoluteString, "open", "search?q=chicken"],
            width: 100, height: 40)
        defer { session.close() }
        try await session.waitForAll(["Chicken Handi", "Chicken Congee", "Jerk chicken with rice & peas", "(25)"])
        try await session.press("Enter", until: "Chicken Handi", "in Chicken", "Area:    Indian", "Ingredients (", "Instructions")
        try await session.quit()
        let paths = try await server.requests().map(\.path)
        #expect(paths.first == "/search.php?s=chicken")
        #expect(!paths.contains { $0.hasPrefix("/filter.php") }, "nothing loaded up front: \(paths)")
    }
}
