import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// The lists' `/` prompt, ▲▼ headers, highlights, "no matches" and jumps, rendered into the
/// in-memory surface through the real ScreenHost (issue 7).
@MainActor
@Suite("Finding in lists, on screen")
struct FindScreenTests {
    let app: AppCoordinator
    let host: ScreenHost
    let quits = ScreenHostTests.QuitCounter()

    /// 100 users: 37 named Smith, 63 named Jones.
    static let hundred: [User] = (1...100).map {
        User(id: RecordID($0), name: $0 <= 37 ? "Ann Smith \($0)" : "Bob Jones \($0)", username: "u\($0)")
    }

    init(users: [User] = Fixtures.users) {
        app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource(users: users)), onQuit: {})
        app.start()
        host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: { [quits] in quits.count += 1 })
    }

    func frame(width: Int = 60, height: Int = 8) -> Surface {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface
    }

    func lines(width: Int = 60, height: Int = 8) -> [String] {
        frame(width: width, height: height).lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    func press(_ keys: Key...) {
        for key in keys {
            _ = frame()
            host.handle(key)
        }
    }

    func type(_ text: String) async {
        for character in text { press(.character(character)) }
        await settle()
    }

    /// Waits for the top list's load and for its finder.
    func settle() async {
        await app.stack.top?.destination.load()
        await (app.stack.top?.destination as? any FindableScreen)?.find.finder.waitUntilIdle()
    }

    func openUsers() async {
        app.navigate(to: .users)
        await settle()
    }

    @Test("/ opens the prompt in the status line; each key narrows the list; the count reads 37 of 100")
    func promptAndCount() async {
        let screen = FindScreenTests(users: Self.hundred)
        await screen.openUsers()
        screen.press(.character("/"))
        #expect(screen.lines().last == "/▏                                        ⏎ keep  Esc clear")
        await screen.type("smi")
        let lines = screen.lines()
        #expect(lines.last == "/smi▏                          37 of 100  ⏎ keep  Esc clear")
        #expect(lines[2] == "    1 Ann Smith 1   u1         —          —")
        #expect(!lines.joined().contains("Jones"))
    }

    @Test("q, s, n, : and digits are text at the prompt; Enter keeps the filter with its count")
    func keysAreText() async {
        await openUsers()
        press(.character("/"))
        await type("qsn:1")
        #expect(quits.count == 0 && !app.commandLine.isActive)
        #expect(lines().last?.hasPrefix("/qsn:1▏") == true)
        press(.ctrl("u"))
        await type("zo")
        press(.enter)
        await settle()
        let lines = lines()
        #expect(lines[1] == "   ID Name          Username   Email          Company")
        #expect(lines[2] == "    2 Zoë Ångström  zoe        zoe@example.o… —")
        #expect(lines[3] == "")
        #expect(lines.last == " ↑↓ move  ⏎ open  Esc clear  ? help  q quit      /zo  1 of 3")
    }

    @Test("matched characters are highlighted, in the selection's variant on the selected row")
    func highlights() async {
        await openUsers()
        press(.character("/"))
        await type("a")
        let surface = frame()
        #expect(surface.lines[2].hasPrefix("    1 Leanne Graham"))
        #expect(surface.style(at: Point(x: 8, y: 2)) == .selectedHighlight, "the a of Leanne, selected row")
        #expect(surface.style(at: Point(x: 6, y: 2)) == .selected, "the e before it")
        #expect(surface.lines[3].hasPrefix("    2 Zoë Ångström"))
        #expect(surface.style(at: Point(x: 10, y: 3)) == .highlight, "Å matches a")
        #expect(surface.style(at: Point(x: 8, y: 3)) == .alternate)
        #expect(surface.lines[4].hasPrefix("    3 山田 太郎     taro"))
        #expect(surface.style(at: Point(x: 21, y: 4)) == .highlight, "the a of taro")
        #expect(surface.style(at: Point(x: 20, y: 4)) == .normal)
        press(.escape)
        let cleared = frame()
        #expect(!(0..<60).contains { cleared.style(at: Point(x: $0, y: 4)) == .highlight }, "Esc clears the marks")
    }

    @Test("a filter that hides every row says no matches and stays editable; Backspace brings rows back")
    func noMatches() async {
        await openUsers()
        press(.character("/"))
        await type("zzz")
        var lines = lines()
        #expect(lines[1].hasPrefix("   ID Name"))
        #expect(lines[2] == " no matches")
        #expect(lines.last == "/zzz▏                         no matches  ⏎ keep  Esc clear")
        press(.backspace, .backspace)
        await settle()
        lines = self.lines()
        #expect(lines[2].contains("Leanne Graham") && lines[3].contains("Zoë"), "z: Leanne's biz and Zoë")
        press(.escape)
        await settle()
        #expect(self.lines().last == " ↑↓ move  ⏎ open  / filter  Esc back  ? help  q quit 3 users")
    }

    @Test("s sorts by the next column with ▲ in its header, S reverses to ▼, the selection stays")
    func sort() async {
        await openUsers()
        press(.down, .character("s"))
        await settle()
        #expect(lines()[1] == " ▲ ID Name          Username   Email          Company")
        press(.character("s"), .character("S"))
        await settle()
        let lines = lines()
        #expect(lines[1] == "   ID Name ▼        Username   Email          Company")
        #expect(lines[2].hasPrefix("    3 山田 太郎"))
        #expect(lines[4].hasPrefix("    1 Leanne Graham"))
        #expect(frame().style(at: Point(x: 5, y: 3)) == .selected, "Zoë is still selected, now in the middle")
    }

    @Test("n jumps to the next match of the last query without hiding the others")
    func findNext() async {
        await openUsers()
        press(.character("/"))
        await type("taro")
        press(.escape)
        await settle()
        press(.character("n"))
        let surface = frame()
        #expect(surface.lines[4].hasPrefix("    3 山田 太郎"))
        #expect(surface.lines[2].hasPrefix("    1 Leanne"), "nothing is hidden")
        #expect(surface.style(at: Point(x: 5, y: 4)) == .selected)
        #expect(surface.style(at: Point(x: 20, y: 4)) == .selectedHighlight)
    }

    @Test("digits then Enter select that id; the status shows what is typed, or that it is not there")
    func jumpByDigits() async {
        await openUsers()
        press(.character("3"))
        #expect(lines().last == ":3▏                                        ⏎ go  Esc cancel")
        press(.enter)
        #expect(frame().style(at: Point(x: 5, y: 4)) == .selected)
        press(.character("1"), .character("2"), .enter)
        #expect(lines().last == " ⏎ open  Esc back  ? help  q quit    no user 12 in this list",
                "the message takes the summary's place; back, help and quit stay")
        #expect(frame().style(at: Point(x: 5, y: 4)) == .selected, "the selection stays")
        press(.down)
        #expect(lines().last?.hasPrefix(" ↑↓ move") == true, "the message goes with the next key")
    }

    @Test(":2 at the command prompt selects user 2 on the list")
    func jumpByCommand() async {
        await openUsers()
        press(.character(":"), .character("2"), .enter)
        #expect(frame().style(at: Point(x: 5, y: 3)) == .selected)
        #expect(app.stack.routes == ["home", "users"])
    }

    @Test("the Posts list keeps its filter while a post is open and shows it again on the way back")
    func postsKeepFilter() async {
        app.navigate(to: .posts)
        await settle()
        press(.character("/"))
        await type("second")
        press(.enter)
        #expect(lines()[2].hasPrefix("    2 Leanne Graham Second post"))
        press(.enter)
        await settle()
        #expect(app.stack.routes.last == "posts/2")
        press(.escape)
        await settle()
        let lines = lines()
        #expect(lines[2].hasPrefix("    2 Leanne Graham Second post") && lines[3].isEmpty)
        #expect(lines.last?.hasSuffix("/second  1 of 3") == true)
        press(.escape)
        #expect(self.lines()[3].hasPrefix("    2"), "Esc on a filtered list clears the filter before going back")
        #expect(app.stack.routes == ["home", "posts"])
    }
}

@MainActor
@Suite("The / prompt's editing keys")
struct FindPromptEditingTests {
    @Test("arrows, Ctrl-W, Ctrl-U and Backspace edit like a text field; the cursor shows where typing goes")
    func editing() async {
        let screen = FindScreenTests()
        await screen.openUsers()
        screen.press(.character("/"))
        await screen.type("zoe abc")
        screen.press(.ctrl("w"))
        await screen.settle()
        #expect(screen.lines().last?.hasPrefix("/zoe ▏ ") == true)
        screen.press(.left, .left, .left, .backspace)
        await screen.settle()
        #expect(screen.lines().last?.hasPrefix("/▏oe ") == true, "\(screen.lines().last ?? "")")
        await screen.type("z")
        #expect(screen.lines().last?.hasPrefix("/z▏oe ") == true)
        screen.press(.end)
        await screen.type("x")
        #expect(screen.lines().last?.hasPrefix("/zoe x▏") == true)
        screen.press(.ctrl("u"))
        await screen.settle()
        #expect(screen.lines().last?.hasPrefix("/▏ ") == true)
        #expect(screen.lines()[4].contains("山田"), "an empty query shows every row")
        screen.press(.backspace, .backspace, .backspace)
        #expect(screen.lines().last?.hasPrefix("/▏ ") == true, "a held Backspace stops at the empty prompt")
        #expect(screen.lines()[0].contains("Users"), "and never goes Back")
        screen.press(.escape)
        #expect(screen.lines().last?.hasPrefix(" ↑↓ move") == true, "Esc closes it")
    }

    @Test("↑↓ move the selection while the prompt stays open; Ctrl-C still quits")
    func movingAndQuitting() async {
        let screen = FindScreenTests()
        await screen.openUsers()
        screen.press(.character("/"), .down)
        #expect(screen.frame().style(at: Point(x: 5, y: 3)) == .selected)
        #expect(screen.lines().last?.hasPrefix("/▏") == true)
        screen.press(.ctrl("c"))
        #expect(screen.quits.count == 1)
    }
}

@MainActor
@Suite("Finding in a user's posts, on screen")
struct UserPostsFindScreenTests {
    @Test("a user's posts: / narrows them with a count, s puts ▲ in the header, Esc clears and says Esc back again")
    func userPosts() async {
        let screen = FindScreenTests()
        screen.app.open(.user(1))
        await screen.app.waitForLink()
        await screen.settle()
        screen.press(.character("/"))
        await screen.type("second")
        var lines = screen.lines(width: 50, height: 14)
        #expect(lines[10] == "   ID Title")
        #expect(lines[11] == "    2 Second post")
        #expect(lines[12] == "")
        #expect(lines.last == "/second▏                1 of 2  ⏎ keep  Esc clear")
        screen.press(.enter, .character("s"))
        await screen.settle()
        lines = screen.lines(width: 50, height: 14)
        #expect(lines[10] == " ▲ ID Title")
        #expect(lines.last == " ⏎ open  Esc clear  ? help  q quit /second  1 of 2")
        screen.press(.escape)
        await screen.settle()
        lines = screen.lines(width: 50, height: 14)
        #expect(lines[11] == "    1 First post" && lines[12] == "    2 Second post")
        #expect(lines.last?.hasSuffix("Posts (2)") == true)
        #expect(screen.app.stack.routes.last == "users/1", "Esc cleared the filter and stayed")
    }
}
