import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 16, item 10: Home's line for someone new, naming the source and `? for keys`.
@MainActor
@Suite("Home's help line")
struct HomeHelpLineTests {
    /// Home of `descriptor`'s source rendered at `width` x `height`, one trimmed string per row.
    private func home(_ descriptor: SourceDescriptor, width: Int, height: Int) -> [String] {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource(descriptor: descriptor)), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {})
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    private static let embedded = SourceDescriptor(kind: .embedded, location: "embedded")
    private static let rest = SourceDescriptor(kind: .rest, location: "http://127.0.0.1:3101")

    @Test("the model names the source with a capital and ends with ? for keys")
    func modelLine() {
        #expect(HomeViewModel(sourceLabel: "embedded data set", router: .none).helpLine == "Embedded data set · ? for keys")
        #expect(HomeViewModel(sourceLabel: "REST API http://127.0.0.1:3101", router: .none).helpLine
            == "REST API http://127.0.0.1:3101 · ? for keys")
    }

    @Test("at 80x24 the line sits under the menu, after a blank row, muted")
    func wide() {
        let rows = home(Self.rest, width: 80, height: 24)
        #expect(rows[8] == " Quit           Leave Bulletin")
        #expect(rows[9] == "")
        #expect(rows[10] == " REST API http://127.0.0.1:3101 · ? for keys")
        #expect(rows.filter { $0.contains("? for keys") }.count == 1, "one line")
        let embedded = home(Self.embedded, width: 80, height: 24)
        #expect(embedded[10] == " Embedded data set · ? for keys")
    }

    @Test("the embedded set reopened with earlier edits says so at 40, 80 and 120 columns", arguments: [40, 80, 120])
    func embeddedWithEdits(width: Int) throws {
        let edited = SourceDescriptor(kind: .embedded, location: "/tmp/x/bulletin/db.json", detail: EmbeddedDataSource.editedDetail)
        let line = try #require(home(edited, width: width, height: 24).first { $0.contains("? for keys") })
        #expect(line == (width == 40 ? " Embedded data set, with … · ? for keys" : " Embedded data set, with your edits · ? for keys"))
    }

    @Test("at 40 columns the source is cut and ? for keys stays whole")
    func narrow() throws {
        let rows = home(Self.rest, width: 40, height: 24)
        let line = try #require(rows.first { $0.contains("? for keys") })
        #expect(line == " REST API http://127.0.0.… · ? for keys")
        #expect(DisplayWidth.of(line) == 39, "the inner width of a 40-column screen")
        let smallest = home(Self.rest, width: 20, height: 24)   // the smallest screen Bulletin draws
        #expect(smallest.contains(" REST… · ? for keys"), "\(smallest)")
    }

    @Test("the line is styled muted and left out when the menu fills the screen")
    func styleAndShortScreen() {
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource(descriptor: Self.embedded)), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {})
        var surface = Surface(width: 80, height: 24)
        host.render(on: &surface)
        #expect(surface.style(at: Point(x: 1, y: 10)) == .muted)
        // 10 rows: header, body of 8 (the menu's 5 rows fill what the title leaves), footer.
        #expect(!home(Self.embedded, width: 80, height: 10).contains { $0.contains("? for keys") })
    }
}
