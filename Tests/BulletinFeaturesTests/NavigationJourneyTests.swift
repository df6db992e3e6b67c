import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Scripted journeys at coordinator level: the stack's routes and titles after each step.
@MainActor
@Suite("Journeys: deep links, commands, the posts flow")
struct NavigationJourneyTests {
    func makeApp(source: any DataSource = StubDataSource(), onQuit: @escaping @MainActor () -> Void = {}) -> AppCoordinator {
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: onQuit)
        app.start()
        return app
    }

    @Test("open users/1/posts/1 sets the real back stack, and Back walks it to Home")
    func openUserPost() async throws {
        let app = makeApp()
        app.open(try DeepLink.parse("users/1/posts/1"))
        await app.waitForLink()
        #expect(app.stack.routes == ["home", "users", "users/1", "users/1/posts/1"])
        #expect(app.stack.titles == ["Home", "Users", "User 1", "Post 1"])
        guard app.stack.top?.destination is PostDetailViewModel else { Issue.record("top is not the post"); return }
        #expect(app.stack.pop())
        #expect(app.stack.routes == ["home", "users", "users/1"])
        #expect(app.stack.pop())
        #expect(app.stack.routes == ["home", "users"])
        #expect(app.stack.pop())
        #expect(app.stack.routes == ["home"])
    }

    @Test("open posts/3 goes back through its author (user 2), then Users, then Home")
    func openPost() async {
        let app = makeApp()
        app.open(.post(3))
        #expect(app.stack.routes == ["home"], "the current screen stays until the author is known")
        await app.waitForLink()
        #expect(app.stack.routes == ["home", "users", "users/2", "posts/3"])
        guard let author = app.stack.entries[2].destination as? UserDetailViewModel else { Issue.record("no author"); return }
        await author.load()
        #expect(app.stack.entries.map(\.destination.title) == ["Home", "Users", "Zoë Ångström", "Post 3"])
    }

    @Test("a well-formed link to a missing record opens the error screen above Home; Enter goes Home")
    func missingRecord() async {
        let app = makeApp()
        app.open(.post(99))
        await app.waitForLink()
        #expect(app.stack.routes == ["home", "posts/99"])
        guard let model = app.stack.top?.destination as? LinkErrorViewModel else { Issue.record("no error screen"); return }
        #expect(model.heading == "Cannot open posts/99")
        #expect(model.reason == "No post 99 in stub")
        model.goHome()
        #expect(app.stack.routes == ["home"])
    }

    @Test("list links apply at once, replacing the whole stack")
    func listLinks() async {
        let app = makeApp()
        app.open(.user(1))
        await app.waitForLink()
        app.open(.admin)
        #expect(app.stack.routes == ["home", "admin"])
        app.open(.posts)
        #expect(app.stack.routes == ["home", "posts"])
        app.open(.home)
        #expect(app.stack.routes == ["home"])
    }

    @Test("a newer link cancels one still resolving")
    func newerLinkWins() async {
        let app = makeApp(source: StubDataSource(delay: .milliseconds(300)))
        app.open(.post(1))
        app.open(.admin)
        try? await Task.sleep(for: .milliseconds(500))
        #expect(app.stack.routes == ["home", "admin"])
    }

    @Test("commands: :users, :open users/3, :posts, :home, :q; unknown commands leave a message")
    func commands() async {
        var quits = 0
        let app = makeApp(onQuit: { quits += 1 })
        let line = app.commandLine
        func run(_ text: String) {
            line.begin()
            for character in text { line.insert(character) }
            line.submit()
        }
        run("users")
        #expect(app.stack.routes == ["home", "users"])
        run("open users/3")
        await app.waitForLink()
        #expect(app.stack.routes == ["home", "users", "users/3"])
        run("posts")
        #expect(app.stack.routes == ["home", "posts"])
        run("frobnicate")
        #expect(line.message?.hasPrefix("Unknown command 'frobnicate'") == true)
        #expect(app.stack.routes == ["home", "posts"])
        run("open people/3")
        #expect(line.message?.hasPrefix("Cannot open: unknown screen 'people'") == true)
        run("home")
        #expect(app.stack.routes == ["home"])
        #expect(line.message == nil)
        run("q")
        #expect(quits == 1)
    }

    @Test("Home → Posts → a post: the posts flow and its routes")
    func postsFlow() async {
        let app = makeApp()
        app.navigate(to: .posts)
        guard let list = app.stack.top?.destination as? PostListViewModel else { Issue.record("no posts"); return }
        await list.load()
        #expect(list.rows.map(\.post.id) == [1, 2, 3])
        #expect(list.cell(row: 2, column: .author) == "Zoë Ångström")
        #expect(list.cell(row: 2, column: .title) == "Zoë writes")
        #expect(list.summary == "3 posts")
        list.moveSelection(by: 2)
        list.openSelected()
        list.openSelected()  // a second Enter before the screen changed: ignored
        #expect(app.stack.routes == ["home", "posts", "posts/3"])
        #expect(app.stack.titles == ["Home", "Posts", "Post 3"])
    }

    @Test("Enter twice quickly on Home or a list never pushes the same screen twice")
    func doubleEnter() async {
        let app = makeApp()
        guard let home = app.stack.top?.destination as? HomeViewModel else { Issue.record("no Home"); return }
        home.openSelected()
        home.openSelected()
        #expect(app.stack.routes == ["home", "users"])
        guard let list = app.stack.top?.destination as? UserListViewModel else { Issue.record("no list"); return }
        await list.load()
        list.openSelected()
        list.openSelected()
        #expect(app.stack.routes == ["home", "users", "users/1"])
    }
}
