import BulletinTestSupport
import Foundation
import Testing

/// Issue 24, item 7: a list too wide for the terminal scrolls sideways in the real binary: at
/// 40 columns `>` on Users puts `‹` after the ID column and brings the next column in,
/// Shift-→ (tmux sends `\e[1;2C`, ncurses' KEY_SRIGHT) does the same, `<` and Shift-← go back.
@Suite("End to end: wide lists scroll sideways in tmux", .serialized)
struct ColumnScrollEndToEndTests {
    /// The header row of the Users table on `screen`.
    func header(_ screen: String) -> String {
        screen.components(separatedBy: "\n").first { $0.contains(" ID ") } ?? ""
    }

    @Test("Users at 40 columns: > and Shift-→ scroll the columns after the ID, < and Shift-← bring them back")
    func users() async throws {
        let session = try await TmuxSession.bulletin(open: "users", width: 40, height: 16, showing: "ID Name", "Username")
        defer { session.close() }
        var screen = session.capture()
        #expect(!header(screen).contains("‹") && !header(screen).contains("Company"), "\(screen)")
        session.type(">")
        screen = try await session.appears("ID ‹Username")
        #expect(!header(screen).contains("Name ") && header(screen).contains("Company"), "\(screen)")
        _ = try await session.press("S-Right", until: "ID ‹Email")
        _ = try await session.press("S-Left", until: "ID ‹Username")
        session.type("<")
        screen = try await session.appears("ID Name")
        #expect(!header(screen).contains("‹"), "\(screen)")
        try await session.quit()
    }
}
