import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Search at coordinator level (issue 7): Home › Search › post, Back keeping the query and
/// selection; `:search TEXT`; the `search?q=TEXT` deep link.
@MainActor
@Suite("Search: navigation, command and deep link")
struct SearchNavigationTests {
    func makeApp() -> AppCoordinator {
        let app = AppCoordinator(dependencies: AppDependencies(source: SearchFixtures.source()), onQuit: {})
        app.start()
        return app
    }

    func searchModel(_ app: AppCoordinator) throws -> SearchViewModel {
        guard let model = app.stack.top?.destination as? SearchViewModel else { throw SearchTestError.notSearch }
        return model
    }

    @Test("opening a comment result lands on its post; Back returns to Search with the query and selection kept")
    func commentResultOpensPost() async throws {
        let app = makeApp()
        app.navigate(to: .search(query: ""))
        let model = try searchModel(app)
        #expect(app.stack.titles == ["Home", "Search"])
        await model.load()
        model.setQuery("society")
        await model.waitForSearch()
        model.focusResults()
        model.moveSelection(by: 1)  // the comment on post 3
        model.openSelected()
        #expect(app.stack.titles == ["Home", "Search", "Post 3"])
        #expect(app.stack.routes == ["home", "search", "posts/3"])
        guard let post = app.stack.top?.destination as? PostDetailViewModel else { throw SearchTestError.notPost }
        #expect(post.postID == 3)
        #expect(app.stack.pop())
        let back = try searchModel(app)
        #expect(back === model)
        #expect(back.query == "society" && back.selection.selected == 1 && back.focus == .results)
        #expect(back.results.count == 2)
        #expect(back.link.path == "search?q=society")
    }

    @Test("a post result opens the post itself")
    func postResultOpensPost() async throws {
        let app = makeApp()
        app.navigate(to: .search(query: "zoe"))
        let model = try searchModel(app)
        await model.load()
        model.openSelected()
        #expect(app.stack.routes == ["home", "search?q=zoe", "posts/3"])
    }

    @Test(":search TEXT opens Home › Search with the text, spaces and symbols kept")
    func command() async throws {
        #expect(try AppCommand.parse("search café  au .*") == .search("café  au .*"))
        #expect(try AppCommand.parse("  search") == .search(""))
        #expect(try AppCommand.parse("search   cafe  ") == .search("cafe"), "spaces around the text are not searched for")
        #expect(try AppCommand.parse("search \t café  au \t") == .search("café  au"))
        #expect(AppCommand.complete("se") == "search ")
        let app = makeApp()
        app.navigate(to: .users)
        app.perform(try AppCommand.parse("search what does"))
        let model = try searchModel(app)
        #expect(app.stack.titles == ["Home", "Search"])
        #expect(model.query == "what does")
        await model.load()
        #expect(model.results.comments == [1])
        for character in " x" { model.type(character) }
        model.deleteBackward()
        #expect(model.query == "what does ", "the field keeps a trailing space while typing: it may start the next word")
    }

    @Test("search?q=TEXT: percent-encoded, round-trips, and opens Home › Search", arguments: [
        ("search", ""), ("search/", ""), ("/search?q=lorem", "lorem"), ("search?q=caf%C3%A9+au%20lait", "café au lait"),
        ("search?q=.%2A%28%5C", ".*(\\"), ("search?q=a%2Fb%3Fc%26d", "a/b?c&d"),
    ])
    func deepLink(path: String, query: String) throws {
        let link = try DeepLink.parse(path)
        #expect(link == .search(query))
        #expect(try DeepLink.parse(link.path) == link, "\(link.path) round-trips")
        #expect(link.stack() == [.home, .search(query)])
        #expect(DeepLinkResolver.isImmediate(link))
    }

    @Test("a query's link keeps letters, digits and -._~ and encodes every other UTF-8 byte as %XX")
    func encodedPath() {
        #expect(DeepLink.search("café au lait").path == "search?q=caf%C3%A9%20au%20lait")
        #expect(DeepLink.search("a-b.c_d~e+f/g?&").path == "search?q=a-b.c_d~e%2Bf%2Fg%3F%26")
        #expect(DeepLink.search("👩‍👧").path == "search?q=%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7")
    }

    @Test("malformed search links are refused", arguments: ["search?x=1", "search?q=%ZZ", "search/more", "search?q=%C3"])
    func badDeepLink(path: String) {
        #expect(throws: DeepLinkError.self) { try DeepLink.parse(path) }
    }

    @Test("open search?q=… replaces the stack with Home › Search showing those results")
    func openLink() async throws {
        let app = makeApp()
        app.navigate(to: .posts)
        app.open(try DeepLink.parse("search?q=question"))
        #expect(app.stack.routes == ["home", "search?q=question"])
        let model = try searchModel(app)
        await model.load()
        #expect(model.results.comments == [1] && model.focus == .results)
    }
}

enum SearchTestError: Error { case notSearch, notPost }

@MainActor
@Suite("Leaks: the search flow")
struct SearchLeakTests {
    @Test("Back from Search › post releases the search coordinator, its view models and the search task")
    func searchFlowReleased() async throws {
        let app = AppCoordinator(dependencies: AppDependencies(source: SearchFixtures.source()), onQuit: {})
        app.start()
        app.navigate(to: .search(query: "society"))
        let probe = try await openResult(app)
        #expect(app.stack.routes == ["home", "search?q=society", "posts/1"])
        #expect(probe.count == 4 && probe.alive == 4)
        while app.stack.pop() {}
        try await Task.sleep(for: .milliseconds(50))
        #expect(probe.alive == 0)
    }

    /// Opens the first result, starts another search, and watches the flow (holding nothing itself).
    private func openResult(_ app: AppCoordinator) async throws -> FlowProbe {
        guard let model = app.stack.top?.destination as? SearchViewModel else { throw SearchTestError.notSearch }
        await model.load()
        model.openSelected()
        model.setQuery("societ")  // a search in flight when the screen leaves
        return FlowProbe(app.stack)
    }
}
