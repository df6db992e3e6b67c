import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 16, item 6 on screen: a switch to a dead URL is tried, fails, and the panel says why
/// under the field while everything else stays as it was.
@MainActor
@Suite("Admin switch to a dead URL, drawn")
struct AdminSwitchScreenTests {
    @Test("s, a refused URL, Enter: the reason and the source kept are under the field; the panel is still the stub's")
    func deadURLExplained() async throws {
        let harness = await KeyScreenHarness.open(.admin)
        let url = "http://127.0.0.1:\(try LoopbackServer.closedPort())"
        harness.press(.character("s"))
        for character in url { harness.press(.character(character)) }
        harness.press(.enter, width: 100, height: 30)
        let panel = try #require(harness.app.stack.top?.destination as? AdminPanelViewModel)
        await panel.waitForSwitch()
        let screen = harness.lines(width: 100, height: 30).joined(separator: "\n")
        #expect(screen.contains("✗ Cannot reach \(url)/users"), "\(screen)")
        #expect(screen.contains("· still on stub"), "\(screen)")
        #expect(screen.contains("Location") && screen.contains("stub"), "\(screen)")
        #expect(harness.app.stack.routes == ["home", "admin"])
    }
}
