import BulletinData
@testable import BulletinFeatures
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

/// A user's screen's lists: posts, albums and todos as tabs with counts (JSONPlaceholder
/// sources only), filter and jump on each, Enter on an album, and Space on a todo (saved,
/// failed, read-only).
@MainActor
@Suite("User screen lists")
struct UserDetailListsTests {
    static func source(vocabulary: SourceVocabulary? = nil) -> StubDataSource {
        StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)
    }

    static func loaded(_ source: StubDataSource, writer: (any DataWriter)? = nil, router: Router<UserListRoute> = .none)
        async -> UserDetailViewModel
    {
        let model = UserDetailViewModel(userID: 1, source: source, router: router)
        model.lists.writer = writer
        await model.load()
        return model
    }

    @Test("JSONPlaceholder: Posts, Albums and Todos tabs with their counts; Tab and 1 2 3 switch")
    func tabs() async {
        let model = await Self.loaded(Self.source())
        #expect(model.lists.hasTabs)
        #expect(model.lists.tabTitles == ["Posts (2)", "Albums (2)", "Todos (3)"])
        #expect(model.lists.active == .posts)
        model.lists.showNext()
        #expect(model.lists.active == .albums)
        model.lists.showNext()
        model.lists.showNext()
        #expect(model.lists.active == .posts, "after the last, the first")
        model.lists.show(number: 3)
        #expect(model.lists.active == .todos)
        model.lists.show(number: 4)
        #expect(model.lists.active == .todos, "a number past the lists does nothing")
        #expect(model.lists.albums?.rows.map(\.title) == ["quidem molestiae enim", "sunt qui excepturi"])
        #expect(model.lists.todos?.rows.map(\.id) == [1, 2, 3])
    }

    @Test("a source whose vocabulary has posts only: no tabs, no albums or todos are asked for")
    func postsOnly() async {
        let source = GitHubLike(base: Self.source())
        let model = UserDetailViewModel(userID: 1, source: source, router: .none)
        await model.load()
        #expect(!model.lists.hasTabs && model.lists.albums == nil && model.lists.todos == nil)
        model.lists.show(.todos)
        #expect(model.lists.active == .posts)
        let calls = await source.base.calls
        #expect(calls["albums"] == nil && calls["todos"] == nil)
    }

    @Test("a list that fails says so in its tab; the posts and the other list still show")
    func failedList() async {
        let source = FailingTodos(base: Self.source())
        let model = UserDetailViewModel(userID: 1, source: source, router: .none)
        await model.load()
        #expect(model.posts.count == 2)
        #expect(model.lists.tabTitles == ["Posts (2)", "Albums (2)", "Todos (—)"])
        #expect(model.lists.todos?.rowsUnavailableReason == "the todos did not load")
        #expect(model.lists.toggleUnavailableReason == "the todos did not load")
    }

    @Test("filter, sort and jump work on the todos as on the posts")
    func findOnTodos() async {
        let model = await Self.loaded(Self.source())
        model.lists.show(.todos)
        let todos = try! #require(model.lists.todos)
        todos.find.beginFilter()
        todos.find.editFilter { $0.insert("veniam") }
        await todos.find.finder.waitUntilIdle()
        #expect(todos.rowCount == 1 && todos.cell(row: 0, column: 2) == "fugiat veniam minus")
        todos.find.cancelFilter()
        await todos.find.finder.waitUntilIdle()
        model.goTo(id: "2")
        #expect(todos.selectedRow?.id == 2, ":2 selects todo 2 on the todos tab")
        #expect(todos.cell(row: 1, column: 1) == "✓" && todos.cell(row: 0, column: 1) == "☐")
    }

    @Test("Enter on an album opens its screen (users/1/albums/2)")
    func openAlbum() async {
        let recorder = RouteRecorder<UserListRoute>()
        let model = await Self.loaded(Self.source(), router: recorder.router)
        model.lists.show(.albums)
        model.lists.albums?.moveSelection(by: 1)
        model.lists.albums?.openSelected()
        #expect(recorder.routes == [.album(id: 2, userID: 1)])
        #expect(UserListRoute.album(id: 2, userID: 1).link.path == "users/1/albums/2")
    }

    @Test("Space saves the toggle; the row shows ✓ only once saved, and the status line says so")
    func toggleSaved() async {
        let source = Self.source()
        let writer = StubDataWriter(source: source, note: "saved to ./db.json")
        let model = await Self.loaded(source, writer: writer)
        model.lists.show(.todos)
        let todos = try! #require(model.lists.todos)
        model.lists.toggleSelectedTodo()
        #expect(model.lists.savingTodo == 1)
        #expect(todos.rows.first?.completed == false, "not shown as done before the save answers")
        await model.lists.waitForSave()
        #expect(model.lists.savingTodo == nil)
        #expect(todos.rows.first?.completed == true && todos.cell(row: 0, column: 1) == "✓")
        #expect(model.lists.todoMessage == "Todo 1 done · saved to ./db.json")
        #expect(await writer.log == ["toggle todo 1"])
        #expect(try! await source.todos(userID: 1).first?.completed == true)
    }

    @Test("a failed save leaves the row as it was and says why; the next Space tries again")
    func toggleFailed() async {
        let source = Self.source()
        let writer = StubDataWriter(source: source)
        await writer.failNext(with: .changedOnDisk(path: "./db.json"))
        let model = await Self.loaded(source, writer: writer)
        model.lists.show(.todos)
        model.lists.toggleSelectedTodo()
        await model.lists.waitForSave()
        #expect(model.lists.todos?.rows.first?.completed == false)
        #expect(model.lists.todoMessage?.hasPrefix("Not saved: ") == true)
        #expect(model.lists.todoMessage?.contains("r reads it again") == true)
        model.lists.toggleSelectedTodo()
        await model.lists.waitForSave()
        #expect(model.lists.todos?.rows.first?.completed == true)
    }

    @Test("a read-only file: the row keeps its state and the note says what this row can do, not the form's save anyway")
    func toggleReadOnlyFile() async {
        let source = Self.source()
        let writer = StubDataWriter(source: source)
        await writer.failNext(with: .readOnlyFile(path: "./db.json"))
        let model = await Self.loaded(source, writer: writer)
        model.lists.show(.todos)
        model.lists.toggleSelectedTodo()
        await model.lists.waitForSave()
        #expect(model.lists.todos?.rows.first?.completed == false)
        #expect(model.lists.todoMessage == "Not saved: ./db.json is read-only (make it writable, then press Space again)")
        #expect(model.lists.todoMessage?.contains("save anyway") == false)
    }

    @Test("a server that does not keep the change: the row keeps its old state and the note says why")
    func toggleNotKept() async {
        let source = Self.source()
        let writer = StubDataWriter(source: source, note: "the server accepted the change but does not keep it", persisted: false)
        let model = await Self.loaded(source, writer: writer)
        model.lists.show(.todos)
        model.lists.toggleSelectedTodo()
        await model.lists.waitForSave()
        #expect(model.lists.todos?.rows.first?.completed == false)
        #expect(model.lists.todoMessage == "Todo 1 not changed · the server accepted the change but does not keep it")
    }

    @Test("read-only: Space says why and sends nothing")
    func toggleReadOnly() async {
        let model = await Self.loaded(Self.source(), writer: ReadOnlyWriter(reason: "started with --read-only"))
        model.lists.show(.todos)
        model.lists.toggleSelectedTodo()
        #expect(model.lists.savingTodo == nil)
        #expect(model.lists.todoMessage == "Read-only: started with --read-only")
        let unwired = await Self.loaded(Self.source())
        unwired.lists.show(.todos)
        unwired.lists.toggleSelectedTodo()
        #expect(unwired.lists.todoMessage == "Read-only: editing is not offered here")
    }

    @Test("the album screen lists its photos with their URLs, titled by the album")
    func album() async {
        let model = AlbumViewModel(albumID: 1, userID: 1, source: Self.source())
        #expect(model.title == "Album 1")
        model.start()
        await model.load()
        #expect(model.title == "quidem molestiae enim")
        #expect(model.photos.heading == "Photos (2)")
        #expect(model.photos.cell(row: 1, column: 2) == "https://via.placeholder.com/600/771796")
        #expect(model.photos.cell(row: 1, column: 3) == "https://via.placeholder.com/150/771796")
    }
}

/// A stub with GitHub's vocabulary (posts only).
struct GitHubLike: DataSource {
    let base: StubDataSource
    var descriptor: SourceDescriptor { base.descriptor }
    var vocabulary: SourceVocabulary { .github }
    func users() async throws(DataError) -> [User] { try await base.users() }
    func user(id: RecordID) async throws(DataError) -> User { try await base.user(id: id) }
    func posts(userID: RecordID) async throws(DataError) -> [Post] { try await base.posts(userID: userID) }
    func post(id: RecordID) async throws(DataError) -> Post { try await base.post(id: id) }
    func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { try await base.comments(postID: postID) }
    func statistics() async throws(DataError) -> DataStatistics { try await base.statistics() }
    func albums(userID: RecordID) async throws(DataError) -> [Album] { try await base.albums(userID: userID) }
    func todos(userID: RecordID) async throws(DataError) -> [Todo] { try await base.todos(userID: userID) }
}

/// A stub whose todos fail to load.
struct FailingTodos: DataSource {
    let base: StubDataSource
    var descriptor: SourceDescriptor { base.descriptor }
    func users() async throws(DataError) -> [User] { try await base.users() }
    func user(id: RecordID) async throws(DataError) -> User { try await base.user(id: id) }
    func posts(userID: RecordID) async throws(DataError) -> [Post] { try await base.posts(userID: userID) }
    func post(id: RecordID) async throws(DataError) -> Post { try await base.post(id: id) }
    func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { try await base.comments(postID: postID) }
    func statistics() async throws(DataError) -> DataStatistics { try await base.statistics() }
    func albums(userID: RecordID) async throws(DataError) -> [Album] { try await base.albums(userID: userID) }
    func todos(userID: RecordID) async throws(DataError) -> [Todo] {
        throw .badStatus(500, url: "http://127.0.0.1/todos?userId=\(userID)", excerpt: "")
    }
}
