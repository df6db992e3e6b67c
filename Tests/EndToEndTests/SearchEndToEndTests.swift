import BulletinTestSupport
import Foundation
import Testing

/// Search from Home in the real binary, inside tmux (100x30), over a small `--data` file (issue 7).
@Suite("End to end: search in tmux", .serialized)
struct SearchEndToEndTests {
    /// A db.json whose only "harbour" matches are post 1's title and a comment on post 2.
    static func writeDB() throws -> URL {
        let db: [String: Any] = [
            "users": [["id": 1, "name": "Ada Quay", "username": "ada"], ["id": 2, "name": "Bo Pier", "username": "bo"]],
            "posts": [
                ["userId": 1, "id": 1, "title": "Harbour days", "body": "Boats and gulls."],
                ["userId": 2, "id": 2, "title": "Lighthouse keeping", "body": "The lamp needs oil every night."],
                ["userId": 2, "id": 3, "title": "Inland notes", "body": "Fields, far from any water."],
            ],
            "comments": [
                ["postId": 2, "id": 1, "name": "Re: the HARBOUR light", "email": "c@example.com", "body": "Seen from the pier."],
                ["postId": 3, "id": 2, "name": "Dry", "email": "d@example.com", "body": "No boats here (.*)."],
            ],
        ]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-search-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: db).write(to: url)
        return url
    }

    @Test("Home, s, type a word: Posts and Comments groups; Enter on the comment opens its post; Esc returns to the results")
    func searchAndOpenComment() async throws {
        let db = try Self.writeDB()
        defer { try? FileManager.default.removeItem(at: db) }
        let session = try await TmuxSession.bulletin(["--data", db.path])
        defer { session.close() }
        var screen = try await session.press("s", until: "Search: ", "Home › Search")
        session.type("harbour")
        _ = try await session.waitFor("Comments (1)")
        screen = try await session.appears(all: ["1 post · 1 comment", "Posts (1)", "Harbour days",
                                                 "Re: the HARBOUR light — Seen from the pier.", "search?q=harbour",
                                                 "1 post · 1 comment"])  // the summary may follow the rows by a frame
        #expect(!screen.contains("Lighthouse keeping"), "the post itself does not match")
        session.send("Enter")
        session.send("Down")
        session.send("Enter")
        screen = try await session.appears(all: ["Lighthouse keeping", "Home › Search › Post 2", "Comments (1)",
                                                 "The lamp needs oil every night."])
        screen = try await session.press("Escape", until: "Search: harbour", "Posts (1)", "Comments (1)")
        #expect(!screen.contains("Post 2"))
        try await session.quit()
    }

    @Test(":search with pattern characters is literal; open search?q= starts on the results")
    func commandAndDeepLink() async throws {
        let db = try Self.writeDB()
        defer { try? FileManager.default.removeItem(at: db) }
        let session = try await TmuxSession.bulletin(["--data", db.path], open: "search?q=gulls",
                                                     showing: "Posts (1)", "Home › Search", "Harbour days — Boats and gulls.")
        defer { session.close() }
        session.send(":")
        session.type("search (.*)")
        let screen = try await session.press("Enter", until: "Comments (1)", "Search: (.*)", "Dry — No boats here (.*).")
        #expect(!screen.contains("Posts ("), "no post contains the literal text")
        try await session.quit()
    }
}
