import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// A source serving `total` users in pages of `pageSize`; a page can be made to fail.
actor PagedSource: DataSource {
    nonisolated let descriptor = SourceDescriptor(kind: .dummyJSON, location: "paged")
    let all: [User]
    let pageSize: Int
    var failure: DataError?
    private(set) var pagesAsked: [Int] = []

    init(total: Int, pageSize: Int) {
        all = (1...total).map { User(id: RecordID($0), name: "User \($0)", username: "u\($0)") }
        self.pageSize = pageSize
    }

    func setFailure(_ error: DataError?) { failure = error }

    func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        let skip = cursor.flatMap { Int($0.token) } ?? 0
        pagesAsked.append(skip)
        if let failure { throw failure }
        let end = min(all.count, skip + pageSize)
        return UserPage(list: RecordList(records: Array(all[skip..<end])), next: end < all.count ? PageCursor(String(end)) : nil)
    }

    func users() async throws(DataError) -> [User] { all }
    func user(id: RecordID) async throws(DataError) -> User { all.first { $0.id == id }! }
    func posts(userID: RecordID) async throws(DataError) -> [Post] { [] }
    func post(id: RecordID) async throws(DataError) -> Post { throw .notFound("post \(id)", location: "paged") }
    func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { [] }
    func statistics() async throws(DataError) -> DataStatistics { DataStatistics(users: all.count, posts: 0, comments: 0) }
}

@MainActor
@Suite("UserListViewModel paging")
struct PagingTests {
    @Test("the first page shows at once with a 'Loading more…' row; nearing the end loads the next")
    func loadsAsYouScroll() async {
        let source = PagedSource(total: 25, pageSize: 10)
        let model = UserListViewModel(source: source, router: .none)
        await model.load()
        #expect(model.users.count == 10)
        #expect(model.rowCount == 11)
        #expect(model.cell(row: 10, column: .name) == "Loading more…")
        #expect(model.summary == "10 users so far")
        model.moveSelection(by: 3)  // row 3: far from the end, nothing asked
        #expect(await source.pagesAsked == [0])
        model.moveSelection(by: 2)  // row 5 = 10 - prefetchDistance
        await model.waitForPage()
        #expect(model.users.count == 20)
        model.selectLast()
        await model.waitForPage()
        #expect(model.users.map(\.id.text).last == "25")
        #expect(model.paging == .complete)
        #expect(model.rowCount == 25)
        #expect(model.summary == "25 users")
        #expect(await source.pagesAsked == [0, 10, 20])
    }

    @Test("a failed page keeps what is loaded; Enter on the row retries it, and r too")
    func failedPageRetries() async {
        let source = PagedSource(total: 30, pageSize: 10)
        let model = UserListViewModel(source: source, router: .none)
        await model.load()
        let error = DataError.transport(url: "http://x/users?skip=10", reason: "connection lost")
        await source.setFailure(error)
        model.selectLast()
        await model.waitForPage()
        #expect(model.paging == .failed(error))
        #expect(model.users.count == 10)
        #expect(model.cell(row: 10, column: .name) == "Could not load more: Cannot reach http://x/users?skip=10: connection lost")
        #expect(model.list.pagingCanRetry && model.list.isPagingRow(10) && !model.list.isPagingRow(9))
        #expect(model.state.value?.count == 10)
        await source.setFailure(nil)
        model.openSelected()
        await model.waitForPage()
        #expect(model.users.count >= 20)
        await source.setFailure(error)
        model.selectLast()
        await model.waitForPage()
        await source.setFailure(nil)
        model.reload()  // r retries the page only
        await model.waitForPage()
        #expect(model.users.count == 30)
        #expect(await source.pagesAsked.filter { $0 == 0 }.count == 1)
    }

    @Test("End (G) on a paged list loads every page in turn and selects the last row; the row says so meanwhile")
    func endLoadsEveryPage() async {
        let source = PagedSource(total: 45, pageSize: 10)
        let model = UserListViewModel(source: source, router: .none)
        await model.load()
        model.selectLast()
        #expect(model.list.walksToEnd)
        #expect(model.cell(row: 10, column: .name) == "Loading every page… (10 so far)")
        for _ in 0..<10 where model.paging != .complete { await model.list.wait() }
        await model.list.wait()
        #expect(model.users.count == 45 && model.paging == .complete)
        #expect(await source.pagesAsked == [0, 10, 20, 30, 40])
        #expect(model.selection.selected == 44, "the selection followed to the last row")
        #expect(!model.list.walksToEnd)
    }

    @Test("a move during the walk to the end stops it at the pages loaded; a failed page stops it too")
    func walkStops() async {
        let source = PagedSource(total: 100, pageSize: 10)
        let model = UserListViewModel(source: source, router: .none)
        await model.load()
        model.selectLast()
        await model.list.wait()
        model.moveSelection(by: -1)
        #expect(!model.list.walksToEnd)
        await model.list.wait()
        let loaded = model.users.count
        #expect(loaded < 100 && model.paging == .more, "the walk stopped: \(loaded) loaded")
        model.moveSelection(by: -5)
        await model.list.wait()
        #expect(model.users.count == loaded, "no page is asked for far from the end")

        let error = DataError.transport(url: "http://x/users?skip=20", reason: "connection lost")
        model.selectLast()
        await source.setFailure(error)
        for _ in 0..<12 where !model.list.pagingCanRetry { await model.list.wait() }
        #expect(model.list.pagingCanRetry && !model.list.walksToEnd)
    }

    @Test("a source without paging shows everything with no extra row")
    func unpagedSource() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        #expect(model.rowCount == 3)
        #expect(model.paging == .complete)
    }

    @Test("DummyJSON over the loopback server: 208 users arrive page by page as the selection moves",
          SharedData.needed)
    func dummyJSONPaging() async throws {
        let server = try LoopbackServer.startDummyJSON()
        defer { server.stop() }
        let model = UserListViewModel(source: DummyJSONDataSource(baseURL: server.baseURL, pageSize: 30, timeout: 10), router: .none)
        await model.load()
        #expect(model.users.count == 30)
        for _ in 0..<10 {
            model.selectLast()
            await model.waitForPage()
        }
        #expect(model.users.count == 208)
        #expect(Set(model.users.map(\.id)).count == 208)
        #expect(try await server.requests().map(\.path).first == "/users?limit=30&skip=0")
    }
}
