import BulletinTestSupport
import Foundation
import Testing

/// The mouse as tmux reports it to the pane (X10 encoding, `ESC [ M b x y`, since ncurses
/// asks for mode 1000), and `--no-mouse`.
@Suite("End to end: mouse")
struct MouseEndToEndTests {
    /// The bytes a terminal sends for a mouse `button` (0 left press, 64 wheel up, 65 wheel
    /// down) at 0-based `column`, `row`.
    private func report(button: Int, column: Int, row: Int) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + column)))
            + String(UnicodeScalar(UInt8(33 + row)))
    }

    private func mouseFlag(_ session: TmuxSession) -> String { session.paneFormat("#{mouse_any_flag}") }

    @Test("a click selects the user under it, the wheel moves the selection, Enter opens it")
    func clickAndWheel() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        #expect(mouseFlag(session) == "1", "the app asked the terminal for mouse reports")
        try await session.press("Enter", until: "Margaret Okafor")
        // Known flake, not yet explained: about one full CI-like run in ten, on a loaded
        // machine, a press is not seen (the wheel reports after it are). A person clicks
        // again; so does the test, once. Each step opens the selected user to see which it is.
        session.send("-l", report(button: 0, column: 10, row: 5))   // row 5: the 4th user
        session.send("Enter")
        if (try? await session.waitFor("Home › Users › Søren Kierkegård", timeout: 3)) == nil {
            try await back(session)
            session.send("-l", report(button: 0, column: 10, row: 5))
            try await session.press("Enter", until: "Home › Users › Søren Kierkegård")
        }
        try await back(session)
        session.send("-l", report(button: 65, column: 10, row: 5))  // wheel down: 3 more
        try await session.press("Enter", until: "Home › Users › Priya Raghunathan")
        try await back(session)
        session.send("-l", report(button: 64, column: 10, row: 5))  // wheel up: 3 back
        try await session.press("Enter", until: "Home › Users › Søren Kierkegård")
        try await session.quit()
    }

    /// Esc back to the user list, waiting for it (Esc followed at once by more input could be
    /// read as one Alt sequence).
    private func back(_ session: TmuxSession) async throws {
        try await session.press("Escape", until: "Username")
    }

    @Test("--no-mouse leaves the mouse to the terminal")
    func noMouse() async throws {
        let session = try await TmuxSession.bulletin(["--no-mouse"])
        defer { session.close() }
        #expect(mouseFlag(session) == "0")
        try await session.quit()
    }
}
