import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// `r` that fails keeps the rows already shown and says why in the status line; a first load
/// that fails still shows the error (screen) with `r` to retry.
@MainActor
@Suite("A failed reload keeps the rows")
struct ReloadFailureTests {
    static let failure = DataError.badStatus(500, url: "http://127.0.0.1:3000/users", excerpt: "")
    static let said = "Not reloaded: HTTP 500 from http://127.0.0.1:3000/users"

    @Test("Users: the rows stay, the summary says why; the next reload that works clears it")
    func userList() async {
        let source = StubDataSource()
        let model = UserListViewModel(source: source, router: Router { _ in })
        await model.load()
        #expect(model.users.count == 3)
        await source.setFailure(Self.failure)
        model.reload()
        #expect(model.state.value?.count == 3 && model.isReloading, "the rows stay while the reload is on its way")
        await model.load()
        #expect(model.users.count == 3 && model.rowCount == 3)
        #expect(model.summary == "\(Self.said) · 3 users")
        #expect(!model.isReloading)
        await source.setFailure(nil)
        await model.load()
        #expect(model.summary == "3 users")
    }

    @Test("Users: a first load that fails still fails (the error screen), and r retries it")
    func firstLoadFails() async {
        let source = StubDataSource(failure: Self.failure)
        let model = UserListViewModel(source: source, router: Router { _ in })
        await model.load()
        #expect(model.state.error == Self.failure)
        await source.setFailure(nil)
        await model.load()
        #expect(model.users.count == 3 && model.reloadError == nil)
    }

    @Test("A user's screen keeps the profile and posts, and says why")
    func userDetail() async {
        let source = StubDataSource()
        let model = UserDetailViewModel(userID: 1, source: source, router: Router { _ in })
        await model.load()
        let posts = model.posts
        #expect(!posts.isEmpty)
        await source.setFailure(Self.failure)
        await model.load()
        #expect(model.posts == posts && model.title == "Leanne Graham")
        #expect(model.reloadFailureText == Self.said)
        await source.setFailure(nil)
        await model.load()
        #expect(model.reloadFailureText == nil)
    }

    @Test("A post keeps its text and comments, and says why")
    func postDetail() async {
        let source = StubDataSource()
        let model = PostDetailViewModel(postID: 1, source: source)
        await model.load()
        let comments = model.comments
        #expect(!comments.isEmpty)
        await source.setFailure(Self.failure)
        await model.load()
        #expect(model.comments == comments && !model.headline.isEmpty)
        #expect(model.reloadFailureText == Self.said)
    }

    @Test("Posts keeps its rows, and says why")
    func postList() async {
        let source = StubDataSource()
        let model = PostListViewModel(source: source, router: Router { _ in })
        await model.load()
        let count = model.rows.count
        #expect(count > 0)
        await source.setFailure(Self.failure)
        await model.load()
        #expect(model.rows.count == count && model.rowCount == count)
        #expect(model.summary.hasPrefix(Self.said))
    }

    @Test("A user's albums, todos and an album's photos keep their rows and say why, in the same words")
    func recordLists() async {
        let source = StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
        await Self.keepsRows(RecordListModel.albums(of: 1, source: source), source: source)
        await Self.keepsRows(RecordListModel.todos(of: 1, source: source), source: source)
        await Self.keepsRows(RecordListModel.photos(of: 1, source: source), source: source)
    }

    /// `list` loads, a reload against a failing source keeps its rows and says why, and a
    /// reload that works clears it.
    static func keepsRows<Row>(_ list: RecordListModel<Row>, source: StubDataSource) async {
        await source.setFailure(nil)
        await list.load()
        let count = list.rowCount
        #expect(count > 0)
        await source.setFailure(failure)
        await list.load()
        #expect(list.rowCount == count && list.state.value?.count == count, "the rows stay")
        #expect(list.reloadFailureText == said, "a failed reload says why")
        #expect(!list.loader.isReloading)
        await source.setFailure(nil)
        await list.load()
        #expect(list.reloadFailureText == nil, "a reload that works clears it")
    }
}

/// The GitHub case against the loopback server: `r` on a rate-limited user list.
@MainActor
@Suite(SharedData.needed)
struct RateLimitedReloadTests {
    @Test("r on a rate-limited GitHub list (403, X-RateLimit-Remaining: 0) keeps the users and says until when")
    func rateLimitedReload() async throws {
        let server = try LoopbackServer.start(arguments: [
            "--dir", SharedData.data("github").path, "--style", "github",
            "--fixtures", SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/github").path,
        ])
        defer { server.stop() }
        let model = UserListViewModel(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10), router: Router { _ in })
        await model.load()
        #expect(model.users.count == 100)
        let reset = Date().addingTimeInterval(3600)
        try await server.inject(Fault(path: "/users", status: 403,
            headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(Int(reset.timeIntervalSince1970))],
            body: #"{"message": "API rate limit exceeded"}"#))
        await model.load()
        #expect(model.state.value?.count == 100, "the loaded rows stay; no error screen")
        guard case .rateLimited? = model.reloadError else {
            Issue.record("expected a rate limit, got \(String(describing: model.reloadError))")
            return
        }
        #expect(model.summary.hasPrefix("Not reloaded: Rate limited by \(server.baseURL.absoluteString)/users?per_page=100 until "
                                        + DataError.clockTime(reset)))
        #expect(model.summary.hasSuffix("(0 requests left) · 100 users so far"))
    }
}
