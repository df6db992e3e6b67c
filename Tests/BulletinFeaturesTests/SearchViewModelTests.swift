import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Search (issue 7): every post and comment whose title (name) or body contains the query,
/// folded and literal, grouped by kind; searches off the main actor, the newest query winning.
@MainActor
@Suite("SearchViewModel")
struct SearchViewModelTests {
    func loaded(_ query: String = "", router: Router<SearchRoute> = .none) async -> SearchViewModel {
        let model = SearchViewModel(source: SearchFixtures.source(), router: router)
        await model.load()
        model.setQuery(query)
        await model.waitForSearch()
        return model
    }

    @Test("results are grouped: Posts (n) then Comments (m), each header only when its group has results")
    func grouping() async {
        let model = await loaded("cafe")
        #expect(model.results.posts == [0] && model.results.comments == [0])
        #expect(model.groupTitle(.posts) == "Posts (1)" && model.groupTitle(.comments) == "Comments (1)")
        #expect((0..<model.rows.count).map(model.rows.row) == [.group(.posts), .result(item: 0), .group(.comments), .result(item: 1)])
        #expect(model.text(ofItem: 0) == "Café society")
        #expect(model.text(ofItem: 1) == "Nice cafe — Loved the CAFÉ.")
        #expect(model.summary == "1 post · 1 comment")
        model.setQuery("question")
        await model.waitForSearch()
        #expect(model.results.posts.isEmpty && model.results.comments == [1])
        #expect((0..<model.rows.count).map(model.rows.row) == [.group(.comments), .result(item: 0)])
    }

    @Test("the query is taken literally and folded: .* ( \\ and accents", arguments: [
        (".*", [0], [1]), ("(", [1], [1]), ("\\", [1], []), ("ZOË", [2], []), ("zoe", [2], []), ("CAFÉ", [0], [0]),
        ("a.*", [], []), ("[a-z]", [], []),
    ])
    func literalAndFolded(query: String, posts: [Int], comments: [Int]) async {
        let model = await loaded(query)
        #expect(model.results.query == query)
        #expect(model.results.posts == posts, "posts for \(query)")
        #expect(model.results.comments == comments, "comments for \(query)")
    }

    @Test("a match in the body shows an excerpt around it; a title match shows the title alone")
    func excerpts() async {
        let model = await loaded("society")
        #expect(model.text(ofItem: 0) == "Café society")
        #expect(model.text(ofItem: 1) == "Other — …body where the word society comes late.")
        let backslash = await loaded("backslash")
        #expect(backslash.text(ofItem: 0) == "Second post — Parens ( and a backslash \\ inside.")
    }

    @Test("no results, and no query yet, say so")
    func messages() async {
        let model = await loaded()
        #expect(model.message == "Type to search the title and body of every post and comment.")
        #expect(model.rows.count == 0)
        model.setQuery("zzz")
        await model.waitForSearch()
        #expect(model.message == "No post or comment contains \"zzz\".")
        #expect(model.summary == "0 posts · 0 comments")
        model.setQuery("")
        await model.waitForSearch()
        #expect(model.message == "Type to search the title and body of every post and comment.")
    }

    @Test("typing and Backspace edit the query; Enter on a post or a comment opens its post")
    func typingAndOpening() async {
        let recorder = RouteRecorder<SearchRoute>()
        let model = await loaded(router: recorder.router)
        #expect(model.focus == .field)
        for character in "socipopulation" { model.type(character) }
        for _ in 0..<"population".count { model.deleteBackward() }
        model.type("e")
        await model.waitForSearch()
        #expect(model.query == "socie")
        model.focusResults()
        #expect(model.focus == .results)
        model.openSelected()
        model.moveSelection(by: 5)
        #expect(model.selection.selected == 1)
        model.openSelected()
        #expect(recorder.routes == [.post(id: 1, focus: .match("socie")), .post(id: 3, focus: .comment(3))])
    }

    @Test("typed while the data loads: the search runs once it has loaded")
    func typedWhileLoading() async throws {
        let model = SearchViewModel(source: SearchFixtures.source(delay: .milliseconds(30)), router: .none)
        model.start()
        for character in "cafe" { model.type(character) }
        #expect(model.state.isLoading && model.results.count == 0)
        try await waitUntilIdle(model)
        #expect(model.results.query == "cafe" && model.results.count == 2)
    }

    @Test("a query started with the screen (:search, a deep link) puts the focus on the results")
    func initialQuery() async {
        let model = SearchViewModel(query: "question", source: SearchFixtures.source(), router: .none)
        await model.load()
        #expect(model.focus == .results && model.results.comments == [1])
        #expect(model.link == .search("question"))
    }

    @Test("over a large set, a newer query cancels the one in flight: its results never show")
    func newerQueryWins() async throws {
        let count = 60_000
        let posts = (1...count).map { Post(userId: 1, id: RecordID($0), title: "entry \($0)", body: $0 % 7 == 0 ? "seven" : "plain") }
        let comments = (1...count).map {
            Comment(postId: RecordID($0), id: RecordID($0), name: "reply \($0)", email: "r@example.com", body: $0 % 5 == 0 ? "five" : "plain")
        }
        let model = SearchViewModel(source: BulkSource(posts: posts, comments: comments), router: .none)
        await model.load()
        model.setQuery("e")  // matches every post: a long scan
        let shownBefore = model.results.query
        model.setQuery("seven")  // the next keystroke, before "e" could have been answered
        var seen: [String] = []
        let start = ContinuousClock.now
        while model.isSearching, ContinuousClock.now < start + .seconds(120) {
            if seen.last != model.results.query { seen.append(model.results.query) }
            try await Task.sleep(for: .milliseconds(1))
        }
        // Keep watching as long again (and more): an uncancelled scan for "e", started just
        // before, would have delivered by then.
        let watchUntil = ContinuousClock.now + (ContinuousClock.now - start) * 2 + .milliseconds(200)
        while ContinuousClock.now < watchUntil {
            if seen.last != model.results.query { seen.append(model.results.query) }
            try await Task.sleep(for: .milliseconds(1))
        }
        await model.waitForSearch()
        #expect(shownBefore == "" && !seen.contains("e"), "the cancelled query results were shown: \(shownBefore) \(seen)")
        #expect(model.results.query == "seven")
        #expect(model.results.posts.count == count / 7 && model.results.comments.isEmpty)
        model.setQuery("sevens")  // grows: narrowed from the previous results, same answer shape
        await model.waitForSearch()
        #expect(model.results.query == "sevens" && model.results.count == 0)
    }

    private func waitUntilIdle(_ model: SearchViewModel) async throws {
        let deadline = ContinuousClock.now + .seconds(120)  // generous: the fuzz test can hold the main actor for ~20 s
        while model.state.isLoading || model.isSearching, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        await model.waitForSearch()
    }
}

/// A source with every post and comment in memory and fast `allPosts`/`allComments`.
struct BulkSource: DataSource {
    let posts: [Post]
    let comments: [BulletinData.Comment]
    var descriptor: SourceDescriptor { SourceDescriptor(kind: .embedded, location: "bulk") }
    func users() async throws(DataError) -> [User] { Fixtures.users }
    func user(id: RecordID) async throws(DataError) -> User { Fixtures.users[0] }
    func posts(userID: RecordID) async throws(DataError) -> [Post] { posts.filter { $0.userId == userID } }
    func post(id: RecordID) async throws(DataError) -> Post {
        guard let post = posts.first(where: { $0.id == id }) else { throw .notFound("post \(id)", location: "bulk") }
        return post
    }
    func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { comments.filter { $0.postId == postID } }
    func statistics() async throws(DataError) -> DataStatistics { DataStatistics(users: 3, posts: posts.count, comments: comments.count) }
    func allPosts() async throws(DataError) -> [Post] { posts }
    func postList() async throws(DataError) -> RecordList<Post> { RecordList(records: posts) }
    func allComments() async throws(DataError) -> [BulletinData.Comment] { comments }
}
