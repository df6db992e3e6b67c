import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Every screen's words come from its source's vocabulary: GitHub's repositories, TheMealDB's
/// categories and meals; JSONPlaceholder's stay as they were (the other suites check those).
@MainActor
@Suite("Screens in the source's words")
struct VocabularyWordsTests {
    static func source(_ words: SourceVocabulary, failure: DataError? = nil) -> StubDataSource {
        StubDataSource(failure: failure, vocabulary: words)
    }

    @Test("the top list: Categories, 3 categories, Failed to load categories")
    func userList() async {
        let model = UserListViewModel(source: Self.source(.mealDB), router: .none)
        #expect(model.title == "Categories")
        #expect(model.summary == "Loading categories…")
        await model.load()
        #expect(model.summary == "3 categories")
        #expect(model.vocabulary == .mealDB)
        let failing = UserListViewModel(source: Self.source(.mealDB, failure: .timedOut(url: "u")), router: .none)
        await failing.load()
        #expect(failing.summary == "Failed to load categories")
        #expect(failing.rowsUnavailableReason == "the list did not load")
    }

    @Test("a user's screen: Repositories (2), and its title before loading")
    func userDetail() async {
        let model = UserDetailViewModel(userID: 1, source: Self.source(.github), router: .none)
        #expect(model.title == "User 1")
        await model.load()
        #expect(model.postsHeading == "Repositories (2)")
        #expect(model.find.noun == "repository")
        let meals = UserDetailViewModel(userID: 9, source: Self.source(.mealDB), router: .none)
        #expect(meals.title == "Category 9")
        await meals.load()
        #expect(meals.rowsUnavailableReason == "the category did not load")
    }

    @Test("a repository's screen: no comments section, none asked for, and the keys say why")
    func postDetailWithoutComments() async {
        let stub = Self.source(.github)
        let model = PostDetailViewModel(postID: 1, source: stub)
        #expect(model.title == "Repository 1")
        await model.load()
        #expect(model.commentsHeading == nil)
        #expect(model.comments.isEmpty)
        #expect(await stub.calls["comments"] == nil, "GitHub has nothing under a repository: no request")
        #expect(model.commentSelectionUnavailableReason == "a repository has no comments here")
        let author = Fixtures.users[0]
        #expect(model.byline == "by \(author.name) (@\(author.username))")
    }

    @Test("a meal whose category is not found: by category N")
    func bylineFallback() async {
        let stub = StubDataSource(posts: [Post(userId: 77, id: 5, title: "Tart", body: "")], vocabulary: .mealDB)
        let model = PostDetailViewModel(postID: 5, source: stub)
        await model.load()
        #expect(model.byline == "in category 77")
        #expect(model.title == "Meal 5")
    }

    @Test("the list of every post: Meals, 3 meals")
    func postList() async {
        let model = PostListViewModel(source: Self.source(.mealDB), router: .none)
        #expect(model.title == "Meals")
        await model.load()
        #expect(model.summary == "\(Fixtures.posts.count) meals")
    }

    @Test("Home offers no Posts where the source has no list of every post, and names the rest in its words")
    func home() {
        let github = HomeViewModel(sourceLabel: "GitHub", vocabulary: .github, router: .none)
        #expect(github.items == [.users, .search, .adminPanel, .quit])
        #expect(github.subtitle(of: .users) == "Browse users and their repositories")
        // GitHub's own search finds accounts as well as repositories: Home says both.
        #expect(github.subtitle(of: .search) == "Find users and repositories")
        #expect(SourceVocabulary.github.searchKeyDescription == "Search users and repositories")
        #expect(SourceVocabulary.jsonPlaceholder.searchKeyDescription == "Search every post and comment")
        let meals = HomeViewModel(sourceLabel: "TheMealDB", vocabulary: .mealDB, router: .none)
        #expect(meals.items.map { meals.title(of: $0) } == ["Categories", "Search", "Admin panel", "Quit"])
        #expect(meals.subtitle(of: .users) == "Browse categories and their meals")
        let plain = HomeViewModel(sourceLabel: "x", router: .none)
        #expect(plain.items.map { plain.title(of: $0) } == ["Users", "Posts", "Search", "Admin panel", "Quit"])
        #expect(plain.subtitle(of: .users) == "Browse users, their posts and the posts' comments")
    }

    @Test("Home's Enter follows the shorter menu")
    func homeOpens() {
        let recorder = RouteRecorder<AppRoute>()
        let model = HomeViewModel(sourceLabel: "GitHub", vocabulary: .github, router: recorder.router)
        model.moveSelection(by: 1)
        model.openSelected()
        #expect(recorder.routes == [.search(query: "")])
    }

    @Test("Search: the hint, the loading words and the counts in the source's words")
    func search() async {
        let model = SearchViewModel(source: Self.source(.github), router: .none)
        #expect(model.summary == "Loading repositories…")
        await model.load()
        #expect(model.message == "Type to search the title and body of every repository.")
        #expect(model.groupTitle(.posts) == "Repositories (0)")
    }

    @Test(":ID off a list says where it works, in the source's words")
    func goToHint() {
        #expect(SourceVocabulary.jsonPlaceholder.goToHint("12")
            == "Not on a list: :12 selects an id on Users, Posts or a user's posts")
        #expect(SourceVocabulary.github.goToHint("12") == "Not on a list: :12 selects an id on Users or a user's repositories")
        #expect(SourceVocabulary.mealDB.goToHint("7") == "Not on a list: :7 selects an id on Categories or a category's meals")
    }

    @Test("the header's route of a screen is in its source's words")
    func routes() {
        let stack = NavigationStack<any ScreenViewModel>()
        let flow = UserListCoordinator(FlowContext(stack: stack, source: Self.source(.github)))
        let routes = [UserListRoute.list, .user(id: "shipit[bot]"), .post(id: "dstufft/xmlrpc2", userID: "dstufft")]
            .map { flow.request(for: $0).route }
        #expect(routes == ["users", "users/shipit[bot]", "users/dstufft/repos/xmlrpc2"])
    }

    @Test("a form's id check names the missing record in the source's words")
    func formLookUp() async {
        let source = StubDataSource(vocabulary: .mealDB)
        #expect(await RecordFormViewModel.lookUp(.existingUser, id: 9, source: source) == "no category 9")
        #expect(await RecordFormViewModel.lookUp(.existingPost, id: 9, source: source) == "no meal 9")
        #expect(await RecordFormViewModel.lookUp(.existingPost, id: 9, source: StubDataSource()) == "no post 9")
    }

    @Test("a link error names the path in the source's words")
    func linkError() {
        let failure = DeepLinkResolver.Failure(link: .userPost(user: "Dessert", post: "1"), reason: "No meal 1")
        #expect(LinkErrorViewModel(failure: failure, vocabulary: .mealDB, router: .none).heading
            == "Cannot open categories/Dessert/meals/1")
    }
}

/// The Admin panel's counts, named and shown as the source counts them.
@MainActor
@Suite("Admin counts per kind")
struct AdminKindCountsTests {
    @Test("GitHub: Users 3 · Repositories — and no Comments")
    func github() async {
        let model = AdminPanelViewModel(source: StubDataSource(vocabulary: .github))
        #expect(model.countFields.dropLast().map(\.label) == ["Users", "Repositories"])
        await model.load()
        #expect(model.countFields.dropLast() == [DetailField("Users", "3"), DetailField("Repositories", "—")])
    }

    @Test("TheMealDB: Categories and Meals")
    func mealDB() async {
        let model = AdminPanelViewModel(source: StubDataSource(vocabulary: .mealDB))
        await model.load()
        #expect(model.countFields.dropLast() == [DetailField("Categories", "3"), DetailField("Meals", "—")])
    }

    @Test("JSONPlaceholder: the six kinds where counted, only the three where albums, photos and todos are not")
    func jsonPlaceholder() async {
        let counted = DataStatistics(users: 10, posts: 100, comments: 500, albums: 100, photos: 5000, todos: 200)
        let model = AdminPanelViewModel(source: StubDataSource(statistics: counted))
        await model.load()
        #expect(model.countFields.dropLast().map { "\($0.label) \($0.value)" }
            == ["Users 10", "Posts 100", "Comments 500", "Albums 100", "Photos 5000", "Todos 200"])
        let plain = AdminPanelViewModel(source: StubDataSource())
        await plain.load()
        #expect(plain.countFields.dropLast() == [DetailField("Users", "3"), DetailField("Posts", "3"), DetailField("Comments", "3")])
    }
}
