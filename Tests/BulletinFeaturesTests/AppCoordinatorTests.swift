import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

@MainActor
@Suite("AppCoordinator journeys")
struct AppCoordinatorTests {
    func makeApp(source: any DataSource = StubDataSource(), onQuit: @escaping @MainActor () -> Void = {}) -> AppCoordinator {
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: onQuit)
        app.start()
        return app
    }

    @Test("start shows Home as the root")
    func start() {
        let app = makeApp()
        #expect(app.stack.titles == ["Home"])
        guard app.stack.top?.destination is HomeViewModel else { Issue.record("top is not Home"); return }
    }

    @Test("Home → Users → user → post, then Back three times, leaves only Home")
    func journey() async throws {
        let app = makeApp()
        guard let home = app.stack.top?.destination as? HomeViewModel else { Issue.record("no Home"); return }
        home.openSelected()
        guard let list = app.stack.top?.destination as? UserListViewModel else { Issue.record("no list"); return }
        await list.load()
        list.openSelected()
        guard let detail = app.stack.top?.destination as? UserDetailViewModel else { Issue.record("no user"); return }
        await detail.load()
        detail.moveSelection(by: 1)
        detail.openSelected()
        guard let post = app.stack.top?.destination as? PostDetailViewModel else { Issue.record("no post"); return }
        await post.load()
        #expect(app.stack.titles == ["Home", "Users", "User 1", "Post 2"])
        #expect(app.stack.entries.map(\.destination.title) == ["Home", "Users", "Leanne Graham", "Post 2"])
        #expect(app.stack.pop() && app.stack.pop() && app.stack.pop())
        #expect(app.stack.titles == ["Home"])
        #expect(app.stack.pop() == false)
    }

    @Test("the user flow's coordinator and view models are released when it is popped")
    func childReleased() async {
        let app = makeApp()
        app.navigate(to: .users)
        weak let coordinator = app.stack.top?.owner
        weak let listModel = app.stack.top?.destination
        app.navigate(to: .users)  // ignored: the top already shows `users`
        #expect(app.stack.routes == ["home", "users"])
        (coordinator as? UserListCoordinator)?.navigate(to: .user(id: 1))
        #expect(coordinator != nil)
        app.stack.pop()
        #expect(coordinator != nil && listModel != nil)
        app.stack.pop()
        #expect(coordinator == nil)
        #expect(listModel == nil)
    }

    @Test("popToRoot releases the whole user flow: its coordinator and every screen's view model")
    func finishOnPopToRoot() async {
        let stack = NavigationStack<Destination>()
        stack.push(HomeViewModel(sourceLabel: "x", router: .none), title: "Home")
        weak var weakChild: UserListCoordinator?
        do {
            let child = UserListCoordinator(FlowContext(stack: stack, source: StubDataSource()))
            weakChild = child
            child.start()
            child.navigate(to: .user(id: 1))
            child.navigate(to: .post(id: 1))
        }
        #expect(stack.titles == ["Home", "Users", "User 1", "Post 1"])
        weak let list = stack.entries[1].destination
        weak let post = stack.entries[3].destination
        #expect(weakChild != nil && list != nil && post != nil, "the entries keep the flow alive")
        stack.popToRoot()
        #expect(weakChild == nil)
        #expect(list == nil && post == nil)
    }

    @Test("Admin panel opens and Back returns Home, releasing its coordinator")
    func admin() {
        let app = makeApp()
        app.navigate(to: .admin)
        weak let coordinator = app.stack.top?.owner
        #expect(app.stack.titles == ["Home", "Admin panel"])
        app.stack.pop()
        #expect(coordinator == nil)
    }

    @Test("Quit on Home calls the quit handler")
    func quit() {
        var quitCalls = 0
        let app = makeApp(onQuit: { quitCalls += 1 })
        app.navigate(to: .quit)
        #expect(quitCalls == 1)
    }

    @Test("a load still running when its screen is popped is cancelled and changes nothing")
    func cancelledLoad() async throws {
        let source = StubDataSource(delay: .seconds(30))
        let app = makeApp(source: source)
        app.navigate(to: .users)
        weak let listModel = app.stack.top?.destination
        #expect(listModel != nil)
        app.stack.pop()
        #expect(listModel == nil, "the view model is released at once, not kept by its load")
        #expect(app.stack.titles == ["Home"])
    }

    @Test("a newer load supersedes the one in flight, whose result is dropped")
    func lateResult() async throws {
        let source = StubDataSource(delay: .milliseconds(200))
        let model = UserListViewModel(source: source, router: .none)
        model.start()
        model.reload()  // supersedes the first load
        // Wait for the result rather than a fixed time: on a busy machine 400 ms is not enough.
        let deadline = ContinuousClock.now + .seconds(300)  // a condition, not a sleep: on two loaded cores the main actor queues for long
        while model.rowCount != 3, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(model.rowCount == 3)
        #expect(await source.calls["users"] == 2)
    }
}
