import BulletinTestSupport
import Foundation
import Testing

/// The editing journey on an `--api` server in tmux (issue 12): create a post, edit another's
/// title, delete a third, undo the delete, then check what the server stores: each record once,
/// every member it had (ones Bulletin does not show too) kept with its JSON type, and only what
/// was typed changed. Run on the default json-server-like server and on servers with other habits.
@Suite("End to end: editing over REST in tmux (issue 12)", .serialized)
struct RESTEditJourneyEndToEndTests {
    /// Posts with members Bulletin does not show (`tags`, `views` as `1.0`, `rating`).
    static let database = """
        {"users": [{"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz", "role": "admin"}],
         "posts": [{"userId": 1, "id": 1, "title": "sunt aut facere", "body": "quia et suscipit", "tags": ["a",
         "b"], "views": 1.0},
                   {"userId": 1, "id": 2, "title": "qui est esse", "body": "est rerum tempore", "rating": 4.25}],
         "comments": [{"postId": 1, "id": 1, "name": "id labore", "email": "Eliseo@gardner.biz", "body": "laudantium"}]}
        """

    /// The screen line holding `text`, trailing spaces trimmed (the status line).
    func statusLine(_ screen: String, _ text: String) -> String {
        let line = screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
        return line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    /// The posts the server stores, by id text, and the raw text of its store.
    func stored(_ server: LoopbackServer) throws -> (posts: [String: [[String: Any]]], text: String) {
        let data = try Data(contentsOf: server.baseURL.appendingPathComponent("__control/db"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let posts = object?["posts"] as? [[String: Any]] ?? []
        return (Dictionary(grouping: posts) { "\($0["id"] ?? "")" }, String(decoding: data, as: UTF8.self))
    }

    func journey(behaviours: [String]) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-e2e-rest-\(UUID().uuidString.prefix(8)).json")
        try Data(Self.database.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(db: file, behaviours: behaviours)
        defer { server.stop() }
        let before = try stored(server)

        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], open: "users/1",
                                                             showing: "Leanne Graham", "Posts (2)", "qui est esse")
        defer { session.close() }

        // Create: the author is filled in; the new post is listed and selected.
        try await session.press("a", until: "New post", "Author id  1")
        session.type("Journey post")
        session.send("Tab")
        session.type("Written in tmux")
        let created = try await session.press("C-s", until: "Created post 3 “Journey post”", "Posts (3)")
        #expect(statusLine(created, "Created post 3").hasSuffix("“Journey post”"), "nothing to add: stored as sent\n\(created)")

        // Edit post 1's title (Home selects it; the form opens on the title).
        session.send("Home")
        try await session.press("e", until: "Edit post 1", "sunt aut facere", "quia et suscipit")
        session.send("C-u")   // the form opens on the title (issue 24, item 10)
        session.type("sunt, edited")
        let saved = try await session.press("C-s", until: "Saved post 1 “sunt, edited”", "Posts (3)")
        #expect(statusLine(saved, "Saved post 1").hasSuffix("“sunt, edited”"), "no member dropped or changed\n\(saved)")

        // Delete post 2 after the confirmation, then undo.
        session.send("Home", "Down")
        try await session.press("d", until: "Delete post 2?", "[ Cancel ]", "[ Delete ]")
        let deleted = try await session.press("Left", "Enter", until: "Deleted post 2 “qui est esse” · u undoes", "Posts (2)")
        #expect(!deleted.contains("could not") && !deleted.contains("did not keep"), "\(deleted)")
        let restored = try await session.press("u", until: "Restored post 2 “qui est esse”", "Posts (3)")
        #expect(statusLine(restored, "Restored post 2").hasSuffix("“qui est esse”"), "back under its own id, all checked\n\(restored)")
        try await session.quit()

        let after = try stored(server)
        #expect(after.posts.count == 3 && after.posts.values.allSatisfy { $0.count == 1 }, "each post once: \(after.text)")
        var first = try #require(before.posts["1"]?.first)
        first["title"] = "sunt, edited"
        let (storedFirst, storedSecond) = (NSDictionary(dictionary: after.posts["1"]?.first ?? [:]),
                                           NSDictionary(dictionary: after.posts["2"]?.first ?? [:]))
        let second = try #require(before.posts["2"]?.first)
        #expect(storedFirst.isEqual(to: first), "\(after.text)")
        #expect(storedSecond.isEqual(to: second), "\(after.text)")
        let new = try #require(after.posts["3"]?.first)
        #expect(Set(new.keys) == ["userId", "id", "title", "body"] && new["title"] as? String == "Journey post")
        #expect("\(new["userId"] ?? "")" == "1" && (new["userId"] is String) == behaviours.contains("string-ids"),
                "the author id in the type this server uses: \(after.text)")
        #expect(after.text.contains("\"views\": 1.0") && after.text.contains("\"rating\": 4.25"), "numbers kept as written")
    }

    @Test("create, edit, delete and undo on the default (json-server-like) server")
    func defaultServer() async throws { try await journey(behaviours: []) }

    @Test("the same on a server with string ids that refuses PATCH (edits go as PUT of its own record)")
    func stringIDsNoPatch() async throws { try await journey(behaviours: ["string-ids", "no-patch"]) }

    @Test("the same on a server that answers 201 with an empty body, 204 to DELETE and 200 null for a missing record")
    func terseServer() async throws { try await journey(behaviours: ["created-empty", "delete-204", "null-missing"]) }
}
