import BulletinData
import BulletinTestSupport
import Foundation
import Testing
@testable import BulletinFeatures

/// The Posts list of a SQLite database read in windows by key (issue 25 item 3): it holds a
/// few hundred rows around the selection whatever the list's length, counts once per query,
/// and its moves, End, `:ID`, filter and sort are the database's queries.
@MainActor
@Suite("Posts list in windows over SQLite")
struct WindowedPostListTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-wlist-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The ids shown at `positions`, as the screen reads them.
    static func ids(_ model: PostListViewModel, _ positions: some Sequence<Int>) -> [String] {
        positions.map { model.cell(row: $0, column: .id) }
    }

    @Test("3,000 posts: the first window shows at once, the count comes once; ↓, PgDn-sized moves, End and Home keep the selected row's post right while never more than 1,200 rows are held")
    func moves() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        #expect(list.isWindowed)
        await model.load()
        #expect(list.windowCount == 3_000 && list.rowCount == 3_000)
        #expect(list.rows.count == RecordListModel<PostRow>.windowSize, "one window read, not the table")
        #expect(model.summary == "3000 posts")
        #expect(Self.ids(model, 0..<3) == ["1", "2", "3"])
        #expect(model.cell(row: 22, column: .author) == Display.missing, "post 23's user does not exist")

        for step in [1, 1, 27, 150, 300, 600, 900, -400, 1_000] {
            list.moveSelection(by: step)
            await list.wait()
            let selected = list.selection.selected
            #expect(model.cell(row: selected, column: .id) == "\(selected + 1)", "after moving by \(step)")
            #expect(list.rows.count <= RecordListModel<PostRow>.windowLimit)
            let around = max(0, selected - 30)...min(2_999, selected + 30)
            #expect(Self.ids(model, around) == around.map { "\($0 + 1)" }, "the screen around the selection is held")
        }
        list.selectLast()
        await list.wait()
        #expect(list.selection.selected == 2_999 && model.cell(row: 2_999, column: .id) == "3000")
        #expect(model.cell(row: 2_999, column: .title) == database.posts[2_999].title)
        list.moveSelection(by: -1)
        await list.wait()
        #expect(model.cell(row: 2_998, column: .id) == "2999")
        list.selectFirst()
        await list.wait()
        #expect(list.selection.selected == 0 && model.cell(row: 0, column: .id) == "1")
    }

    @Test(":ID is one lookup: the post is selected at its position, rows around it held; a missing id and one the filter hides say so")
    func jump() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        await model.load()
        list.goTo(id: "2500")
        await list.wait()
        #expect(list.selection.selected == 2_499 && model.cell(row: 2_499, column: .id) == "2500")
        #expect(Self.ids(model, 2_480...2_520) == (2_481...2_521).map(String.init))
        #expect(list.find.message == nil)
        list.goTo(id: "9999")
        await list.wait()
        #expect(list.find.message == "no post 9999 in this list")
        #expect(list.selection.selected == 2_499, "the selection stays")

        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "ferr") }
        await list.wait()
        list.find.commitFilter()
        list.goTo(id: "2")
        await list.wait()
        #expect(list.find.message == "post 2 is hidden by the filter")
    }

    @Test("the filter is the database's query: the count says `N of 3000`, the rows are those passing in id order; clearing it goes back to every post")
    func filter() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        await model.load()
        let expected = database.posts.filter { database.passes($0, filter: "ferr", fullText: true) }
        #expect(expected.count > 100 && expected.count < 3_000)
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "ferr") }
        await list.wait()
        #expect(list.rowCount == expected.count)
        #expect(list.find.countText == "\(expected.count) of 3000")
        #expect(Self.ids(model, 0..<200) == expected.prefix(200).map { "\($0.id)" })
        list.find.commitFilter()
        list.selectLast()
        await list.wait()
        let tail = (expected.count - 50)..<expected.count
        #expect(Self.ids(model, tail) == expected[tail].map { "\($0.id)" }, "the filtered list's last rows, read from its end")
        list.find.cancelFilter()
        await list.wait()
        #expect(list.rowCount == 3_000)
        #expect(Self.ids(model, 0..<3) == ["1", "2", "3"])
    }

    @Test("`s` sorts in the database: by author (NULL authors first), by title; the selected post stays selected when a sort is taken off")
    func sort() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        await model.load()
        list.find.cycleSort()   // ID ▲: the database's order already
        await list.wait()
        #expect(Self.ids(model, 0..<3) == ["1", "2", "3"])
        list.find.cycleSort()   // Author ▲
        await list.wait()
        let byAuthor = database.ordered(by: "author")
        #expect(Self.ids(model, 0..<50) == byAuthor.prefix(50).map { "\($0.id)" })
        list.selectLast()
        await list.wait()
        #expect(model.cell(row: 2_999, column: .id) == "\(byAuthor[2_999].id)")
        list.find.cycleSort()   // Title ▲
        await list.wait()
        let byTitle = database.ordered(by: "title")
        #expect(Self.ids(model, 0..<50) == byTitle.prefix(50).map { "\($0.id)" })
        list.find.reverseSort()
        await list.wait()
        #expect(Self.ids(model, 0..<50) == byTitle.reversed().prefix(50).map { "\($0.id)" })
    }

    @Test("r after another connection changed the database: the selected post stays selected where it now is, its new title shown, the count new")
    func reloadKeepsPlace() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        await model.load()
        list.goTo(id: "1500")
        await list.wait()
        let other = try SQLiteConnection(path: database.path)
        try other.execute("DELETE FROM posts WHERE id <= 10; UPDATE posts SET title = 'Renamed elsewhere' WHERE id = 1500")
        list.reload()
        await list.wait()
        #expect(list.selection.selected == 1_489, "ten posts before it are gone")
        #expect(model.cell(row: 1_489, column: .id) == "1500")
        #expect(model.cell(row: 1_489, column: .title) == "Renamed elsewhere")
        #expect(list.rowCount == 2_990)
    }

    @Test("marks belong to posts: a post marked, then scrolled far away from, is still marked and among the marked rows")
    func marks() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        await model.load()
        list.toggleMark()
        list.toggleMark()
        list.selectLast()
        await list.wait()
        #expect(!list.rows.contains { $0.id == RecordID(1) }, "post 1's window is gone")
        #expect(list.markedRows.map(\.id) == [RecordID(1), RecordID(2)])
        #expect(list.marksSummary == "2 marked")
        list.selectFirst()
        await list.wait()
        #expect(list.isMarked(position: 0) && list.isMarked(position: 1) && !list.isMarked(position: 2))
    }
}
