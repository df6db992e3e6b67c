import BulletinTestSupport
import Foundation
import Testing

/// Deep links and command mode in the real binary, inside tmux (100x30).
@Suite("End to end: deep links and commands in tmux", .serialized)
struct NavigationEndToEndTests {
    /// The name of user 1 and the title of post 1 in the embedded data set.
    static func embeddedRecords() throws -> (userName: String, postTitle: String) {
        let data = try Data(contentsOf: BrowseEndToEndTests.embeddedFile)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let users = try #require(object?["users"] as? [[String: Any]])
        let posts = try #require(object?["posts"] as? [[String: Any]])
        let user = try #require(users.first { "\($0["id"] ?? "")" == "1" })
        let post = try #require(posts.first { "\($0["id"] ?? "")" == "1" })
        #expect("\(post["userId"] ?? "")" == "1", "post 1 is by user 1")
        return (try #require(user["name"] as? String), try #require(post["title"] as? String))
    }

    @Test("open users/1/posts/1 shows the post; Esc walks back through the user, Users, Home")
    func openUserPost() async throws {
        let (userName, postTitle) = try Self.embeddedRecords()
        let session = try await TmuxSession.bulletin(open: "users/1/posts/1", showing: "Comments (", String(postTitle.prefix(40)),
                                                     "Home › Users › \(userName) › Post 1", "users/1/posts/1")
        defer { session.close() }
        var screen: String
        screen = try await session.press("Escape", until: "Posts (", "Home › Users › \(userName)", "Email:")
        screen = try await session.press("Escape", until: "Username", "Home › Users")
        #expect(!screen.contains(userName + " ›"))
        screen = try await session.press("Escape", until: "Welcome to Bulletin")
        #expect(!screen.contains("› Users"))
        try await session.quit()
    }

    @Test(":users from Home opens Users; an unknown command says so; :q quits")
    func commands() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await session.press(":", until: "Tab complete")
        session.send("-l", "us")
        try await session.press("Tab", until: ":users")
        try await session.press("Enter", until: "Username", "Home › Users")
        session.send(":")
        session.send("-l", "frob")
        try await session.press("Enter", until: "Unknown command 'frob'", "Home › Users")
        session.send(":")
        session.send("-l", "open posts/2")
        try await session.press("Enter", until: "Comments (", "posts/2")
        session.send(":")
        session.send("-l", "q")
        session.send("Enter")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("the : prompt edits at its cursor: ← then typing inserts mid-text; Home, Delete, End; Enter runs the line")
    func commandCursor() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        session.send(":")
        try await session.press("-l", "usrs", until: ":usrs▏", "Tab complete")
        session.send("Left")
        session.send("Left")
        try await session.press("-l", "e", until: ":use▏rs", "Tab complete")
        session.send("Home")
        try await session.press("DC", until: ":▏sers", "Tab complete")
        session.send("-l", "u")
        session.send("End")
        try await session.press("Left", until: ":user▏s", "Tab complete")
        try await session.press("Enter", until: "Home › Users", "Username")
        session.send(":")
        session.send("-l", "q")
        session.send("Enter")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("at 40 columns a full : prompt keeps its cursor mark after a wide character (the lower-right corner)")
    func commandCursorWide() async throws {
        let session = try await TmuxSession.bulletin(width: 40, height: 12)
        defer { session.close() }
        session.send(":")
        session.send("-l", String(repeating: "abcdefghij", count: 4))
        try await session.waitForAll(["fghij▏"])
        try await session.press("-l", "日x", until: "日x▏")
        session.send("Escape")
        try await session.quit()
    }

    @Test("a malformed open path exits 2, saying what is wrong and the accepted forms")
    func malformedPath() throws {
        let result = try BulletinBinary.runDetached(["open", "users/3/comments"])
        #expect(result.status == 2)
        #expect(result.stderr == """
            bulletin: cannot open 'users/3/comments': 'users/3/comments' has an unexpected shape
            accepted forms: home, users, users/ID, users/ID/posts/ID, users/ID/albums/ID, posts, posts/ID, admin, search?q=TEXT

            """)
        #expect(result.stdout.isEmpty)
    }

    @Test("open posts/999 (well-formed, missing) shows the error screen, and Enter goes Home")
    func missingPost() async throws {
        let session = try await TmuxSession.bulletin(open: "posts/999", showing: "Cannot open posts/999", "No post 999")
        defer { session.close() }
        try await session.press("Enter", until: "Welcome to Bulletin")
        try await session.quit()
    }
}

/// The terminal window's title follows the navigation stack, like the header.
@Suite("End to end: window title")
struct WindowTitleEndToEndTests {
    @Test("the title names the screens on the stack and follows Back; data cannot set it")
    func titleFollowsStack() async throws {
        let users = [["id": 1, "name": "Eve\u{1B}]0;owned\u{07}", "username": "eve"]]
        let directory = try TmuxSession.scratchDirectory("bulletin-title")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        try JSONSerialization.data(withJSONObject: ["users": users, "posts": [], "comments": []]).write(to: file)
        let session = try await TmuxSession.bulletin(["--data", file.path])
        defer { session.close() }
        try await session.waitForTitle("Bulletin — Home")
        session.send("Enter")
        try await session.waitForTitle("Bulletin — Home › Users")
        // Enter opens the selected row: wait until the list has it (the title changes at the
        // push, before the rows have loaded; on a busy machine Enter came first and did nothing).
        try await session.waitForAll(["Home › Users", "eve"])
        session.send("Enter")
        try await session.waitForTitle("Bulletin — Home › Users › Eve^[]0;owned^G")
        session.send("Escape")
        try await session.waitForTitle("Bulletin — Home › Users")
        try await session.quit()
    }
}
