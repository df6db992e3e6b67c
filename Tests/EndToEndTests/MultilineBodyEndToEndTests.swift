import BulletinTestSupport
import Foundation
import Testing

/// A body written as two paragraphs in the real binary's post form, in tmux, on a scratch
/// `db.json`: Enter makes the line breaks, Ctrl-S saves, and the file holds both paragraphs
/// with the blank line between them.
@Suite("End to end: a multi-line body in tmux", .serialized)
struct MultilineBodyEndToEndTests {
    static let database = """
        {
          "users": [{"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz"}],
          "posts": [{"userId": 1, "id": 1, "title": "sunt aut facere", "body": "quia et suscipit"}],
          "comments": []
        }
        """

    @Test("two paragraphs typed with Enter are saved with \\n\\n between them; Enter in the title is refused")
    func twoParagraphs() async throws {
        let file = try TmuxSession.scratchFile("bulletin-body", contents: Data(Self.database.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        let session = try await TmuxSession.bulletin(["--data", file.path], open: "users/1", width: 80, height: 24,
                                                             showing: "Posts (1)", "sunt aut facere")
        defer { session.close() }
        try await session.press("a", until: "New post", "Author id  1")
        session.type("Two paragraphs")
        try await session.press("Enter", until: "Title      Two paragraphs", "Title is one line")
        session.send("Tab")
        session.type("First paragraph, on its own line.")
        session.send("Enter", "Enter")
        session.type("Second paragraph.")
        let form = try await session.waitForAll([
            "› Body       First paragraph, on its own line.", "Second paragraph.", "unsaved changes",
        ])
        let rows = form.components(separatedBy: "\n")
        let first = try #require(rows.firstIndex { $0.contains("First paragraph") })
        #expect(rows[first + 1].trimmingCharacters(in: .whitespaces).isEmpty, "the blank line between them:\n\(form)")
        #expect(rows[first + 2].contains("Second paragraph."), "\(form)")
        try await session.press("C-s", until: "Created post 2", "Posts (2)")
        try await session.quit()

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let posts = try #require(object?["posts"] as? [[String: Any]])
        let saved = try #require(posts.first { $0["id"] as? Int == 2 })
        #expect(saved["title"] as? String == "Two paragraphs")
        #expect(saved["body"] as? String == "First paragraph, on its own line.\n\nSecond paragraph.")
    }
}
