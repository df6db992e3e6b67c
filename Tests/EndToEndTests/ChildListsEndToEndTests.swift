import BulletinTestSupport
import Foundation
import Testing

/// `--api` against a server that ignores `?userId=`/`?postId=` (`--behave ignores-filters`):
/// a user shows their own posts, a post its own comments, the delete dialog the right count,
/// and the Admin panel says what the server does. Each check is on one capture.
@Suite("End to end: child lists on a server that ignores filters", .serialized)
struct ChildListsEndToEndTests {
    static let embeddedFile = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")

    @Test("Users → Margaret Okafor shows Posts (10), her post Comments (5), d says its 5 comments stay, the panel names the filter")
    func ignoredFilters() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.embeddedFile.path, "--behave", "ignores-filters"])
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString])
        defer { session.close() }
        try await session.press("Enter", until: "Home › Users", "Margaret Okafor", "10 users")
        try await session.press("Enter", until: "Home › Users › Margaret Okafor", "Posts (10)",
                                        "What the market taught me about neighbours")
        try await session.press("d", until: "Delete post 1?", "5 comments stay.")
        session.send("Escape")
        try await session.waitForAbsence(of: "Delete post 1?")
        try await session.press("Enter", until: "What the market taught me about neighbours", "Comments (5)", "users/1/posts/1")
        try await session.press("Escape", until: "Posts (10)")
        try await session.press("Escape", until: "10 users")
        try await session.press("Escape", until: "Welcome to Bulletin")
        for _ in 0..<3 { session.send("Down") }
        session.send("Enter")
        try await session.waitForAll(["Server behaviour", "The server ignores GET /posts?userId=",
                                "The server ignores GET /comments?postId="])
        try await session.quit()
    }
}
