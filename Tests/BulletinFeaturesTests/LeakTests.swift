import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Weak references to a flow's coordinator and view models, taken while it is on the stack.
@MainActor
struct FlowProbe {
    private var objects: [() -> AnyObject?] = []

    /// Watches every entry's owner and view model above the root.
    init(_ stack: NavigationStack<Destination>) {
        for entry in stack.entries.dropFirst() {
            weak let owner = entry.owner
            weak let model = entry.destination
            objects.append { owner }
            objects.append { model }
        }
    }

    /// How many objects watched: the test checks it is not zero, so "all released" means something.
    var count: Int { objects.count }

    /// How many watched objects are still alive.
    var alive: Int { objects.filter { $0() != nil }.count }
}

@MainActor
@Suite("Leaks: whatever leaves the stack is released")
struct LeakTests {
    func makeApp(source: any DataSource = StubDataSource()) -> AppCoordinator {
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        return app
    }

    /// Home → Users → user 1 → post 1 through the view models, as a person would.
    func openUserPost(_ app: AppCoordinator) async {
        app.navigate(to: .users)
        guard let list = app.stack.top?.destination as? UserListViewModel else { return }
        await list.load()
        list.openSelected()
        guard let detail = app.stack.top?.destination as? UserDetailViewModel else { return }
        await detail.load()
        detail.openSelected()
        guard let post = app.stack.top?.destination as? PostDetailViewModel else { return }
        await post.load()
    }

    @Test("Back, one screen at a time, releases the coordinator and every view model")
    func back() async {
        let app = makeApp()
        await openUserPost(app)
        #expect(app.stack.routes == ["home", "users", "users/1", "users/1/posts/1"])
        let probe = FlowProbe(app.stack)
        #expect(probe.count == 6 && probe.alive == 6, "three entries: their owner (one coordinator) and view models")
        while app.stack.pop() {}
        #expect(probe.alive == 0)
    }

    @Test("popToRoot releases the whole flow")
    func popToRoot() async {
        let app = makeApp()
        await openUserPost(app)
        let probe = FlowProbe(app.stack)
        app.stack.popToRoot()
        #expect(probe.count > 0 && probe.alive == 0)
    }

    @Test("a deep link (setStack) releases the flow it replaces, and the link's own flow on the next one")
    func deepLink() async {
        let app = makeApp()
        await openUserPost(app)
        let before = FlowProbe(app.stack)
        app.open(.post(3))
        await app.waitForLink()
        #expect(before.alive == 0)
        let linked = FlowProbe(app.stack)
        #expect(linked.alive > 0)
        app.open(.admin)
        #expect(linked.alive == 0)
        let admin = FlowProbe(app.stack)
        app.commandLine.begin()
        for character in "home" { app.commandLine.insert(character) }
        app.commandLine.submit()
        #expect(admin.count > 0 && admin.alive == 0)
    }

    /// Home › Users › user 1 › album 1, through the Albums tab as a person would; the photos loaded.
    func openAlbum(_ app: AppCoordinator) async -> Int {
        app.open(.user(1))
        await app.waitForLink()
        guard let detail = app.stack.top?.destination as? UserDetailViewModel else { return 0 }
        await detail.load()
        detail.lists.show(.albums)
        detail.lists.albums?.openSelected()
        guard let album = app.stack.top?.destination as? AlbumViewModel else { return 0 }
        await album.load()
        return album.photos.rows.count
    }

    @Test("an album opened from a user's Albums tab is released with its flow")
    func album() async {
        let app = makeApp(source: StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos))
        #expect(await openAlbum(app) == 2)
        let flow = FlowProbe(app.stack)
        app.stack.popToRoot()
        #expect(flow.count > 0 && flow.alive == 0)
    }

    @Test("the posts flow and the link error screen are released too")
    func otherFlows() async {
        let app = makeApp()
        app.navigate(to: .posts)
        (app.stack.top?.owner as? PostsCoordinator)?.navigate(to: .post(id: 2))
        let posts = FlowProbe(app.stack)
        app.open(.user(42))
        await app.waitForLink()
        #expect(posts.count > 0 && posts.alive == 0)
        let error = FlowProbe(app.stack)
        app.stack.pop()
        #expect(error.count > 0 && error.alive == 0)
    }

    @Test("1,000 push/pop cycles leave no coordinator or view model alive")
    func thousandCycles() {
        let app = makeApp()
        var probes: [FlowProbe] = []
        for cycle in 0..<1_000 {
            switch cycle % 3 {
            case 0: app.navigate(to: .users)
            case 1: app.navigate(to: .posts)
            default: app.navigate(to: .admin)
            }
            (app.stack.top?.owner as? UserListCoordinator)?.navigate(to: .user(id: 1))
            (app.stack.top?.owner as? PostsCoordinator)?.navigate(to: .post(id: 1))
            probes.append(FlowProbe(app.stack))
            while app.stack.pop() {}
        }
        #expect(app.stack.routes == ["home"])
        #expect(probes.map(\.count).reduce(0, +) > 3_000)
        #expect(probes.map(\.alive).reduce(0, +) == 0)
    }
}

@MainActor
@Suite("Leaks: a source switch")
struct SourceSwitchLeakTests {
    @Test("after a source switch, every coordinator and view model of the old source is released; Home › Users of the new one shows")
    func afterASourceSwitch() async throws {
        let old = StubDataSource(descriptor: SourceDescriptor(kind: .rest, location: "http://old"))
        let new = StubDataSource(descriptor: SourceDescriptor(kind: .file, location: "/new/db.json"))
        let dependencies = AppDependencies(source: old, makeDependencies: { _ in AppDependencies(source: new) })
        let app = AppCoordinator(dependencies: dependencies, onQuit: {})
        app.start()
        await LeakTests().openUserPost(app)
        let users = FlowProbe(app.stack)
        weak let oldHome = app.stack.entries.first?.destination
        app.stack.popToRoot()
        app.navigate(to: .admin)
        await Self.panel(app)?.load()
        let admin = FlowProbe(app.stack)
        #expect(users.alive == 0 && admin.count == 2 && admin.alive == 2)
        await LeakTests().openUserPost(app)  // Users › user › post above the panel, then a second panel on top
        let again = FlowProbe(app.stack)
        app.navigate(to: .admin)
        await Self.switchToEmbedded(app)
        #expect(app.stack.routes == ["home", "users"])
        #expect(app.dependencies.source.descriptor.location == "/new/db.json")
        #expect(again.count > 0 && again.alive == 0, "the old users flow")
        #expect(oldHome == nil, "the old Home")
        #expect(admin.alive == 0, "the panel that asked for the switch and its coordinator")
    }

    /// The panel on top of the stack, if any (no local keeps it alive after the call).
    static func panel(_ app: AppCoordinator) -> AdminPanelViewModel? {
        guard let model = app.stack.top?.destination as? AdminPanelViewModel else { return nil }
        return model
    }

    /// Types `embedded` in the panel's switch field, presses Enter and waits for the switch.
    static func switchToEmbedded(_ app: AppCoordinator) async {
        guard let panel = panel(app) else {
            Issue.record("no panel on top")
            return
        }
        panel.beginSwitch()
        panel.editField { $0.replace(with: "embedded") }
        panel.submitField()
        await panel.waitForSwitch()
    }
}
