import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Every view model's load, still running when its screen is popped, is cancelled; its
/// result, arriving later, changes nothing, even though the test still holds the view model.
@MainActor
@Suite("Cancellation: a popped screen's load changes nothing")
struct CancellationTests {
    enum Screen: String, CaseIterable { case userList, userDetail, postList, postDetail, adminPanel, search, album }

    /// The stub with albums and photos, answering after `delay`.
    static func source(delay: Duration) -> StubDataSource {
        StubDataSource(delay: delay, albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
    }

    /// Puts `screen` on top of Home with a slow source.
    func open(_ screen: Screen, app: AppCoordinator) {
        switch screen {
        case .userList: app.navigate(to: .users)
        case .userDetail: app.open(.user(1))
        case .postList: app.navigate(to: .posts)
        case .postDetail: app.open(.post(1))
        case .adminPanel: app.navigate(to: .admin)
        case .search: app.navigate(to: .search(query: "post"))
        case .album: app.open(.userAlbum(user: 1, album: 1))
        }
    }

    /// Whether the screen's data is still on its way, as the screen protocol says.
    func isLoading(_ destination: any ScreenViewModel) -> Bool { destination.isLoading }

    @Test("popping a screen mid-load keeps its state unchanged after the load would have finished",
          arguments: Screen.allCases)
    func popMidLoad(screen: Screen) async throws {
        let delay = Duration.milliseconds(100)
        let app = AppCoordinator(dependencies: AppDependencies(source: Self.source(delay: delay)), onQuit: {})
        app.start()
        open(screen, app: app)
        await app.waitForLink()  // the deep-linked screens wait for the resolver (one delay)
        let destination = try #require(app.stack.top?.destination)
        #expect(isLoading(destination), "the load has started and not finished")
        app.stack.popToRoot()
        try await Task.sleep(for: delay * 10)  // the posts list makes four calls in a row
        #expect(isLoading(destination), "the late result was dropped")
    }

    @Test("the same load, not popped, does finish: showing the screen started it (so the test above can fail)",
          arguments: Screen.allCases)
    func control(screen: Screen) async throws {
        let app = AppCoordinator(
            dependencies: AppDependencies(source: Self.source(delay: .milliseconds(50))), onQuit: {})
        app.start()
        open(screen, app: app)
        await app.waitForLink()
        let destination = try #require(app.stack.top?.destination)
        let deadline = ContinuousClock.now + .seconds(300)  // generous: on two cores the whole suite queues on the main actor and the pool (CI waited over 60 s)
        while isLoading(destination), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!isLoading(destination), "nothing but the stack's show(_:) called start()")
    }

    @Test("a form removed while it looks up the author typed drops the answer (its stop cancels the look-up); one left open gets it")
    func formLookUp() async throws {
        let source = StubDataSource(delay: .milliseconds(100))
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: StubDataWriter(source: source)), onQuit: {})
        app.start()
        /// A form for a new post whose author field says 42 (no such user), left so the look-up runs.
        func formLookingUp42() async throws -> RecordFormViewModel {
            app.editing.handle(.newPost(authorID: RecordID("1")))
            await app.editing.waitForIdle()
            let form = try #require(app.stack.top?.destination as? RecordFormViewModel)
            while form.fields[form.focus].id != form.fields[0].id { form.focusPrevious() }
            form.edit { $0.replace(with: "42") }
            form.focusNext()
            return form
        }
        let removed = try await formLookingUp42()
        app.stack.popToRoot()
        let kept = try await formLookingUp42()
        let deadline = ContinuousClock.now + .seconds(300)  // as above
        while kept.referenceProblems.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!kept.referenceProblems.isEmpty, "the form left open hears that there is no user 42")
        #expect(removed.referenceProblems.isEmpty, "the removed form's look-up, started first, was dropped")
    }
}
