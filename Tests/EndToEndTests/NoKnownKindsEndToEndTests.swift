import BulletinTestSupport
import Foundation
import Testing

/// A db.json holding none of the kinds Bulletin reads, opened with `--data` in the real binary.
@Suite("End to end: a file with none of the kinds", .serialized)
struct NoKnownKindsEndToEndTests {
    @Test("a db.json holding only meals says it has no users, posts or comments and what it has")
    func onlyMeals() async throws {
        let path = "/tmp/bk-\(UUID().uuidString.prefix(6)).json"
        try Data(#"{"meals": [{"idMeal": "52772", "strMeal": "Teriyaki Chicken Casserole"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try await TmuxSession.bulletin(["--data", path], width: 120)
        defer { session.close() }
        session.send("Enter")
        let screen = try await session.waitForAll([
            "Could not load users", "db.json at \(path) has no users, posts or comments (it has: meals)",
        ])
        #expect(!screen.contains("0 users"))
        try await session.quit()
    }
}
