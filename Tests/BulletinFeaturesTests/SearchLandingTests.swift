import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Issue 16, item 5: Enter on a comment result opens its post with that comment selected; on
/// a post result the post carries the query, whose first match in the body it finds.
@MainActor
@Suite("Search lands on what it found")
struct SearchLandingTests {
    func search(_ query: String) async throws -> (AppCoordinator, SearchViewModel) {
        let app = AppCoordinator(dependencies: AppDependencies(source: SearchFixtures.source()), onQuit: {})
        app.start()
        app.navigate(to: .search(query: query))
        let model = try #require(app.stack.top?.destination as? SearchViewModel)
        await model.load()
        await model.waitForSearch()
        model.focusResults()
        return (app, model)
    }

    @Test("a comment result opens its post with that comment selected once loaded")
    func commentSelected() async throws {
        let (app, model) = try await search("society")
        model.moveSelection(by: 1)  // the comment "Other" (id 3), the second of post 3's three
        model.openSelected()
        let post = try #require(app.stack.top?.destination as? PostDetailViewModel)
        #expect(post.focus == PostFocus(.comment(3)))
        await post.load()
        #expect(post.commentSelection == 1)
        #expect(post.selectedComment?.name == "Other")
        post.commentSelection = nil   // the person moves on; a reload keeps their choice
        await post.load()
        #expect(post.commentSelection == nil)
    }

    @Test("a post opened from a result is edited as from its user's screen: e, a and d are offered")
    func editableFromSearch() async throws {
        let source = SearchFixtures.source()
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: StubDataWriter(source: source)),
                                 onQuit: {})
        app.start()
        app.navigate(to: .search(query: "society"))
        let model = try #require(app.stack.top?.destination as? SearchViewModel)
        await model.load()
        await model.waitForSearch()
        model.focusResults()
        model.openSelected()
        let post = try #require(app.stack.top?.destination as? PostDetailViewModel)
        await post.load()
        #expect(post.editingUnavailableReason == nil, "\(post.editingUnavailableReason ?? "")")
    }

    @Test("a post result carries the query; its first match is found in the body, else the title")
    func postMatch() async throws {
        let (app, model) = try await search(".*")
        model.openSelected()   // post 1: "A regex like .* is plain text here."
        let post = try #require(app.stack.top?.destination as? PostDetailViewModel)
        await post.load()
        #expect(post.commentSelection == nil)
        let match = try #require(post.focusedMatch())
        #expect(match.line == 0)
        #expect(String(post.body.split(separator: "\n")[0][match.range]) == ".*")
        let title = PostDetailViewModel(postID: 1, source: SearchFixtures.source())
        title.focus = PostFocus(.match("cafe"))
        await title.load()
        let inTitle = try #require(title.focusedMatch())
        #expect(inTitle.line == nil && String(title.headline[inTitle.range]) == "Café")
    }

    @Test("other ways to a post carry no focus: it opens at its top with nothing selected")
    func noFocusElsewhere() async throws {
        let app = AppCoordinator(dependencies: AppDependencies(source: SearchFixtures.source()), onQuit: {})
        app.start()
        app.open(.post(3))
        await app.waitForLink()
        let post = try #require(app.stack.top?.destination as? PostDetailViewModel)
        await post.load()
        #expect(post.focus == nil && post.commentSelection == nil)
    }
}
