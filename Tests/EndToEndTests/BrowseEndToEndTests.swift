import BulletinTestSupport
import Foundation
import Testing

/// The real binary in tmux (100x30), driven like a person at a keyboard.
@Suite("End to end: browsing in tmux", .serialized)
struct BrowseEndToEndTests {
    /// The first user of a JSONPlaceholder-shaped file and the title of their first post.
    struct Expected {
        var userName: String
        var postTitle: String
        var postCount: Int

        init(dbFile: URL) throws {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: dbFile)) as? [String: Any]
            let users = try #require(object?["users"] as? [[String: Any]])
            let posts = try #require(object?["posts"] as? [[String: Any]])
            let user = try #require(users.first)
            userName = try #require(user["name"] as? String)
            let userID = "\(user["id"] ?? "")"
            let own = posts.filter { "\($0["userId"] ?? "")" == userID }
            postTitle = try #require(own.first?["title"] as? String)
            postCount = own.count
        }
    }

    static let embeddedFile = SharedData.repositoryRoot.appendingPathComponent(
        "Sources/BulletinData/Resources/embedded.json")

    /// Walks Home → Users → first user → first post → Back ×3 → q, checking each screen.
    func walk(_ session: TmuxSession, expecting expected: Expected) async throws {
        var screen = try await session.appears(all: ["Welcome to Bulletin", "Users", "Admin panel", "Quit"])
        session.send("Enter")
        screen = try await session.appears(all: [expected.userName, "Home › Users", "ID", "Username", "Email"])
        session.send("Enter")
        screen = try await session.appears(all: ["Posts (\(expected.postCount))",
                                                 "Home › Users › \(expected.userName)", "Email:",
                                                 "Company:", String(expected.postTitle.prefix(40))])
        session.send("Enter")
        screen = try await session.appears(all: ["Comments (", "› Post ", String(expected.postTitle.prefix(40))])
        session.send("Escape")
        try await session.waitFor("Posts (\(expected.postCount))")
        session.send("Left")
        try await session.waitFor("Username")
        session.send("BSpace")
        screen = try await session.waitFor("Welcome to Bulletin")
        #expect(!screen.contains("› Users"))
        session.send("q")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore, "terminal settings restored")
        #expect(!session.sttyBefore.isEmpty)
    }

    @Test("embedded data: Home → Users → user → post → back to Home → q")
    func embedded() async throws {
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try await walk(session, expecting: Expected(dbFile: Self.embeddedFile))
    }

    @Test("--api against a loopback JSONPlaceholder server", SharedData.needed)
    func api() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        let session = try TmuxSession(command: [BulletinBinary.path, "--api", server.baseURL.absoluteString])
        defer { session.close() }
        let expected = try Expected(dbFile: SharedData.data("jsonplaceholder/db.json"))
        #expect(expected.userName == "Leanne Graham")
        try await walk(session, expecting: expected)
    }

    @Test("--data with JSONPlaceholder's db.json", SharedData.needed)
    func dataFile() async throws {
        let file = SharedData.data("jsonplaceholder/db.json")
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", file.path])
        defer { session.close() }
        try await walk(session, expecting: Expected(dbFile: file))
    }
}
