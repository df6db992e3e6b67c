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
        let session = try TmuxSession(command: [BulletinBinary.path, "--api", server.baseURL.absoluteString])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try await session.waitForAll(["Home › Users", "Margaret Okafor", "10 users"])
        session.send("Enter")
        try await session.waitForAll(["Home › Users › Margaret Okafor", "Posts (10)", "What the market taught me about neighbours"])
        session.send("d")
        try await session.waitForAll(["Delete post 1?", "5 comments stay."])
        session.send("Escape")
        try await session.waitForAbsence(of: "Delete post 1?")
        session.send("Enter")
        try await session.waitForAll(["What the market taught me about neighbours", "Comments (5)", "users/1/posts/1"])
        session.send("Escape")
        try await session.waitFor("Posts (10)")
        session.send("Escape")
        try await session.waitFor("10 users")
        session.send("Escape")
        try await session.waitFor("Welcome to Bulletin")
        for _ in 0..<3 { session.send("Down") }
        session.send("Enter")
        try await session.waitForAll(["Server behaviour", "The server ignores GET /posts?userId=",
                                "The server ignores GET /comments?postId="])
        session.send("q")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore, "terminal settings restored")
    }
}
