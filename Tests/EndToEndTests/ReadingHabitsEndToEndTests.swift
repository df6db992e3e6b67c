import BulletinTestSupport
import Foundation
import Testing

/// `--api` against servers with other people's reading habits (issue 22, items 4 and 6), in the
/// real binary in tmux, on JSONPlaceholder's data: the counts on screen, and what the server holds.
@Suite("End to end: servers that page without Link, and one bad record", .serialized, SharedData.needed)
struct ReadingHabitsEndToEndTests {
    static let data = SharedData.data("jsonplaceholder").path

    /// The server's store (`GET /__control/db`), by collection.
    func stored(_ server: LoopbackServer) async throws -> [String: [[String: Any]]] {
        let object = try JSONSerialization.jsonObject(with: try await server.storedCollections()) as? [String: Any]
        return (object ?? [:]).compactMapValues { $0 as? [[String: Any]] }
    }

    @Test("pages without Link or count, filters compared as text: user 2 shows 10/10/20, Posts 100; a new post is listed as the 101st and the panel counts it")
    func pagesWithoutLink() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.data, "--behave", "pages-no-link-no-total,string-filters"])
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], open: "users/2",
                                                     showing: "Ervin Howell", "Posts (10)  Albums (10)  Todos (20)")
        defer { session.close() }
        try await session.press("a", until: "New post", "Author id  2")
        session.type("Paged post")
        session.send("Tab")
        session.type("Written past page 10")
        try await session.press("C-s", until: "Created post 101 “Paged post”", "Posts (11)")
        try await session.press("Escape", until: "10 users")
        try await session.press("Escape", until: "Welcome to Bulletin")
        session.send("Down")
        let posts = try await session.press("Enter", until: "101 posts")
        #expect(!posts.contains("only part read"), "\(posts)")
        session.send("End")
        try await session.waitForAll(["101 posts", "Paged post"])
        try await session.press("Escape", until: "Welcome to Bulletin")
        session.send("Down", "Down")  // from Posts, still selected, to the Admin panel
        try await session.press("Enter", until: "Users:     10", "Posts:     101", "Todos:     200")
        try await session.quit()

        let store = try await stored(server)
        let serverPosts = store["posts"] ?? []
        #expect(serverPosts.count == 101)
        let new = try #require(serverPosts.first { "\($0["id"] ?? "")" == "101" })
        #expect(Set(new.keys) == ["userId", "id", "title", "body"])
        #expect(new["title"] as? String == "Paged post" && new["body"] as? String == "Written past page 10")
        #expect("\(new["userId"] ?? "")" == "2")
        #expect(serverPosts.filter { "\($0["userId"] ?? "")" == "2" }.count == 11, "user 2 had 10 posts and the new one")
        #expect((store["todos"] ?? []).filter { "\($0["userId"] ?? "")" == "2" }.count == 20, "the 20 todos shown")
    }

    @Test("one user and one comment with bytes that are not UTF-8: 9 users and 4 comments show, each skip named on the status line and in the panel")
    func badRecord() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.data, "--behave", "bad-utf8-record"])
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], width: 140)
        defer { session.close() }
        let users = try await session.press("Enter", until: "9 users", "1 record skipped: users[2] not valid UTF-8 (line")
        #expect(users.contains("Leanne Graham") && users.contains("Patricia Lebsack") && !users.contains("Clementine Bauch"))
        try await session.press("Enter", until: "Leanne Graham", "Posts (10)")
        try await session.press("Enter", until: "Comments (4)", "1 record skipped: comments[1] not valid UTF-8 (line")
        try await session.press("Escape", until: "Posts (10)")
        try await session.press("Escape", until: "9 users")
        try await session.press("Escape", until: "Welcome to Bulletin")
        for _ in 0..<3 { session.send("Down") }
        try await session.press("Enter", until: "Users:     10", "Photos:    5000")
        // The panel's end: the records not read come after the requests, below the fold.
        try await session.press("End", until: "Records not read (2)", "users[2] not valid UTF-8", "comments[1] not valid UTF-8")
        try await session.quit()

        let store = try await stored(server)
        #expect(store["users"]?.count == 10, "the server holds 10 users; one could not be read")
        #expect((store["comments"] ?? []).filter { "\($0["postId"] ?? "")" == "1" }.count == 5)
    }
}
