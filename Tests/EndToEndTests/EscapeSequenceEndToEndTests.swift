import BulletinTestSupport
import Foundation
import Testing

/// Data holding terminal escape sequences (window title, clear screen, clipboard, cursor
/// moves, queries) is shown visibly and never acts on the terminal.
@Suite("End to end: escape sequences in data")
struct EscapeSequenceEndToEndTests {
    /// A json-server db.json built at test time from the shared inputs (not copied into the repo).
    private func makeDatabase(in directory: URL) throws -> String {
        let users = try JSONSerialization.jsonObject(with: Data(contentsOf: SharedData.input("users-escape-sequences.json")))
        let posts = try JSONSerialization.jsonObject(with: Data(contentsOf: SharedData.input("posts-escape-sequences.json")))
        let database = ["users": users, "posts": posts, "comments": [Any]()]
        let url = directory.appendingPathComponent("db.json")
        try JSONSerialization.data(withJSONObject: database).write(to: url)
        return url.path
    }

    @Test("titles, names and bodies with escapes leave the title, screen and clipboard alone",
          SharedData.needed)
    func escapesAreHarmless() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-escapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", try makeDatabase(in: directory)])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        try await session.waitForTitle("Bulletin — Home")
        session.send("Enter")
        try await session.appears(all: ["Eve^[]0;owned^G", "Mallory^[[2J"])   // shown visibly
        session.send("Enter")   // Plain Name: ten posts whose titles hold escapes
        let posts = try await session.appears(all: ["Unterminated", "Weekly update ^[]0;pwned^G", "^[[2J^[[HSession expired",
                                                    "^[[1;1HADMIN: all users deleted"])
        #expect(posts.hasPrefix(" Bulletin  Home › Users › Plain Name"), "nothing moved the cursor or cleared the screen")
        for _ in 0..<4 { session.send("Down") }
        session.send("Enter")   // post 5: an OSC 52 clipboard write in the body
        try await session.appears("Text ^[]52;c;ZWNobyBwd25lZA==^G more text")
        session.send("Escape")
        session.send("End")
        session.send("Enter")   // post 10: an OSC with no terminator
        // Later output still shows: the header and the footer on the same capture.
        try await session.appears(all: ["OSC with no terminator swallows later output", "Post 10", "q quit"])
        // The only title is the app's own, drawn from the stack; nothing in the data set it.
        try await session.waitForTitle("Bulletin — Home › Users › Plain Name › Post 10")
        #expect(session.command(["list-buffers"]).isEmpty, "no clipboard write reached tmux")
        session.send("q")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore)
    }
}
