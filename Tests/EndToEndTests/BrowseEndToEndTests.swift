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

    /// Starts the real binary with `arguments` and walks Home → Users → first user → first post →
    /// Back ×3 → q, checking each screen.
    func walk(_ arguments: [String] = [], expecting expected: Expected) async throws {
        let session = try await TmuxSession.bulletin(arguments, showing: "Welcome to Bulletin", "Users", "Admin panel", "Quit")
        defer { session.close() }
        var screen: String
        screen = try await session.press("Enter", until: expected.userName, "Home › Users", "ID", "Username", "Email")
        session.send("Enter")
        screen = try await session.appears(all: ["Posts (\(expected.postCount))",
                                                 "Home › Users › \(expected.userName)", "Email:",
                                                 "Company:", String(expected.postTitle.prefix(40))])
        screen = try await session.press("Enter", until: "Comments (", "› Post ", String(expected.postTitle.prefix(40)))
        try await session.press("Escape", until: "Posts (\(expected.postCount))")
        try await session.press("Left", until: "Username")
        screen = try await session.press("BSpace", until: "Welcome to Bulletin")
        #expect(!screen.contains("› Users"))
        try await session.quit()
        #expect(!session.sttyBefore.isEmpty)
    }

    @Test("embedded data: Home → Users → user → post → back to Home → q")
    func embedded() async throws {
        try await walk(expecting: Expected(dbFile: Self.embeddedFile))
    }

    @Test("--api against a loopback JSONPlaceholder server", SharedData.needed)
    func api() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        let expected = try Expected(dbFile: SharedData.data("jsonplaceholder/db.json"))
        #expect(expected.userName == "Leanne Graham")
        try await walk(["--api", server.baseURL.absoluteString], expecting: expected)
    }

    @Test("--data with JSONPlaceholder's db.json", SharedData.needed)
    func dataFile() async throws {
        let file = SharedData.data("jsonplaceholder/db.json")
        try await walk(["--data", file.path], expecting: Expected(dbFile: file))
    }
}
