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

    /// Rows of the visible posts list that show post `id` (`   4 Title`).
    func rows(of id: Int, in screen: String) -> [String] {
        screen.components(separatedBy: "\n").filter { $0.hasPrefix(String(repeating: " ", count: 4 - "\(id)".count) + "\(id) ") }
    }

    /// The posts in the saved file, as (id, userId, title).
    func savedPosts(_ file: URL) throws -> [(id: Int, userID: Int, title: String)] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let posts = try #require(object?["posts"] as? [[String: Any]])
        return posts.map { ($0["id"] as? Int ?? -1, $0["userId"] as? Int ?? -1, $0["title"] as? String ?? "") }
    }

    @Test("create, find, edit, delete and undo a post; a restart on the saved file shows the same")
    func journey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-edit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        try Data(Self.database.utf8).write(to: file)

        // 140 columns: the status line keeps `Esc back  ? help  q quit` whole, and the outcome
        // beside it names the whole temporary path.
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", file.path], width: 140)
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try await session.waitFor("Ervin Howell")
        session.send("Enter")
        var screen = try await session.appears(all: ["Posts (2)", "Home › Users › Leanne Graham"])

        // Create: `a` opens the form with the author prefilled; Ctrl-S saves to the file.
        session.send("a")
        try await session.waitFor("New post")
        try await session.waitFor("Author id  1")  // each wait names what it reads: tmux may show a frame half drawn
        session.type("Journey post")
        session.send("Tab")
        session.type("Written in tmux")
        session.send("C-s")
        screen = try await session.appears(all: ["Created post 4", "saved to \(file.path)", "Posts (3)"])
        #expect(rows(of: 4, in: screen).first?.contains("Journey post") == true, "found in the user's list:\n\(screen)")

        // Edit its title: `e` on the selected (new) post.
        session.send("e")
        try await session.waitFor("Edit post 4")
        screen = try await session.appears(all: ["Written in tmux", "Journey post"])
        session.send("Down", "C-u")
        session.type("Journey post, edited")
        session.send("C-s")
        screen = try await session.waitFor("Saved post 4")
        #expect(rows(of: 4, in: screen).first?.contains("Journey post, edited") == true, "\(screen)")

        // Delete it, after the confirmation.
        session.send("d")
        try await session.waitFor("Delete post 4?")
        screen = try await session.appears(all: ["[ Cancel ]", "[ Delete ]"])
        session.send("Left", "Enter")
        screen = try await session.appears(all: ["Deleted post 4", "Posts (2)"])
        #expect(rows(of: 4, in: screen).isEmpty, "\(screen)")
        #expect(try savedPosts(file).map(\.id) == [1, 2, 3])

        // Undo: the post comes back, selected (Enter opens it).
        session.send("u")
        screen = try await session.waitFor("Restored post 4")
        #expect(rows(of: 4, in: screen).first?.contains("Journey post, edited") == true, "\(screen)")
        session.send("Enter")
        screen = try await session.appears(all: ["Comments (0)", "Journey post, edited", "Written in tmux"])
        session.send("q")
        #expect(try await session.waitForExit() == 0)

        let saved = try savedPosts(file)
        #expect(saved.map(\.id) == [1, 2, 3, 4])
        #expect(saved.last?.userID == 1 && saved.last?.title == "Journey post, edited")
        #expect(FileManager.default.fileExists(atPath: file.path + ".bak"), "the previous version is kept as FILE.bak")

        // Restart on the saved file: the same result.
        let again = try TmuxSession(command: [BulletinBinary.path, "--data", file.path, "open", "users/1"])
        defer { again.close() }
        try await again.waitFor("Posts (3)")
        screen = try await again.waitFor("Journey post, edited")
        #expect(rows(of: 4, in: screen).first?.contains("Journey post, edited") == true, "\(screen)")
        again.send("q")
        #expect(try await again.waitForExit() == 0)
    }

    @Test("Ctrl-C in a form with unsaved changes asks first; any key keeps editing, Ctrl-C again quits (status 130)")
    func interruptFromDirtyForm() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-edit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        try Data(Self.database.utf8).write(to: file)

        let session = try TmuxSession(command: [BulletinBinary.path, "--data", file.path, "open", "users/1"])
        defer { session.close() }
        try await session.waitFor("Posts (2)")
        session.send("a")
        try await session.waitFor("Author id  1")
        session.send("Draft title")
        try await session.waitFor("unsaved changes")
        session.send("C-c")
        try await session.waitFor("Quit without saving?")
        session.send("Escape")
        try await session.appears(all: ["^S save", "Draft title"])   // everything typed is still there
        session.send("C-c")
        try await session.waitFor("Ctrl-C again quits")
        session.send("C-c")
        #expect(try await session.waitForExit() == 130)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("on a read-only source (DummyJSON) the editing keys say why at once and open no form",
          SharedData.needed)
    func readOnlySource() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("dummyjson").path, "--style", "dummyjson"])
        defer { server.stop() }
        let session = try TmuxSession(command: [BulletinBinary.path, "--dummyjson", server.baseURL.absoluteString, "open", "users"])
        defer { session.close() }
        try await session.waitFor("Emily Johnson")
        session.send("a")
        let screen = try await session.waitFor("Read-only: the DummyJSON API is read-only here")
        #expect(!screen.contains("New user"))
        session.send("Down")   // any key clears the note, so its return below is the answer to e
        try await session.waitForAbsence(of: "Read-only: the DummyJSON API is read-only here")
        session.send("e")
        let after = try await session.waitFor("Read-only: the DummyJSON API is read-only here")
        #expect(!after.contains("Edit user"), "e is refused at once; no form is loaded")
        session.send("q")
        #expect(try await session.waitForExit() == 0)
    }
}
