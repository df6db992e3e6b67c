import BulletinTestSupport
import Foundation
import Testing

/// The editing journey on a `--data` file, in tmux: create a post for a user, find it in the
/// user's list, edit its title, delete it, undo the delete, then restart on the saved file and
/// see the same result.
@Suite("End to end: editing a --data file in tmux", .serialized)
struct EditJourneyEndToEndTests {
    /// A small json-server file: two users, three posts, one comment.
    static let database = """
        {
          "users": [
            {"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz"},
            {"id": 2, "name": "Ervin Howell", "username": "Antonette", "email": "Shanna@melissa.tv"}
          ],
          "posts": [
            {"userId": 1, "id": 1, "title": "sunt aut facere", "body": "quia et suscipit\\nsuscipit recusandae"},
            {"userId": 1, "id": 2, "title": "qui est esse", "body": "est rerum tempore"},
            {"userId": 2, "id": 3, "title": "ea molestias", "body": "et iusto sed"}
          ],
          "comments": [
            {"postId": 1, "id": 1, "name": "id labore", "email": "Eliseo@gardner.biz", "body": "laudantium"}
          ]
        }
        """

    /// Rows of the visible posts list that show post `id` (`    4 Title`, one cell in).
    func rows(of id: Int, in screen: String) -> [String] {
        screen.components(separatedBy: "\n").filter { $0.hasPrefix(String(repeating: " ", count: 5 - "\(id)".count) + "\(id) ") }
    }

    /// The posts in the saved file, as (id, userId, title).
    func savedPosts(_ file: URL) throws -> [(id: Int, userID: Int, title: String)] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let posts = try #require(object?["posts"] as? [[String: Any]])
        return posts.map { ($0["id"] as? Int ?? -1, $0["userId"] as? Int ?? -1, $0["title"] as? String ?? "") }
    }

    @Test("create, find, edit, delete and undo a post; a restart on the saved file shows the same")
    func journey() async throws {
        let file = try TmuxSession.scratchFile("bulletin-edit", contents: Data(Self.database.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        // 140 columns: the status line keeps `Esc back  ? help  q quit` whole, and the outcome
        // beside it names the whole temporary path.
        let session = try await TmuxSession.bulletin(["--data", file.path], width: 140)
        defer { session.close() }
        try await session.press("Enter", until: "Ervin Howell")
        var screen = try await session.press("Enter", until: "Posts (2)", "Home › Users › Leanne Graham")

        // Create: `a` opens the form with the author prefilled; Ctrl-S saves to the file.
        try await session.press("a", until: "New post")
        try await session.waitFor("Author id  1")  // each wait names what it reads: tmux may show a frame half drawn
        session.type("Journey post")
        session.send("Tab")
        session.type("Written in tmux")
        screen = try await session.press("C-s", until: "Created post 4", "saved to \(file.path)", "Posts (3)")
        #expect(rows(of: 4, in: screen).first?.contains("Journey post") == true, "found in the user's list:\n\(screen)")

        // Edit its title: `e` on the selected (new) post.
        try await session.press("e", until: "Edit post 4")
        screen = try await session.appears(all: ["Written in tmux", "Journey post"])
        session.send("C-u")   // the form opens on the title (issue 24, item 10)
        session.type("Journey post, edited")
        screen = try await session.press("C-s", until: "Saved post 4")
        #expect(rows(of: 4, in: screen).first?.contains("Journey post, edited") == true, "\(screen)")

        // Delete it, after the confirmation.
        try await session.press("d", until: "Delete post 4?")
        screen = try await session.appears(all: ["[ Cancel ]", "[ Delete ]"])
        screen = try await session.press("Left", "Enter", until: "Deleted post 4", "Posts (2)")
        #expect(rows(of: 4, in: screen).isEmpty, "\(screen)")
        #expect(try savedPosts(file).map(\.id) == [1, 2, 3])

        // Undo: the post comes back, selected (Enter opens it).
        screen = try await session.press("u", until: "Restored post 4")
        #expect(rows(of: 4, in: screen).first?.contains("Journey post, edited") == true, "\(screen)")
        screen = try await session.press("Enter", until: "Comments (0)", "Journey post, edited", "Written in tmux")
        try await session.quit()

        let saved = try savedPosts(file)
        #expect(saved.map(\.id) == [1, 2, 3, 4])
        #expect(saved.last?.userID == 1 && saved.last?.title == "Journey post, edited")
        #expect(FileManager.default.fileExists(atPath: file.path + ".bak"), "the previous version is kept as FILE.bak")

        // Restart on the saved file: the same result.
        let again = try await TmuxSession.bulletin(["--data", file.path], open: "users/1", showing: "Posts (3)")
        defer { again.close() }
        screen = try await again.waitFor("Journey post, edited")
        #expect(rows(of: 4, in: screen).first?.contains("Journey post, edited") == true, "\(screen)")
        try await again.quit()
    }

    @Test("Ctrl-C in a form with unsaved changes asks first; any key keeps editing, Ctrl-C again quits (status 130)")
    func interruptFromDirtyForm() async throws {
        let file = try TmuxSession.scratchFile("bulletin-edit", contents: Data(Self.database.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        let session = try await TmuxSession.bulletin(["--data", file.path], open: "users/1", showing: "Posts (2)")
        defer { session.close() }
        try await session.press("a", until: "Author id  1")
        try await session.press("Draft title", until: "unsaved changes")
        try await session.press("C-c", until: "Quit without saving?")
        session.send("Escape")
        try await session.appears(all: ["^S save", "Draft title"])   // everything typed is still there
        try await session.press("C-c", until: "Ctrl-C again quits")
        session.send("C-c")
        #expect(try await session.waitForExit() == 130)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("on a read-only source (DummyJSON) the editing keys say why at once and open no form",
          SharedData.needed)
    func readOnlySource() async throws {
        let server = try LoopbackServer.startDummyJSON()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--dummyjson", server.baseURL.absoluteString], open: "users", showing: "Emily Johnson")
        defer { session.close() }
        let screen = try await session.press("a", until: "Read-only: the DummyJSON API is read-only here")
        #expect(!screen.contains("New user"))
        session.send("Down")   // any key clears the note, so its return below is the answer to e
        try await session.waitForAbsence(of: "Read-only: the DummyJSON API is read-only here")
        let after = try await session.press("e", until: "Read-only: the DummyJSON API is read-only here")
        #expect(!after.contains("Edit user"), "e is refused at once; no form is loaded")
        try await session.quit()
    }
}
