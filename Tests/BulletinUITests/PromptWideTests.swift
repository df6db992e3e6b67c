import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// A prompt that fills its line never draws in the line's last column: on the bottom row that
/// is the terminal's lower-right corner, where ncurses loses a cell after a wide character
/// (the end-to-end check is `NavigationEndToEndTests.commandCursorWide`).
@MainActor
@Suite("Prompt line: the last column stays free")
struct PromptWideTests {
    @Test("a full : prompt with a wide character keeps its cursor mark one column before the end")
    func lastColumnFree() {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource()), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: {})
        host.handle(.character(":"))
        for character in String(repeating: "abcdefghij", count: 4) + "日" { host.handle(.character(character)) }
        var surface = Surface(width: 40, height: 8)
        host.render(on: &surface)
        let line = surface.lines.last ?? ""
        #expect(line == ":…ghijabcdefghijabcdefghijabcdefghij日▏ ", "\(line)")
        #expect(DisplayWidth.of(line) == 40)
    }
}
