import BulletinTestSupport
import Foundation
import Testing

/// Clusters typed into the real binary in tmux (issue 22, item 2): the terminal hands each scalar
/// to Bulletin as its own key, and Backspace, ← and → must still act on whole clusters, in a
/// post form's title (a one-line field) and body (the body editor), and in the `:` prompt. The
/// saved file's bytes hold no split cluster.
@Suite("End to end: clusters typed as several keys", .serialized)
struct TypedClusterEndToEndTests {
    static let database = """
        {
          "users": [{"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz"}],
          "posts": [{"userId": 1, "id": 1, "title": "sunt aut facere", "body": "quia et suscipit"}],
          "comments": []
        }
        """

    /// The cases: text sent with `send-keys -l` (UTF-8), tmux key names, and what is saved.
    static let cases: [(keys: [(text: String?, key: String?)], saved: String)] = [
        ([("🇯🇵", nil), (nil, "BSpace"), ("x", nil)], "x"),
        ([("👨‍👩‍👧", nil), (nil, "BSpace"), ("x", nil)], "x"),
        ([("e\u{301}", nil), (nil, "BSpace"), ("x", nil)], "x"),
        ([("👍🏽", nil), (nil, "BSpace"), ("x", nil)], "x"),
        ([("❤\u{FE0F}", nil), (nil, "BSpace"), ("x", nil)], "x"),
        ([("ab👍🏽", nil), (nil, "Left"), ("Z", nil)], "abZ👍🏽"),
        ([("🇯🇵e\u{301}", nil), (nil, "Home"), (nil, "DC"), (nil, "Right"), ("y", nil)], "e\u{301}y"),
    ]

    @Test("each case typed into a new post's title and body is saved whole; the : prompt runs the command typed")
    func typedClusters() async throws {
        let file = try TmuxSession.scratchFile("bulletin-clusters", contents: Data(Self.database.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let session = try await TmuxSession.bulletin(["--data", file.path], open: "users/1", width: 100, height: 24,
                                                     showing: "Posts (1)", "sunt aut facere")
        defer { session.close() }

        for (index, example) in Self.cases.enumerated() {
            try await session.press("a", until: "New post", "Author id  1")
            play(example.keys, in: session)
            session.send("Tab")
            session.type("body")
            session.send("Enter")
            play(example.keys, in: session)
            try await session.press("C-s", until: "Created post \(index + 2)", "Posts (\(index + 2))")
        }

        let bytes = try Data(contentsOf: file)
        let object = try JSONSerialization.jsonObject(with: bytes) as? [String: Any]
        let posts = try #require(object?["posts"] as? [[String: Any]])
        for (index, example) in Self.cases.enumerated() {
            let post = try #require(posts.first { $0["id"] as? Int == index + 2 }, "post \(index + 2) saved")
            let title = post["title"] as? String ?? "", body = post["body"] as? String ?? ""
            #expect(Array(title.unicodeScalars) == Array(example.saved.unicodeScalars), "title of post \(index + 2): \(title.debugDescription)")
            #expect(Array(body.unicodeScalars) == Array(("body\n" + example.saved).unicodeScalars), "body of post \(index + 2): \(body.debugDescription)")
            for text in [example.saved, "body\\n" + example.saved] {
                #expect(bytes.range(of: Data("\"\(text)\"".utf8)) != nil, "the file's bytes hold \"\(text)\" as UTF-8")
            }
        }

        // The `:` prompt: a skin-toned thumb typed and taken back leaves `posts`, which opens Posts.
        session.send(":")
        session.type("👍🏽")
        session.send("BSpace")
        session.type("posts")
        try await session.waitFor(":posts")
        try await session.press("Enter", until: "Home › Posts")
        try await session.quit()
    }

    /// Sends each step: text as UTF-8 (`send-keys -l`), or a key by its tmux name.
    private func play(_ keys: [(text: String?, key: String?)], in session: TmuxSession) {
        for step in keys {
            if let text = step.text { session.type(text) }
            if let key = step.key { session.send(key) }
        }
    }
}
