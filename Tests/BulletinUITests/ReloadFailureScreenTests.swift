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
        // Back, help and quit keep their place; the reason starts the right side and, at 120
        // columns, shows whole.
        #expect(lines[11].hasPrefix(" Esc back  ? help  q quit Not reloaded: Rate limited by http://127.0.0.1:3000/users;"),
                "\(lines[11])")
        #expect(trimmed(harness.frame(width: 120, height: 12))[11]
            .contains("Not reloaded: Rate limited by http://127.0.0.1:3000/users; try again later (0 requests left)"))
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
        #expect(lines[15].contains("Not reloaded: Rate limited by"), "\(lines[15])")
    }
}
