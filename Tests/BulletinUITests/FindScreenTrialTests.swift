import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

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

    init(posts: [Post] = Fixtures.posts) {
        app = AppCoordinator(
            dependencies: AppDependencies(source: StubDataSource(users: Fixtures.users, posts: posts)), onQuit: {})
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
        switch app.stack.top?.destination {
        case let .postList(model)?: await model.load()
        case let .userList(model)?: await model.load()
        case let .userDetail(model)?: await model.load()
        default: break
        }
        await app.stack.top?.destination.findBar?.finder.waitUntilIdle()
    }

    @Test("the Posts list's ID column shows 7-digit ids whole, not 999… (1M-post files)")
    func postsListShowsLongIDs() async {
        let screen = FindScreenTrialTests(posts: Self.bigIDs)
        screen.app.navigate(to: .posts)
        await screen.settle()
        let lines = screen.lines()
        #expect(lines[1].hasPrefix("     ID Author"))
        #expect(lines[2].hasPrefix(" 999998 Leanne Graham"))
        #expect(lines[4].hasPrefix("1000000 Leanne Graham"))
    }

    @Test("a user's posts show 7-digit ids whole")
    func userPostsShowLongIDs() async {
        let screen = FindScreenTrialTests(posts: Self.bigIDs)
        screen.app.navigate(to: .users)
        await screen.settle()
        screen.press(.enter)
        await screen.settle()
        let lines = screen.lines(height: 20)
        #expect(lines.contains { $0.hasPrefix("1000000 Post 1000000") }, "\(lines)")
    }
}
