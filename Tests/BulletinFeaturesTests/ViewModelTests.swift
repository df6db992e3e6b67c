import BulletinData
import BulletinTestSupport
import MVVMC
import Testing

@testable import BulletinFeatures

/// Collects the routes a view model sends.
@MainActor
final class RouteRecorder<Route: Sendable> {
    var routes: [Route] = []
    var router: Router<Route> { Router { [weak self] in self?.routes.append($0) } }
}

@MainActor
@Suite("HomeViewModel")
struct HomeViewModelTests {
    @Test("the menu offers Users, Posts, Search, Admin panel and Quit")
    func items() {
        let model = HomeViewModel(sourceLabel: "embedded data set", router: .none)
        #expect(model.items.map(\.title) == ["Users", "Posts", "Search", "Admin panel", "Quit"])
    }

    @Test("moving clamps to the menu and Enter sends the selected route")
    func moveAndOpen() {
        let recorder = RouteRecorder<AppRoute>()
        let model = HomeViewModel(sourceLabel: "x", router: recorder.router)
        model.openSelected()
        model.moveSelection(by: 1)
        model.openSelected()
        model.moveSelection(by: 10)
        #expect(model.selection.selected == 4)
        model.openSelected()
        model.moveSelection(by: -10)
        #expect(model.selection.selected == 0)
        model.moveSelection(by: 3)
        model.openSelected()
        model.moveSelection(by: -1)
        model.openSelected()
        model.openSearch()
        #expect(recorder.routes == [.users, .posts, .quit, .admin, .search(query: ""), .search(query: "")])
    }
}

@MainActor
@Suite("UserListViewModel")
struct UserListViewModelTests {
    @Test("cells show each column and a dash for missing fields")
    func cells() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        #expect(model.rowCount == 3)
        #expect(model.columns == UserListViewModel.Column.standard)
        #expect(model.columns.map { model.cell(row: 0, column: $0) }
            == ["1", "Leanne Graham", "Bret", "Sincere@april.biz", "Romaguera-Crona"])
        #expect(model.cell(row: 2, column: .email) == "—")
        #expect(model.cell(row: 1, column: .company) == "—")
        #expect(model.cell(row: 99, column: .name) == "")
        #expect(model.summary == "3 users")
    }

    @Test("load goes from idle to loading to loaded")
    func loadStates() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        guard case .idle = model.state else { Issue.record("expected idle, got \(model.state)"); return }
        model.start()
        #expect(model.state.isLoading)
        #expect(model.summary == "Loading users…")
        await model.load()
        #expect(model.state.value?.count == 3)
    }

    @Test("a failing source leaves a failed state naming the cause")
    func failure() async {
        let error = DataError.transport(url: "http://127.0.0.1:9/users", reason: "connection refused")
        let model = UserListViewModel(source: StubDataSource(failure: error), router: .none)
        await model.load()
        #expect(model.state.error == error)
        #expect(model.rowCount == 0)
        #expect(model.summary == "Failed to load users")
    }

    @Test("retry after a failure loads the users")
    func retry() async {
        let source = StubDataSource(failure: .timedOut(url: "http://x/users"))
        let model = UserListViewModel(source: source, router: .none)
        await model.load()
        #expect(model.state.error != nil)
        await source.setFailure(nil)
        await model.load()
        #expect(model.rowCount == 3)
    }

    @Test("selection moves, clamps, and Enter opens the selected user")
    func selection() async {
        let recorder = RouteRecorder<UserListRoute>()
        let model = UserListViewModel(source: StubDataSource(), router: recorder.router)
        await model.load()
        model.moveSelection(by: 1)
        #expect(model.selection.selected == 1)
        model.moveSelection(by: 100)
        #expect(model.selection.selected == 2)
        model.moveSelection(by: -100)
        #expect(model.selection.selected == 0)
        model.selectLast()
        model.openSelected()
        model.selectFirst()
        model.openSelected()
        #expect(recorder.routes == [.user(id: 3), .user(id: 1)])
    }

    @Test("Enter on an empty list goes nowhere")
    func openEmpty() async {
        let recorder = RouteRecorder<UserListRoute>()
        let model = UserListViewModel(source: StubDataSource(users: []), router: recorder.router)
        await model.load()
        model.moveSelection(by: 1)
        model.openSelected()
        #expect(model.selection.selected == 0)
        #expect(recorder.routes.isEmpty)
    }
}

@MainActor
@Suite("UserDetailViewModel")
struct UserDetailViewModelTests {
    @Test("the title is the user's name once loaded")
    func title() async {
        let model = UserDetailViewModel(userID: 1, source: StubDataSource(), router: .none)
        #expect(model.title == "User 1")
        await model.load()
        #expect(model.title == "Leanne Graham")
    }

    @Test("the profile lists every field, joining address and company")
    func profile() async {
        let model = UserDetailViewModel(userID: 1, source: StubDataSource(), router: .none)
        await model.load()
        #expect(model.profile.map { "\($0.label): \($0.value)" } == [
            "Name: Leanne Graham",
            "Username: Bret",
            "Email: Sincere@april.biz",
            "Phone: 1-770-736-8031 x56442",
            "Website: hildegard.org",
            "Address: Kulas Light, Apt. 556, Gwenborough, 92998-3874",
            "Company: Romaguera-Crona — Multi-layered client-server neural-net",
        ])
    }

    @Test("missing profile fields show a dash")
    func missingFields() async {
        let model = UserDetailViewModel(userID: 3, source: StubDataSource(), router: .none)
        await model.load()
        let values = Dictionary(uniqueKeysWithValues: model.profile.map { ($0.label, $0.value) })
        #expect(values["Email"] == "—")
        #expect(values["Address"] == "—")
        #expect(values["Company"] == "—")
        #expect(values["Website"] == "yamada.jp")
    }

    @Test("posts are the user's own, and Enter opens the selected one")
    func posts() async {
        let recorder = RouteRecorder<UserListRoute>()
        let model = UserDetailViewModel(userID: 1, source: StubDataSource(), router: recorder.router)
        await model.load()
        #expect(model.postsHeading == "Posts (2)")
        #expect(model.postCell(row: 1, column: .title) == "Second post")
        #expect(model.postCell(row: 1, column: .id) == "2")
        model.moveSelection(by: 5)
        model.openSelected()
        #expect(recorder.routes == [.post(id: 2, userID: 1)])
    }

    @Test("an unknown user fails with not found")
    func unknownUser() async {
        let model = UserDetailViewModel(userID: 42, source: StubDataSource(), router: .none)
        await model.load()
        #expect(model.state.error == .notFound("user 42", location: "stub"))
        #expect(model.profile.isEmpty)
    }
}

@MainActor
@Suite("PostDetailViewModel")
struct PostDetailViewModelTests {
    @Test("shows the post, its author and its comments")
    func loaded() async {
        let model = PostDetailViewModel(postID: 1, source: StubDataSource())
        await model.load()
        #expect(model.title == "Post 1")
        #expect(model.headline == "First post")
        #expect(model.byline == "by Leanne Graham (@Bret)")
        #expect(model.body == "Hello there.\nSecond line of the first post.")
        #expect(model.commentsHeading == "Comments (2)")
        #expect(model.comments.map(\.name) == ["Nice", "Agreed"])
    }

    @Test("a post whose author is missing still loads")
    func missingAuthor() async {
        let posts = [Post(userId: 77, id: 5, title: "Orphan", body: "b")]
        let model = PostDetailViewModel(postID: 5, source: StubDataSource(posts: posts))
        await model.load()
        #expect(model.headline == "Orphan")
        #expect(model.byline == "by user 77")
    }

    @Test("scrolling never goes above the top")
    func scroll() {
        let model = PostDetailViewModel(postID: 1, source: StubDataSource())
        model.scroll(by: 3)
        model.scroll(by: -10)
        #expect(model.scrollOffset == 0)
        model.scroll(by: 4)
        #expect(model.scrollOffset == 4)
        model.scrollToTop()
        #expect(model.scrollOffset == 0)
    }
}

@MainActor
@Suite("AdminPanelViewModel")
struct AdminPanelViewModelTests {
    @Test("names the source and counts its records")
    func fields() async {
        let source = StubDataSource(descriptor: SourceDescriptor(kind: .file, location: "/tmp/db.json"))
        let model = AdminPanelViewModel(source: source)
        #expect(model.countFields.map(\.value) == ["…", "…", "…", "not yet"])
        await model.load()
        #expect(model.sourceFields == [
            DetailField("Source", "json-server file"), DetailField("Location", "/tmp/db.json"),
            DetailField("Auth", "none"), DetailField("Writes", "off: no writer"),
        ])
        #expect(model.countFields == [
            DetailField("Users", "3"), DetailField("Posts", "3"), DetailField("Comments", "3"), DetailField("Loaded", "not yet"),
        ])
    }
}
