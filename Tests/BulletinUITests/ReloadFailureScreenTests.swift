import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// `r` failing on a loaded screen, rendered: the rows stay and the status line says why.
@MainActor
@Suite("A failed reload on screen")
struct ReloadFailureScreenTests {
    static let failure = DataError.rateLimited(url: "http://127.0.0.1:3000/users", resetAt: nil, remaining: 0)

    func trimmed(_ surface: Surface) -> [String] {
        surface.lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test("Users at 100x12: r rate-limited keeps the rows; the status line starts with why")
    func users() async {
        let source = StubDataSource()
        let harness = ScreenHostTests().makeHarness(source: source)
        harness.press(.enter, width: 100)
        await harness.settle()
        await source.setFailure(Self.failure)
        harness.press(.character("r"), width: 100)
        await harness.settle()
        let lines = trimmed(harness.frame(width: 100, height: 12))
        #expect(lines.contains { $0.contains("Leanne Graham") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Could not load users") })
        // Back, help and quit keep their place; the reason, too long for beside them, has the
        // row above to itself and shows whole (issue 24, item 1), at 100 columns and at 120.
        #expect(lines[11].contains("Esc back  ? help  q quit"), "\(lines[11])")
        let reason = "Not reloaded: Rate limited by http://127.0.0.1:3000/users; try again later (0 requests left)"
        let words = { (rows: ArraySlice<String>) in rows.joined(separator: " ").split(separator: " ").joined(separator: " ") }
        #expect(words(lines[8...11]).contains(reason), "\(lines)")
        let wide = trimmed(harness.frame(width: 120, height: 12))
        #expect(words(wide[8...11]).contains(reason), "\(wide)")
    }

    @Test("A user's screen at 100x16: the profile and posts stay; the status line says why before Posts (n)")
    func userDetail() async {
        let source = StubDataSource()
        let harness = ScreenHostTests().makeHarness(source: source)
        harness.press(.enter, width: 100, height: 16)
        await harness.settle()
        harness.press(.enter, width: 100, height: 16)
        await harness.settle()
        await source.setFailure(Self.failure)
        harness.press(.character("r"), width: 100, height: 16)
        await harness.settle()
        let lines = trimmed(harness.frame(width: 100, height: 16))
        #expect(lines.contains { $0.contains("Username: Bret") }, "\(lines)")
        #expect(lines[12...15].joined(separator: " ").split(separator: " ").joined(separator: " ")
                    .contains("Not reloaded: Rate limited by http://127.0.0.1:3000/users"), "\(lines)")
        #expect(lines[15].contains("? help  q quit"), "\(lines[15])")
    }
}
