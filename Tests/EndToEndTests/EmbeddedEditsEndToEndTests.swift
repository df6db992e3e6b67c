import BulletinTestSupport
import Foundation
import Testing

/// Edits of the embedded data set last from one run to the next, and `--reset-embedded` brings
/// back the original (issue 24, item 13). HOME and the XDG directories point into a temporary
/// directory, so the test never touches the real home.
@Suite("End to end: embedded edits across runs", .serialized)
struct EmbeddedEditsEndToEndTests {
    /// Todo 2 of user 1 in the embedded set, as the Todos tab shows it.
    private static let todo = "Call about the quiet kitchen"

    /// Whether todo 2 is completed in the db.json at `path`.
    private func todo2Completed(in path: String) throws -> Bool? {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let todos = try #require(object["todos"] as? [[String: Any]])
        return todos.first { ($0["id"] as? Int) == 2 }?["completed"] as? Bool
    }

    @Test("Space on a todo, quit, run again: still done and Home says so; --reset-embedded brings back the original")
    func acrossRuns() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-embedded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
                           "XDG_STATE_HOME": root + "/state"]
        let copy = root + "/data/bulletin/db.json"

        // Run 1: the original set; Space saves todo 2 done to the copy.
        let first = try await TmuxSession.bulletin(open: "users/1", width: 120, environment: environment,
                                                   showing: "Margaret Okafor", "Todos (10)")
        defer { first.close() }
        try await first.press("3", until: "2 ☐      \(Self.todo)", "Space toggle")
        try await first.press("Down", "Space", until: "2 ✓      \(Self.todo)", "Todo 2 done")
        #expect(try todo2Completed(in: copy) == true, "saved in the copy")
        try await first.quit()

        // Run 2: plain bulletin opens the copy, says so on Home, and todo 2 is still done; no key is read-only.
        let second = try await TmuxSession.bulletin(width: 120, environment: environment,
                                                    showing: "Embedded data set, with your edits · ? for keys")
        defer { second.close() }
        try await second.press("Enter", until: "Margaret Okafor")
        try await second.press("Enter", until: "Todos (10)", "Email:")
        let todos = try await second.press("3", until: "2 ✓      \(Self.todo)", "Space toggle")
        #expect(!todos.contains("Read-only"), "\(todos)")
        let help = try await second.press("?", until: "Keys: Margaret Okafor")
        #expect(!help.contains("unavailable: read-only"), "\(help)")
        try await second.press("Escape", until: "Space toggle")
        try await second.quit()

        // Run 3: --reset-embedded sets the copy aside and shows the original set.
        let third = try await TmuxSession.bulletin(["--reset-embedded"], open: "users/1", width: 200, environment: environment,
                                                   showing: "Back to the original embedded data set; your edits are kept in",
                                                   "Margaret Okafor", "Todos (10)")
        // (Waiting for the user's screen too: the note shows on Home first, and a key sent before
        // `open users/1` lands goes to Home.)
        defer { third.close() }
        try await third.press("3", until: "2 ☐      \(Self.todo)")
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try todo2Completed(in: copy + ".before-reset") == true, "the edits are kept aside")
        try await third.quit()

        // Run 4: plain bulletin again reads the original set.
        let fourth = try await TmuxSession.bulletin(width: 120, environment: environment, showing: "Embedded data set · ? for keys")
        defer { fourth.close() }
        try await fourth.quit()
    }
}
