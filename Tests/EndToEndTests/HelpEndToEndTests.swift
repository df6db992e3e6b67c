import BulletinTestSupport
import Foundation
import Testing

/// The `?` help overlay in the real binary in tmux (100x30), on the embedded data set.
@Suite("End to end: the help overlay in tmux", .serialized)
struct HelpEndToEndTests {
    @Test("? on Users draws its keys over the list and scrolls; Esc closes it and the list is back; F1 opens it in a form")
    func overlay() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await session.press("Enter", until: "Margaret Okafor", "Esc back  ? help  q quit")
        session.type("?")
        var screen = try await session.waitForAll(["Keys: Users", "Select the row above", "Filter the rows by text", "Esc close"])
        #expect(!screen.contains("Margaret Okafor"), "the overlay covers the list: \(screen)")
        session.send("End")   // taller than 28 rows: it scrolls to the global keys
        screen = try await session.waitForAll(["Keys: Users", "Everywhere", "Quit Bulletin", "Esc close"])
        #expect(!screen.contains("Select the row above"), "scrolled past the first lines: \(screen)")
        session.send("Escape")
        // Esc closed the overlay, not the list: the Users breadcrumb is on the same capture.
        screen = try await session.waitForAll(["Home › Users", "Margaret Okafor", "Esc back  ? help  q quit"])
        #expect(!screen.contains("Keys: Users"))
        session.type("a")
        try await session.waitForAll(["New user", "^S save", "F1 help"])
        try await session.press("F1", until: "Keys: New user", "Save the user", "Edit the focused field")
        try await session.press("Escape", until: "New user", "^S save", "F1 help")
        session.send("Escape")   // nothing typed: the form closes
        try await session.waitForAll(["Margaret Okafor", "Esc back  ? help  q quit"])
        try await session.quit()
    }
}
