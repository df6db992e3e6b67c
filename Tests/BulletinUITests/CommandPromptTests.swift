import Foundation
import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// The `:` prompt, the route in the header, and the posts and link error screens, rendered
/// into the in-memory surface.
@MainActor
@Suite("Command prompt and new screens")
struct CommandPromptTests {
    @MainActor final class Counter { var count = 0 }

    let app: AppCoordinator
    let host: ScreenHost
    let quits = Counter()

    init() {
        app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource()), onQuit: {})
        app.start()
        host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: { [quits] in quits.count += 1 })
    }

    func lines(width: Int = 60, height: Int = 8) -> [String] {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    func type(_ text: String) {
        for character in text { host.handle(.character(character)) }
    }

    @Test(": opens the prompt at the bottom; typed text shows; Enter runs :users")
    func usersCommand() {
        host.handle(.character(":"))
        type("us")
        host.handle(.tab)
        #expect(lines().last == ":users▏         Tab complete  ↑↓ history  ⏎ run  Esc cancel")
        #expect(app.stack.routes == ["home"], "nothing runs before Enter")
        host.handle(.enter)
        #expect(app.stack.routes == ["home", "users"])
        #expect(lines()[0].hasSuffix("users"), "the header shows the new screen's route")
    }

    @Test(": has a real cursor: ← then typing inserts mid-text, drawn where the cursor is; Home, End, Delete, Backspace at it")
    func cursorEditing() {
        host.handle(.character(":"))
        type("usrs")
        host.handle(.left)
        host.handle(.left)
        #expect(lines().last == ":us▏rs          Tab complete  ↑↓ history  ⏎ run  Esc cancel")
        type("e")
        #expect(lines().last == ":use▏rs         Tab complete  ↑↓ history  ⏎ run  Esc cancel")
        host.handle(.home)
        host.handle(.delete)
        #expect(lines().last == ":▏sers          Tab complete  ↑↓ history  ⏎ run  Esc cancel")
        type("u")
        host.handle(.end)
        host.handle(.right)
        host.handle(.backspace)
        type("s")
        #expect(lines().last == ":users▏         Tab complete  ↑↓ history  ⏎ run  Esc cancel")
        host.handle(.left)
        host.handle(.enter)
        #expect(app.stack.routes == ["home", "users"], "Enter runs the whole line, wherever the cursor is")
    }

    @Test("the : prompt's cursor over wide and combined characters: ← steps over one whole character")
    func cursorOverWideCharacters() {
        host.handle(.character(":"))
        type("open 日本e\u{301}")
        host.handle(.left)
        #expect(lines().last == ":open 日本▏e\u{301}" + String(repeating: " ", count: 4) + "Tab complete  ↑↓ history  ⏎ run  Esc cancel")
        host.handle(.left)
        host.handle(.backspace)
        #expect(lines().last == ":open ▏本e\u{301}" + String(repeating: " ", count: 6) + "Tab complete  ↑↓ history  ⏎ run  Esc cancel")
        #expect(app.commandLine.prompt.cursor == 5 && app.commandLine.text == "open 本e\u{301}")
    }

    @Test("Esc cancels the prompt without going back; q typed at the prompt does not quit")
    func escape() {
        app.open(.posts)
        host.handle(.character(":"))
        type("q")
        host.handle(.escape)
        #expect(app.stack.routes == ["home", "posts"])
        #expect(!lines().last!.hasPrefix(":"))
        host.handle(.escape)
        #expect(app.stack.routes == ["home"], "with the prompt closed, Esc goes back again")
        #expect(quits.count == 0)
        host.handle(.character(":"))
        host.handle(.ctrl("c"))
        #expect(quits.count == 1, "Ctrl-C quits even from the prompt")
    }

    @Test("an unknown command says so in the status line until the next key, beside ? help and q quit")
    func unknown() {
        host.handle(.character(":"))
        type("frob")
        host.handle(.enter)
        let line = lines(width: 120).last ?? ""
        #expect(line.hasPrefix(" ? help  q quit "), "the keys that always show stay: \(line)")
        #expect(line.hasSuffix(" Unknown command 'frob' (commands: users, posts, albums, todos, admin, home, open, q, quit, search)"))
        host.handle(.down)
        #expect(lines(width: 80).last?.hasPrefix(" ↑↓ move") == true)
    }

    @Test("the posts list shows id, author and title, and its route")
    func postsScreen() async {
        app.navigate(to: .posts)
        guard let model = app.stack.top?.destination as? PostListViewModel else { Issue.record("no posts"); return }
        await model.load()
        #expect(Array(lines().prefix(5)) == [
            " Bulletin  Home › Posts                               posts",
            "   ID Author        Title",
            "    1 Leanne Graham First post",
            "    2 Leanne Graham Second post",
            "    3 Zoë Ångström  Zoë writes",
        ])
    }

    @Test("a link to a missing record shows the error screen; Enter goes Home")
    func linkError() async {
        app.open(.user(42))
        await app.waitForLink()
        #expect(Array(lines(height: 10).prefix(6)) == [
            " Bulletin  Home › Not found                        users/42",
            "",
            " Cannot open users/42",
            "",
            " No user 42 in stub",
            "",
        ])
        host.handle(.enter)
        #expect(app.stack.routes == ["home"])
    }

    @Test("a link met by a rate limit says so, with the reset time and r to try again, at 40, 80 and 120 columns",
          arguments: [40, 80, 120])
    func rateLimitedLink(width: Int) async throws {
        let source = StubDataSource()
        let reset = Date(timeIntervalSinceNow: 600)
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: {})
        await source.setFailure(.rateLimited(url: "https://api.github.com/users/sferik", resetAt: reset, remaining: 0))
        app.open(.user(1))
        await app.waitForLink()
        func frame() -> [String] {
            var surface = Surface(width: width, height: 14)
            host.render(on: &surface)
            return surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        }
        let text = frame().joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("Rate limited"), "\(frame())")
        #expect(!text.contains("Not found"), "\(frame())")
        #expect(text.contains("until \(DataError.clockTime(reset))"), "\(frame())")
        #expect(text.contains("Press r to try again"), "\(frame())")
        #expect(frame().last?.contains("r retry") == true, "\(frame())")
        // The limit is over: r opens the user.
        await source.setFailure(nil)
        host.handle(.character("r"))
        await app.waitForLink()
        #expect(app.stack.routes == ["home", "users", "users/1"])
    }

    @Test("a missing record offers no retry: r is unavailable and says why in ?")
    func missingNoRetry() async {
        app.open(.user(42))
        await app.waitForLink()
        let screen = ScreenHost.screen(for: app.stack.top!.destination)
        let retry = screen.keyHelp.first { $0.matches(.character("r")) }
        #expect(retry?.disabledReason == "the record is not there; trying again finds the same")
        #expect(!lines(height: 10).joined().contains("r retry"))
    }

    @Test("Tab on an empty : prompt lists every command on the row above the prompt", arguments: [40, 80, 120])
    func emptyTabLists(width: Int) {
        host.handle(.character(":"))
        host.handle(.tab)
        let frame = lines(width: width, height: 8)
        #expect(frame[7].hasPrefix(":▏"), "\(frame)")
        let listed = " users  posts  albums  todos  admin  home  open  q  quit  search"
        #expect(frame[6] == (width >= listed.count ? listed : TextLayout.truncate(listed, to: width)), "\(frame)")
        type("u")
        #expect(!lines(width: width, height: 8)[6].contains("posts"), "typing clears the list")
    }

    @Test("screens are values built per frame: after a pop, nothing the host drew keeps a view model alive")
    func screensReleased() async {
        app.open(.post(1))
        await app.waitForLink()
        _ = lines()
        weak let post = app.stack.top?.destination
        weak let author = app.stack.entries[2].destination
        #expect(post != nil && author != nil)
        host.handle(.escape)
        _ = lines()
        #expect(post == nil)
        host.handle(.escape)
        _ = lines()
        #expect(author == nil)
    }
}
