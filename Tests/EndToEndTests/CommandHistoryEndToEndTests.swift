import BulletinTestSupport
import Foundation
import Testing

/// Issue 24, items 5 and 1 through the real binary in tmux: the `:` history kept across two
/// runs in `$XDG_STATE_HOME/bulletin/`, Tab on an empty prompt and after `open users/`, and a
/// message longer than the footer's row shown whole at 40 columns.
@Suite("End to end: the : prompt's history and completion", .serialized)
struct CommandHistoryEndToEndTests {
    @Test(": history across two runs: ↑ brings back the last run's commands, newest first, kept in the state file")
    func historyAcrossRuns() async throws {
        let state = try TmuxSession.scratchDirectory("bulletin-e2e-state")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try await TmuxSession.bulletin(environment: environment)
        defer { first.close() }
        first.send(":")
        first.send("-l", "users")
        try await first.press("Enter", until: "Home › Users", "Username")
        first.send(":")
        first.send("-l", "open posts/2")
        try await first.press("Enter", until: "Comments (", "posts/2")
        try await first.quit()
        let file = state.appendingPathComponent("bulletin/command-history")
        #expect(try String(contentsOf: file, encoding: .utf8) == "users\nopen posts/2\n")

        let second = try await TmuxSession.bulletin(environment: environment)
        defer { second.close() }
        try await second.press(":", until: "↑↓ history")
        try await second.press("Up", until: ":open posts/2▏")
        try await second.press("Up", until: ":users▏")
        try await second.press("Down", until: ":open posts/2▏")
        try await second.press("Enter", until: "Comments (", "posts/2")
        try await second.quit()
        #expect(try String(contentsOf: file, encoding: .utf8) == "users\nopen posts/2\n", "a repeat of the newest is not added")
    }

    @Test("Tab on an empty : prompt lists every command; open users/ Tab lists the users seen, then completes one")
    func tabCompletion() async throws {
        let session = try await TmuxSession.bulletin(open: "users", width: 100, showing: "Home › Users", "Username")
        defer { session.close() }
        try await session.press("Escape", until: "Welcome to Bulletin")
        session.send(":")
        try await session.press("Tab", until: "users  posts  albums  todos  admin  home  open  q  quit  search")
        session.send("-l", "open users/")
        try await session.press("Tab", until: " 1  2  3  4  5  6  7  8  9  10")
        session.send("-l", "7")
        try await session.press("Tab", until: ":open users/7▏")
        try await session.press("Enter", until: "Home › Users ›", "users/7")
        try await session.quit()
    }

    @Test("at 40 columns an unknown command's message, with every command listed, is on the screen whole")
    func longMessageAt40() async throws {
        let session = try await TmuxSession.bulletin(width: 40, height: 16)
        defer { session.close() }
        session.send(":")
        session.send("-l", "ca")
        let screen = try await session.press("Enter", until: "Unknown command 'ca'")
        let words = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Unknown command 'ca' (commands: users, posts, albums, todos, admin, home, open, q, quit, search)"),
                "\(screen)")
        try await session.quit()
    }
}
