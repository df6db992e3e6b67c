import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// The status-line spinner: only after a short delay, animated, gone once loaded.
@MainActor
@Suite("Loading spinner")
struct SpinnerTests {
    final class FakeClock { var now = 100.0 }

    func statusLine(_ host: ScreenHost) -> String {
        var surface = Surface(width: 80, height: 8)
        host.render(on: &surface)
        return surface.lines[7]
    }

    @Test("no spinner for quick loads; after the delay it shows and turns; once loaded it goes")
    func spinnerAppearsAfterDelay() async {
        let clock = FakeClock()
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource(delay: .milliseconds(300))), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {}, clock: { clock.now })
        #expect(!host.needsAnimation)
        host.handle(.enter)  // Users, loading
        #expect(host.needsAnimation)
        #expect(!statusLine(host).contains("loading"))
        clock.now += 0.2
        #expect(!statusLine(host).contains("loading"))
        clock.now += 0.15
        #expect(statusLine(host).contains("⠋ loading"))
        clock.now += ScreenHost.spinnerInterval
        #expect(statusLine(host).contains("⠙ loading"))
        guard let model = app.stack.top?.destination as? UserListViewModel else {
            Issue.record("expected the user list")
            return
        }
        await model.load()
        #expect(!host.needsAnimation)
        let line = statusLine(host)
        #expect(!line.contains("loading"))
        #expect(line.hasSuffix("3 users"), "\(line)")
    }
}
