import BulletinTestSupport
import Foundation
import Testing

/// Colour modes as a person sees them, read with `capture-pane -e` (SGR sequences kept).
@Suite("End to end: colour")
struct ColorEndToEndTests {
    /// The users screen, captured with attributes, one string per row.
    private func usersScreen(environment: [String: String]) async throws -> [String] {
        let session = try await TmuxSession.bulletin(environment: environment)
        defer { session.close() }
        try await session.press("Enter", until: "Margaret Okafor", "Zoë")
        let zoe = { (rows: [String]) in rows.first { $0.contains("Zoë") } }
        let before = zoe(session.captureWithAttributes())
        session.send("Down")
        // The Down is drawn once Zoë's row looks different (selected) from before.
        let rows = try await session.waitUntilStyled("Zoë's row to be drawn selected") { zoe($0) != nil && zoe($0) != before }
        session.send("q")
        _ = try await session.waitForExit()
        return rows
    }

    @Test("NO_COLOR=1: the selected row is in reverse video and no colour is used")
    func noColor() async throws {
        let rows = try await usersScreen(environment: ["NO_COLOR": "1"])
        let selected = try #require(rows.first { $0.contains("Zoë") })
        let other = try #require(rows.first { $0.contains("Margaret Okafor") })
        #expect(selected.hasPrefix("\u{1B}[0;7m") || selected.hasPrefix("\u{1B}[7m"), "reverse: \(selected.debugDescription)")
        #expect(!other.contains("[7m") && other.contains("\u{1B}[0m"), "the previous row is plain again")
        #expect(!rows.joined().contains("38;5;") && !rows.joined().contains("48;5;"), "no colours")
    }

    @Test("with 256 colours the selection has its own background")
    func colors256() async throws {
        let rows = try await usersScreen(environment: ["NO_COLOR": ""])   // empty: colours on, even if the runner sets it
        let selected = try #require(rows.first { $0.contains("Zoë") })
        #expect(selected.contains("48;5;39"), "\(selected.debugDescription)")
    }

    @Test("TERM=xterm (8 colours): the selection is black on cyan and no 256-colour index is used")
    func eightColors() async throws {
        let rows = try await usersScreen(environment: ["TERM": "xterm", "NO_COLOR": ""])
        let selected = try #require(rows.first { $0.contains("Zoë") })
        #expect(selected.contains("30m") || selected.contains("30;"), "\(selected.debugDescription)")
        #expect(selected.contains("46m") || selected.contains("46;"), "\(selected.debugDescription)")
        #expect(!rows.joined().contains("38;5;") && !rows.joined().contains("48;5;"))
    }
}
