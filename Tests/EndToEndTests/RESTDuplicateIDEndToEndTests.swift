import BulletinTestSupport
import Foundation
import Testing

/// Two posts with one id on a server that stores what it is sent (issue 22, item 1), through the
/// real binary in tmux: `e` on the second, a new title, Ctrl-S, and `d` on it, confirmed; neither
/// is sent (the dialog and the status line say why, naming the id and both titles), and the
/// server still holds both records exactly as before, member by member.
@Suite("End to end: REST writes where two posts share an id (issue 22)", .serialized)
struct RESTDuplicateIDEndToEndTests {
    typealias Journey = RESTEditJourneyEndToEndTests

    @Test("edit and delete of the second post with id 1 are not sent; the server's two records stay as they were")
    func duplicateIDs() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-e2e-dup-\(UUID().uuidString.prefix(8)).json")
        try Data(Journey.database.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(db: file, behaviours: ["duplicate-ids"])
        defer { server.stop() }
        let before = try Journey().stored(server)
        #expect(before.posts["1"]?.count == 2, "the server starts with two posts with id 1: \(before.text)")

        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], open: "users/1", width: 120,
                                                     showing: "Leanne Graham", "Posts (2)", "qui est esse")
        defer { session.close() }

        // The second row (id 1, "qui est esse"): the form opens on it, the save is refused.
        session.send("Home", "Down")
        try await session.press("e", until: "Edit post 1", "qui est esse", "est rerum tempore")
        session.send("C-u")   // the form opens on the title (issue 24, item 10)
        session.type("qui est esse DUPEDIT")
        // The dialog wraps its words: the id and both titles, across lines.
        try await session.press("C-s", until: "Could not save", "Not sent: the server's post 1 is “sunt aut",
                                "facere”, not “qui est esse” that was opened", "Everything you typed is")
        #expect(try Journey().stored(server).text == before.text, "nothing sent: the store is unchanged")
        try await session.press("Escape", until: "qui est esse DUPEDIT")  // Keep editing: what was typed is kept
        try await session.press("Escape", until: "Discard changes?")
        try await session.press("Right", "Enter", until: "Posts (2)", "sunt aut facere", "qui est esse")

        // Delete the second row, confirmed: not sent either.
        session.send("Home", "Down")
        try await session.press("d", until: "Delete post 1?", "“qui est esse” will be deleted", "[ Delete ]")
        let notDeleted = try await session.press(
            "Left", "Enter", until: "Could not delete post 1: Not sent: the server's post 1 is “sunt aut facere”, not “qui est esse”")
        #expect(notDeleted.contains("Posts (2)"), "\(notDeleted)")
        try await session.quit()

        let after = try Journey().stored(server)
        let (was, now) = (before.posts["1"] ?? [], after.posts["1"] ?? [])
        #expect(now.count == 2 && zip(was, now).allSatisfy { NSDictionary(dictionary: $0).isEqual(to: $1) },
                "both records with every member as before: \(after.text)")
        #expect(after.text == before.text)
        let writes = try await server.requests().filter { $0.method != "GET" }
        #expect(writes.isEmpty, "\(writes.map { "\($0.method) \($0.path)" })")
    }
}
