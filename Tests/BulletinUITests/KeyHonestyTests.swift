import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Keys do what the footer and `?` say: Home's menu moves with Home/End/PgUp/PgDn, the Posts
/// list edits and deletes the selected post, `d` on a post with no comment selected deletes the
/// post, a read-only source advertises no editing keys and says why in `?`, and `s` is
/// described for what it does on each screen.
@MainActor
@Suite("Keys that do what the footer says")
struct KeyHonestyTests {
    /// The app on the stub source with a writer that refuses everything, opened at `link`.
    func readOnly(_ link: DeepLink) async -> KeyScreenHarness {
        let source = StubDataSource()
        let counter = KeyScreenHarness.Counter()
        let app = AppCoordinator(
            dependencies: AppDependencies(source: source, writer: ReadOnlyWriter(reason: "started with --read-only")),
            onQuit: { counter.quits += 1 })
        app.start()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, statusNote: app.statusNote,
                              onQuit: { counter.quits += 1 })
        let harness = KeyScreenHarness(app: app, host: host, counter: counter)
        app.open(link)
        await app.waitForLink()
        await harness.settle()
        return harness
    }

    func help(_ harness: KeyScreenHarness) -> [String] {
        harness.press(.character("?"))
        defer { harness.press(.escape) }
        return harness.lines(width: 120, height: 50)
    }

    @Test("Home, End, PgUp and PgDn move on Home's menu", arguments: [
        (Key.end, 4), (.home, 0), (.pageDown, 4), (.pageUp, 0),
    ] as [(Key, Int)])
    func homeMenu(key: Key, selected: Int) async throws {
        let harness = await KeyScreenHarness.open(.home)
        let home = try #require(harness.app.stack.top?.destination as? HomeViewModel)
        harness.press(.down, .down)
        #expect(home.selection.selected == 2)
        harness.press(key)
        #expect(home.selection.selected == selected)
    }

    @Test("e on the Posts list opens the selected post's form; d asks before deleting it")
    func postsListEditing() async throws {
        let harness = await KeyScreenHarness.open(.posts)
        harness.press(.down, .character("e"))
        await harness.settle()
        #expect(harness.app.stack.titles.last == "Edit post 2")
        harness.press(.escape)
        await harness.settle()
        harness.press(.character("d"))
        await harness.settle()
        #expect(harness.lines().contains { $0.contains("Delete post 2?") }, "\(harness.lines())")
        let confirmation = try #require(harness.app.stack.top?.destination as? ConfirmationViewModel)
        confirmation.answer(.confirm)
        await harness.settle()
        let list = try #require(harness.app.stack.top?.destination as? PostListViewModel)
        #expect(!list.rows.contains { $0.post.id == 2 })
        #expect(harness.footer(width: 120).contains("Deleted post 2"), "\(harness.footer(width: 120))")
    }

    @Test("d on a post with no comment selected asks before deleting the post; confirmed, the post's screen closes")
    func postDelete() async throws {
        let harness = await KeyScreenHarness.open(.post)
        harness.press(.character("d"))
        await harness.settle()
        #expect(harness.lines().contains { $0.contains("Delete post 1?") }, "\(harness.lines())")
        #expect(harness.lines().contains { $0.contains("Its 2 comments stay.") }, "\(harness.lines())")
        let confirmation = try #require(harness.app.stack.top?.destination as? ConfirmationViewModel)
        confirmation.answer(.confirm)
        await harness.settle()
        #expect(harness.app.stack.routes == ["home", "users", "users/1"])
        #expect(harness.footer(width: 120).contains("Deleted post 1"))
    }

    @Test("a read-only source advertises no editing keys at 40, 80 and 120 columns, and ? says why", arguments: [
        DeepLink.users, .user(1), .posts, .userPost(user: 1, post: 1),
    ])
    func readOnlyFooters(link: DeepLink) async {
        let harness = await readOnly(link)
        for width in [40, 80, 120] {
            let footer = harness.footer(width: width)
            #expect(!footer.contains("edit"), "\(width) columns: \(footer)")
            #expect(footer.contains("? help") && footer.contains("q quit"), "\(width) columns: \(footer)")
        }
        let lines = help(harness)
        // The reason is said once, by the first editing key listed; the others point at it (issue 24, item 13).
        let reason = "(unavailable: read-only: started with --read-only)"
        let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.components(separatedBy: reason).count == 2, "said exactly once: \(lines)")
        // A long description wraps in its column: the row and the one under it.
        func row(_ key: String) -> String? {
            lines.firstIndex { $0.hasPrefix("   \(key) ") }.map { lines[$0] + " " + lines[$0 + 1].trimmingCharacters(in: .whitespaces) }
        }
        let sayer = ["a", "e", "d", "u"].first { row($0)?.contains(reason) == true } ?? "?"
        #expect(sayer != "?", "an editing key says why: \(lines)")
        for key in ["a", "e", "d", "u"] where key != sayer {
            let row = row(key)
            #expect(row?.contains("(unavailable: same as \(sayer))") == true, "\(key): \(lines)")
        }
    }

    @Test("the same screens on a writable source do advertise them")
    func writableFooters() async {
        for place in [KeyScreenHarness.Place.users, .user, .posts] {
            let harness = await KeyScreenHarness.open(place)
            #expect(harness.footer(width: 120).contains("a/e/d/u edit"), "\(place)")
        }
        #expect(await KeyScreenHarness.open(.post).footer(width: 120).contains("Tab/e/a/d edit"))
        let bare = await KeyScreenHarness.open(.post, source: StubDataSource(comments: [])).footer(width: 120)
        #expect(bare.contains("e/a/d edit") && !bare.contains("Tab/"), "a post with no comments still says how to edit: \(bare)")
    }

    @Test("u is greyed until something was deleted; n and N until a filter was typed")
    func greyedUntilTheyCanAct() async {
        let harness = await KeyScreenHarness.open(.users)
        var lines = help(harness)
        #expect(lines.contains { $0.hasPrefix("   u ") && $0.contains("(unavailable: no record was deleted in this run)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("   n ") && $0.contains("(unavailable: no filter typed yet") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("   N ") && $0.contains("(unavailable: same as n)") }, "\(lines)")
        harness.press(.character("/"), .character("e"), .enter, .escape)
        await harness.settle()
        harness.press(.down, .character("d"))
        await harness.settle()
        if let confirmation = harness.app.stack.top?.destination as? ConfirmationViewModel { confirmation.answer(.confirm) }
        await harness.settle()
        lines = help(harness)
        #expect(lines.contains("   u                Undo the last delete"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("   n ") && !$0.contains("unavailable") }, "\(lines)")
    }

    @Test("? says what s does on each screen: Search on Home, sort on lists, switch source on Admin", arguments: [
        (KeyScreenHarness.Place.home, "Search every post and comment"), (.users, "Sort by the next column"),
        (.posts, "Sort by the next column"), (.user, "Sort by the next column"),
        (.admin, "Switch to another source"),
    ] as [(KeyScreenHarness.Place, String)])
    func sKey(place: KeyScreenHarness.Place, says: String) async {
        let harness = await KeyScreenHarness.open(place)
        let lines = help(harness)
        #expect(lines.contains { $0.hasPrefix("   s ") && $0.contains(says) }, "\(lines)")
    }

    @Test("a key that is not the id jump's ends it and acts as itself: j moves, a opens the form, ← goes back, x does nothing")
    func jumpEndsAndActs() async throws {
        var harness = await KeyScreenHarness.open(.users)
        harness.press(.character("2"))
        #expect(harness.footer(width: 100).hasPrefix(":2▏"), "\(harness.footer(width: 100))")
        harness.press(.character("j"))
        var list = try #require(harness.app.stack.top?.destination as? UserListViewModel)
        #expect(list.find.jumpDigits == nil && list.selection.selected == 1, "j moved once")

        harness = await KeyScreenHarness.open(.users)
        harness.press(.character("1"), .character("a"))
        await harness.settle()
        #expect(harness.app.stack.top?.destination is RecordFormViewModel, "a opened the form: \(harness.app.stack.routes)")

        harness = await KeyScreenHarness.open(.users)
        harness.press(.character("1"), .left)
        #expect(harness.app.stack.routes == ["home"], "← went back")

        harness = await KeyScreenHarness.open(.users)
        harness.press(.character("1"), .character("x"))
        list = try #require(harness.app.stack.top?.destination as? UserListViewModel)
        #expect(list.find.jumpDigits == nil && list.selection.selected == 0)
    }

    @Test("digits then : open the command prompt with nothing swallowed: 2 then :open users/3 Enter opens user 3")
    func jumpThenCommand() async throws {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("2"), .character(":"))
        #expect(harness.app.commandLine.isActive, "the : opened the prompt")
        for character in "open users/3" { harness.press(.character(character)) }
        #expect(harness.footer(width: 100).hasPrefix(":open users/3▏"), "\(harness.footer(width: 100))")
        harness.press(.enter)
        await harness.app.waitForLink()
        await harness.settle()
        #expect(harness.app.stack.routes.last == "users/3", "\(harness.app.stack.routes)")
        let list = try #require(harness.app.stack.entries.compactMap { $0.destination as? UserListViewModel }.first)
        #expect(list.find.finder.query.isEmpty && list.find.finder.sortColumn == nil, "no key reached the list")
    }

    @Test("the jump shows :ID where the prompt line is, at 40, 80 and 120 columns", arguments: [40, 80, 120])
    func jumpPromptWidths(width: Int) async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("1"), .character("2"), width: width)
        let footer = harness.footer(width: width)
        let padding = String(repeating: " ", count: width - 4 - 16 - 1)
        #expect(footer == ":12▏" + padding + "⏎ go  Esc cancel", "\(footer)")
    }

    @Test("during an id jump ? still shows the keys and Ctrl-C still quits, each ending the jump")
    func jumpHelpAndQuit() async throws {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("2"), .character("?"))
        #expect(harness.host.isShowingHelp)
        let list = try #require(harness.app.stack.top?.destination as? UserListViewModel)
        #expect(list.find.jumpDigits == nil)
        harness.press(.escape, .character("2"), .ctrl("c"))
        #expect(harness.counter.quits == 1)
    }
}
