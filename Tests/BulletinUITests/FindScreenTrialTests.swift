import BulletinData
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinFeatures
@testable import BulletinUI

/// Defects found by trying issue 7's lists at the keyboard, rendered into the in-memory surface.
@MainActor
@Suite("Finding in lists, defects found by trying them")
struct FindScreenTrialTests {
    let app: AppCoordinator
    let host: ScreenHost

    /// Three posts of user 1 whose ids have 6 and 7 digits, as in a 1,000,000-post file.
    static let bigIDs: [Post] = [999_998, 999_999, 1_000_000].map {
        Post(userId: 1, id: RecordID($0), title: "Post \($0)", body: "Body")
    }

    init(users: [User] = Fixtures.users, posts: [Post] = Fixtures.posts) {
        app = AppCoordinator(
            dependencies: AppDependencies(source: StubDataSource(users: users, posts: posts)), onQuit: {})
        app.start()
        host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: {})
    }

    func lines(width: Int = 60, height: Int = 8) -> [String] {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    func press(_ keys: Key...) {
        for key in keys {
            _ = lines()
            host.handle(key)
        }
    }

    func settle() async {
        await app.stack.top?.destination.load()
        await (app.stack.top?.destination as? any FindableScreen)?.find.finder.waitUntilIdle()
    }

    @Test("the Posts list's ID column shows 7-digit ids whole, not 999… (1M-post files)")
    func postsListShowsLongIDs() async {
        let screen = FindScreenTrialTests(posts: Self.bigIDs)
        screen.app.navigate(to: .posts)
        await screen.settle()
        let lines = screen.lines()
        #expect(lines[1].hasPrefix("      ID Author"))
        #expect(lines[2].hasPrefix("  999998 Leanne Graham"))
        #expect(lines[4].hasPrefix(" 1000000 Leanne Graham"))
    }

    @Test("the Users list's ID column shows 7-digit ids whole, not 999…")
    func usersListShowsLongIDs() async {
        let users = [999_998, 1_000_000].map { User(id: RecordID($0), name: "User \($0)", username: "u\($0)", email: nil) }
        let screen = FindScreenTrialTests(users: users)
        screen.app.navigate(to: .users)
        await screen.settle()
        let lines = screen.lines()
        #expect(lines[1].hasPrefix("      ID Name"), "\(lines[1])")
        #expect(lines[2].hasPrefix("  999998 User 999998"), "\(lines[2])")
        #expect(lines[3].hasPrefix(" 1000000 User 1000000"), "\(lines[3])")
    }

    @Test("a user's posts show 7-digit ids whole")
    func userPostsShowLongIDs() async {
        let screen = FindScreenTrialTests(posts: Self.bigIDs)
        screen.app.navigate(to: .users)
        await screen.settle()
        screen.press(.enter)
        await screen.settle()
        let lines = screen.lines(height: 20)
        #expect(lines.contains { $0.hasPrefix(" 1000000 Post 1000000") }, "\(lines)")
    }

    func type(_ text: String) async {
        for character in text { press(.character(character)) }
        await settle()
    }

    @Test("on a narrow terminal the / prompt shows the query and its cursor; the key help goes first")
    func narrowPromptShowsQuery() async {
        app.navigate(to: .users)
        await settle()
        press(.character("/"))
        await type("zzz")
        let narrow = lines(width: 24).last ?? ""
        #expect(narrow.hasPrefix("/zzz▏") && narrow.hasSuffix("no matches"), "\(narrow)")
        let tiny = lines(width: 20).last ?? ""
        #expect(tiny.hasPrefix("/zzz▏"), "\(tiny)")
    }

    @Test("a query longer than the line shows its end up to the cursor, after …")
    func longQueryShowsCursor() async {
        app.navigate(to: .users)
        await settle()
        press(.character("/"))
        await type("abcdefghijklmnopqrstuvwxyz0123456789")
        let last = lines(width: 40).last ?? ""
        #expect(last.hasPrefix("/…lmnopqrstuvwxyz0123456789▏") && last.hasSuffix("no matches"), "\(last)")
        press(.home)
        let atStart = lines(width: 40).last ?? ""
        #expect(atStart.hasPrefix("/▏abcdefghijklmnopqrstuvwx"), "\(atStart)")
    }

    @Test("on a narrow terminal the : prompt shows what is typed, not only its key help")
    func narrowCommandPromptShowsText() async {
        app.navigate(to: .users)
        await settle()
        press(.character(":"))
        for character in "search hello" { press(.character(character)) }
        let last = lines(width: 30).last ?? ""
        #expect(last.hasPrefix(":search hello▏"), "\(last)")
    }

    @Test("while a loaded list sorts or filters off the main thread, the spinner says so, not loading")
    func spinnerSaysSorting() async {
        final class FakeClock { var now = 100.0 }
        let clock = FakeClock()
        let host = ScreenHost(stack: app.stack, onQuit: {}, clock: { clock.now })
        app.navigate(to: .posts)
        await settle()
        guard let model = app.stack.top?.destination as? PostListViewModel else {
            Issue.record("expected the Posts list")
            return
        }
        model.find.finder.cycleSort()
        await model.find.finder.waitUntilIdle()
        // A pass over a million rows takes a while; stand in for one still running.
        model.find.finder.isWorking = true
        func statusLine() -> String {
            var surface = Surface(width: 80, height: 8)
            host.render(on: &surface)
            return surface.lines[7]
        }
        _ = statusLine()
        clock.now += 1
        #expect(statusLine().contains(" sorting 3 posts"), "\(statusLine())")
        model.find.finder.isWorking = false
        model.find.finder.beginFilter()
        model.find.finder.updateFilter("post")
        await model.find.finder.waitUntilIdle()
        model.find.finder.commitFilter()
        model.find.finder.isWorking = true
        clock.now += 1
        #expect(statusLine().contains(" filtering") && !statusLine().contains("loading"), "\(statusLine())")
        model.find.finder.isIndexing = true
        clock.now += 1
        #expect(statusLine().contains(" indexing"), "the rows just loaded: \(statusLine())")
        model.find.finder.isIndexing = false
        model.find.finder.isWorking = false
    }
}
