import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Screens rendered into the in-memory surface at an explicit size, compared line by line.
@MainActor
@Suite("Screens rendered by the ScreenHost")
struct ScreenHostTests {
    @MainActor final class QuitCounter { var count = 0 }

    @MainActor
    struct Harness {
        let app: AppCoordinator
        let host: ScreenHost
        let quits: QuitCounter

        func frame(width: Int = 60, height: Int = 12) -> Surface {
            var surface = Surface(width: width, height: height)
            host.render(on: &surface)
            return surface
        }

        /// Presses keys, rendering between them as the app does (page sizes come from the last frame).
        func press(_ keys: Key..., width: Int = 60, height: Int = 12) {
            for key in keys {
                _ = frame(width: width, height: height)
                host.handle(key)
            }
        }

        /// Waits for the top screen's load to finish.
        func settle() async {
            await app.loadTop()
        }
    }

    func makeHarness(source: any DataSource = StubDataSource()) -> Harness {
        let quits = QuitCounter()
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: { quits.count += 1 })
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: { quits.count += 1 })
        return Harness(app: app, host: host, quits: quits)
    }

    func trimmed(_ surface: Surface) -> [String] {
        surface.lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test("Home shows the menu, the source and the keys")
    func home() {
        let harness = makeHarness()
        let surface = harness.frame()
        #expect(trimmed(surface) == [
            " Bulletin  Home                                        home",
            "",
            " Welcome to Bulletin",
            "",
            " Users          Browse users, their posts and the posts' c…",
            " Posts          Every post, with its author",
            " Search         Find text in every post and comment",
            " Admin panel    Where the data comes from and what it holds",
            " Quit           Leave Bulletin",
            " Embedded data set · ? for keys",
            "",
            " ↑↓ move  ⏎ open  s search  ? help  q quit embedded data set",
        ])
        #expect(surface.style(at: Point(x: 1, y: 4)) == .selected)
        #expect(surface.style(at: Point(x: 1, y: 5)) != .selected)
        #expect(surface.style(at: Point(x: 0, y: 0)) == .header)
    }

    @Test("the user list shows aligned columns, a shaded second row and a selected first row")
    func userList() async {
        let harness = makeHarness()
        harness.press(.enter)
        await harness.settle()
        let surface = harness.frame()
        #expect(trimmed(surface).prefix(5) == [
            " Bulletin  Home › Users                               users",
            "   ID Name          Username   Email          Company",
            "    1 Leanne Graham Bret       Sincere@april… Romaguera-Cro…",
            "    2 Zoë Ångström  zoe        zoe@example.o… —",
            "    3 山田 太郎     taro       —              —",
        ])
        #expect(trimmed(surface).last == " ↑↓ move  ⏎ open  / filter  Esc back  ? help  q quit 3 users")
        #expect(surface.style(at: Point(x: 10, y: 2)) == .selected)
        #expect(surface.style(at: Point(x: 10, y: 3)) == .alternate)
        #expect(surface.style(at: Point(x: 10, y: 4)) == .normal)
    }

    @Test("Down then Enter opens the second user's profile and posts")
    func userDetail() async {
        let harness = makeHarness()
        harness.press(.enter)
        await harness.settle()
        harness.press(.down, .enter)
        await harness.settle()
        let lines = trimmed(harness.frame(width: 50, height: 14))
        #expect(lines == [
            " Bulletin  Home › Users › Zoë Ångström    users/2",
            " Name:     Zoë Ångström",
            " Username: zoe",
            " Email:    zoe@example.org",
            " Phone:    —",
            " Website:  —",
            " Address:  —",
            " Company:  —",
            "",
            " Posts (1)  Albums (0)  Todos (0)",
            "   ID Title",
            "    3 Zoë writes",
            "",
            " ⏎ open  Esc back  ? help  q quit        Posts (1)",
        ])
    }

    @Test("a post shows its title, byline, body and comments, and scrolls")
    func postDetail() async {
        let harness = makeHarness()
        harness.press(.enter)
        await harness.settle()
        harness.press(.enter)
        await harness.settle()
        harness.press(.enter)
        await harness.settle()
        var lines = trimmed(harness.frame(width: 40, height: 10))
        #expect(lines[0] == " Bulletin  … › Leanne Graham › Post 1")
        #expect(Array(lines[1...8]).map { $0.replacingOccurrences(of: "┃", with: "|").replacingOccurrences(of: "│", with: "|") } == [
            " First post                            |",
            " by Leanne Graham (@Bret)              |",
            "                                       |",
            " Hello there.                          |",
            " Second line of the first post.        |",
            "                                       |",
            " Comments (2)                          |",
            "                                       |",
        ])
        harness.press(.end, width: 40, height: 10)
        lines = trimmed(harness.frame(width: 40, height: 10))
        #expect(lines[8].hasPrefix(" Me too."))
    }

    @Test("a failed load shows the cause and r retries")
    func failure() async {
        let source = StubDataSource(failure: .transport(url: "http://127.0.0.1:9/users", reason: "connection refused"))
        let harness = makeHarness(source: source)
        harness.press(.enter)
        await harness.settle()
        let lines = trimmed(harness.frame(width: 70, height: 10))
        #expect(lines[2] == " Could not load users")
        #expect(lines[4] == " Cannot reach http://127.0.0.1:9/users: connection refused")
        #expect(lines[6] == " Press r to retry, Esc to go back.")
        #expect(lines[9].hasPrefix(" r retry  Esc back  ? help  q quit "), "only the keys that work: \(lines[9])")
        await source.setFailure(nil)
        harness.press(.character("r"))
        await harness.settle()
        #expect(trimmed(harness.frame(width: 70, height: 10))[2].contains("Leanne Graham"))
    }

    @Test("the admin panel names the source and counts its records")
    func admin() async {
        let harness = makeHarness(source: StubDataSource(descriptor: SourceDescriptor(kind: .rest, location: "http://x")))
        harness.press(.down, .down, .down, .enter)
        await harness.settle()
        let lines = trimmed(harness.frame(width: 60, height: 22))
        #expect(Array(lines[0...11]) == [
            " Bulletin  Home › Admin panel                         admin",
            "",
            " Data source",
            " Source:    REST API (JSONPlaceholder-compatible)",
            " Location:  http://x",
            " Auth:      none",
            " Writes:    off: this source cannot be edited yet",
            "",
            " Contents",
            " Users:     3",
            " Posts:     3",
            " Comments:  3",
        ])
    }

    @Test("records a file could not read show in the user list's status line and in the Admin panel")
    func recordIssues() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json")
        try Data(#"{"users": [{"id": 1, "name": "Ann", "username": "a"}, {"id": 2, "username": "b"}]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let harness = makeHarness(source: FileDataSource(path: url.path))
        harness.press(.enter)
        await harness.settle()
        let users = trimmed(harness.frame(width: 90, height: 8))
        #expect(users[2].contains("Ann"))
        #expect(users.contains { $0.contains("1 user · 1 record skipped: users[1].name missing") }, "\(users)")
        harness.press(.escape, .down, .down, .down, .enter)
        await harness.settle()
        let admin = trimmed(harness.frame(width: 120, height: 30))
        let heading = try #require(admin.firstIndex(of: " Records not read (1)"), "\(admin)")
        #expect(admin[heading + 1] == " users[1].name missing (record skipped) in \(url.path)")
    }

    @Test("Esc, Left and Backspace go back; on Home they do nothing; q quits")
    func globalKeys() async {
        let harness = makeHarness()
        harness.press(.enter)
        await harness.settle()
        harness.press(.enter)
        await harness.settle()
        harness.press(.enter)
        #expect(harness.app.stack.titles.count == 4)
        harness.press(.escape, .left, .backspace)
        #expect(harness.app.stack.titles == ["Home"])
        harness.press(.escape, .left, .backspace)
        #expect(harness.app.stack.titles == ["Home"])
        #expect(harness.quits.count == 0)
        harness.press(.character("q"))
        harness.press(.ctrl("c"))
        #expect(harness.quits.count == 2)
    }

    @Test("data with escape sequences is drawn harmlessly")
    func escapeSequences() async {
        let users = [User(id: 1, name: "\u{1B}]0;pwned\u{07}Eve", username: "eve\u{1B}[2J")]
        let harness = makeHarness(source: StubDataSource(users: users))
        harness.press(.enter)
        await harness.settle()
        let lines = trimmed(harness.frame(width: 100, height: 6))
        #expect(lines[2].contains("^[]0;pwned^GEve"))
        #expect(lines[2].contains("eve^[[2J"))
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test("tiny and empty sizes never trap", arguments: [(1, 1), (0, 0), (10, 3), (20, 5)])
    func tinySizes(size: (Int, Int)) async {
        let harness = makeHarness()
        _ = harness.frame(width: size.0, height: size.1)
        harness.press(.enter, width: size.0, height: size.1)
        await harness.settle()
        let surface = harness.frame(width: size.0, height: size.1)
        #expect(surface.lines.count == size.1)
        harness.press(.pageDown, .enter, width: size.0, height: size.1)
        await harness.settle()
        _ = harness.frame(width: size.0, height: size.1)
    }

    @Test("below 20x5 the host says the terminal is too small; growing back keeps the selection")
    func tooSmallAndBack() async {
        let harness = makeHarness()
        harness.press(.enter)
        await harness.settle()
        harness.press(.down, .down)
        #expect(harness.frame().style(at: Point(x: 10, y: 4)) == .selected)
        for (width, height) in [(19, 12), (60, 4), (10, 3), (1, 1), (2, 1), (1, 2)] {
            let surface = harness.frame(width: width, height: height)
            let text = surface.lines.joined()
            #expect(text.contains(width >= 18 ? "terminal too small" : width >= 9 ? "terminal" : "…"), "\(width)x\(height)")
            #expect(!text.contains("Bulletin") && !text.contains("Leanne"), "\(width)x\(height): no layout")
            harness.host.handle(.resize)
        }
        let small = trimmed(harness.frame(width: 19, height: 4))
        #expect(small == ["", "terminal too small", "     need 20x5", ""])
        let back = harness.frame()
        #expect(trimmed(back)[4] == "    3 山田 太郎     taro       —              —")
        #expect(back.style(at: Point(x: 10, y: 4)) == .selected, "the same row is selected again")
        let minimum = trimmed(harness.frame(width: 20, height: 5))
        #expect(minimum[0] == " Bulletin  … › Users" && minimum.count == 5)
    }
}

@MainActor
@Suite("Window title")
struct WindowTitleTests {
    @Test("the window title is drawn from the stack, like the breadcrumbs")
    func title() async {
        let harness = ScreenHostTests().makeHarness()
        #expect(harness.host.windowTitle == "Bulletin — Home")
        harness.press(.enter)
        await harness.settle()
        harness.press(.enter)
        await harness.settle()
        #expect(harness.host.windowTitle == "Bulletin — Home › Users › Leanne Graham")
        harness.press(.escape)
        #expect(harness.host.windowTitle == "Bulletin — Home › Users")
    }
}

@MainActor
@Suite("Header")
struct HeaderTests {
    let header = Header(titles: ["Home", "Users", "Zoë Ångström", "Post 13"])

    @Test("breadcrumbs that fit are shown whole")
    func fits() {
        #expect(header.breadcrumbs(fitting: 40) == "Home › Users › Zoë Ångström › Post 13")
    }

    @Test("on a narrow terminal the oldest crumbs give way, so the current screen stays visible")
    func keepsTheEnd() {
        #expect(header.breadcrumbs(fitting: 34) == "… › Users › Zoë Ångström › Post 13")
        #expect(header.breadcrumbs(fitting: 30) == "… › Zoë Ångström › Post 13")
        #expect(header.breadcrumbs(fitting: 26) == "… › Zoë Ångström › Post 13")
        #expect(header.breadcrumbs(fitting: 12) == "… › Post 13")
        #expect(header.breadcrumbs(fitting: 5) == "Post…")
        #expect(header.breadcrumbs(fitting: 0) == "")
    }

    @Test("--live's badge sits at the right end, the route before it; on a narrow line the breadcrumbs come first")
    func badge() {
        var surface = Surface(size: Size(width: 80, height: 1))
        Header(titles: ["Home", "Users"], route: "users", badge: "[live]").render(in: Rect(x: 0, y: 0, width: 80, height: 1), on: &surface)
        #expect(surface.lines[0] == " Bulletin  Home › Users" + String(repeating: " ", count: 80 - 23 - 14) + "users  [live] ")
        var narrow = Surface(size: Size(width: 30, height: 1))
        Header(titles: ["Home", "Users"], route: "users", badge: "[live: connection lost, reconnecting…]")
            .render(in: Rect(x: 0, y: 0, width: 30, height: 1), on: &narrow)
        #expect(narrow.lines[0].hasPrefix(" Bulletin  Home › Users") && !narrow.lines[0].contains("live"))
    }

    @Test("a 40-column frame keeps the current user's name in the header")
    func narrowFrame() async {
        let harness = ScreenHostTests().makeHarness()
        harness.press(.enter)
        await harness.settle()
        harness.press(.down, .enter)
        await harness.settle()
        let top = harness.frame(width: 40, height: 10).lines[0]
        #expect(top.contains("Zoë Ångström"), "\(top)")
    }
}
