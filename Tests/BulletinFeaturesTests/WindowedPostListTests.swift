import BulletinData
import BulletinTestSupport
import Foundation
import Synchronization
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

    /// A 3,000-post database (30 users) in a scratch directory, and its Posts list loaded.
    static func opened() async throws -> (directory: URL, database: WindowedPostsDatabase, model: PostListViewModel) {
        let directory = try scratch()
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        await model.load()
        return (directory, database, model)
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
        let (directory, _, model) = try await Self.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
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

    @Test(":ID with gaps in the ids: the rows show at once at the position the smallest and largest id suggest, then move to the counted one; the same rows stay selected")
    func jumpEstimateRefined() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        try SQLiteConnection(path: database.path).execute("DELETE FROM posts WHERE id BETWEEN 100 AND 1099")
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        await model.load()
        #expect(list.rowCount == 2_000)
        list.goTo(id: "2000")
        await list.wait()
        // 99 posts below 100, then 1100…1999: post 2000 is at position 999 (the estimate said 1333).
        #expect(list.selection.selected == 999)
        #expect(Self.ids(model, 990...1_010) == (1_991...2_011).map(String.init))
        list.moveSelection(by: -950)
        await list.wait()
        #expect(model.cell(row: 49, column: .id) == "50")
        #expect(Self.ids(model, 95...102) == ["96", "97", "98", "99", "1100", "1101", "1102", "1103"])
        list.selectLast()
        await list.wait()
        #expect(list.selection.selected == 1_999 && model.cell(row: 1_999, column: .id) == "3000")
    }

    @Test("the filter is the database's query: the count says `N of 3000`, the rows are those passing in id order; clearing it goes back to every post")
    func filter() async throws {
        let (directory, database, model) = try await Self.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
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
        #expect(model.cell(row: list.selection.selected, column: .id) == "\(expected.last!.id)", "the post selected in the filter stays selected")
        list.selectFirst()
        await list.wait()
        #expect(Self.ids(model, 0..<3) == ["1", "2", "3"])
    }

    @Test("`s` sorts in the database: by author (NULL authors first), by title; the selected post stays selected when a sort is taken off")
    func sort() async throws {
        let (directory, database, model) = try await Self.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
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
        let kept = try #require(byTitle.firstIndex { $0.id == byAuthor[2_999].id })
        #expect(list.selection.selected == kept, "the selected post is selected where the title puts it")
        #expect(model.cell(row: kept, column: .id) == "\(byAuthor[2_999].id)")
        list.selectFirst()
        await list.wait()
        #expect(Self.ids(model, 0..<50) == byTitle.prefix(50).map { "\($0.id)" })
        list.find.reverseSort()
        await list.wait()
        #expect(list.selection.selected == 2_999 && model.cell(row: 2_999, column: .id) == "\(byTitle[0].id)",
                "the first post by title stays selected: the last in reverse")
        list.selectFirst()
        await list.wait()
        #expect(Self.ids(model, 0..<50) == byTitle.reversed().prefix(50).map { "\($0.id)" })
    }

    @Test("the selected post stays selected across a sort, its reverse and a filter taken off, after a jump far down too; the rows around it are held")
    func selectionKept() async throws {
        let (directory, database, model) = try await Self.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
        func expectSelected(_ id: Int, in order: [WindowedPostsDatabase.Post], _ comment: Testing.Comment) {
            let position = order.firstIndex { $0.id == id } ?? -1
            #expect(list.selection.selected == position, comment)
            let around = max(0, position - 20)..<min(order.count, position + 20)
            #expect(Self.ids(model, around) == order[around].map { "\($0.id)" }, comment)
        }
        list.goTo(id: "2400")
        await list.wait()
        expectSelected(2_400, in: database.ordered(), "after the jump")
        list.find.cycleSort()   // ID ▲
        list.find.cycleSort()   // Author ▲
        await list.wait()
        expectSelected(2_400, in: database.ordered(by: "author"), "by author")
        list.find.cycleSort()   // Title ▲
        await list.wait()
        expectSelected(2_400, in: database.ordered(by: "title"), "by title")
        list.find.reverseSort()
        await list.wait()
        expectSelected(2_400, in: database.ordered(by: "title", ascending: false), "by title, reversed")
        list.find.finder.restoreSourceOrder()
        await list.wait()
        expectSelected(2_400, in: database.ordered(), "back in id order")

        // A filter typed starts at its first match; taken off, the post selected in it stays.
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "ferr") }
        await list.wait()
        let passing = database.posts.filter { database.passes($0, filter: "ferr", fullText: true) }
        #expect(list.selection.selected == 0 && model.cell(row: 0, column: .id) == "\(passing[0].id)")
        list.find.commitFilter()
        list.moveSelection(by: passing.count - 3)
        await list.wait()
        let chosen = passing[passing.count - 3].id
        #expect(model.cell(row: list.selection.selected, column: .id) == "\(chosen)")
        list.find.cancelFilter()
        await list.wait()
        expectSelected(chosen, in: database.ordered(), "the filter taken off")
        #expect(list.rowCount == 3_000)
    }

    @Test("column widths only widen while the list is shown: a sort whose first rows are narrower, and windows read further on, never narrow a column")
    func widthsOnlyWiden() async throws {
        let (directory, database, model) = try await Self.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
        func widths() -> [Int] { list.find.finder.naturalWidths { $0.count }.map { $0 ?? 0 } }
        var seen = [widths()]
        list.find.cycleSort()   // ID
        list.find.cycleSort()   // Author: the posts with no author first, each "—"
        await list.wait()
        seen.append(widths())
        list.find.cycleSort()   // Title
        await list.wait()
        seen.append(widths())
        list.selectLast()
        await list.wait()
        seen.append(widths())
        for (before, after) in zip(seen, seen.dropFirst()) {
            #expect(zip(before, after).allSatisfy { $0 <= $1 }, "\(before) then \(after)")
        }
        let author = try #require(PostRowColumn.allCases.firstIndex(of: .author))
        let longest = Set(database.posts.compactMap(\.author)).map(\.count).max() ?? 0
        #expect(seen[0][author] >= min(longest, 31), "the first window already holds the longest author name")
    }

    @Test("r after another connection changed the database: the selected post stays selected where it now is, its new title shown, the count new")
    func reloadKeepsPlace() async throws {
        let (directory, database, model) = try await Self.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
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
        let (directory, _, model) = try await Self.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
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

/// `n`/`N`, a regex typed, and Esc on a sort that reads every row, on the windowed Posts list.
@MainActor
@Suite("Posts list in windows over SQLite: n, regex, Esc")
struct WindowedPostListFindTests {
    /// The SQLite source's windows, noting where each read starts; with `holdsTitleSort`, every
    /// read of an order by title is held until ``cancelReads()`` (a sort of ten million rows
    /// without an index, made to wait).
    final class InterceptedWindows: RecordWindows {
        let source: any RecordWindows<WindowedPost>
        let holdsTitleSort: Bool
        /// Whether a filtered query's reads and counts wait until ``release(_:)`` lets them go.
        let holdsFilter: Bool
        /// How many times the reads were cancelled; a held read waits for the next one.
        let cancels = Mutex(0)
        /// Where each read started, in order.
        let starts = Mutex<[WindowStart]>([])
        /// What ``holdsFilter`` lets go: `"window"`, `"count"`; and `"base count"` (``holdsBaseCount``).
        let released = Mutex<Set<String>>([])
        /// Whether the unfiltered count waits until ``release(_:)`` lets `"base count"` go.
        let holdsBaseCount: Bool
        /// What ``estimate(_:)`` answers for the unfiltered list (a server's statistics).
        let estimated: Int?
        /// What a filtered read throws, while set (a server gone).
        let filterFailure = Mutex<DataError?>(nil)
        /// While `true`, every window read waits until ``release(_:)`` lets `"read"` go.
        let holdsReads = Mutex(false)
        init(_ source: SQLiteDataSource, holdsTitleSort: Bool = false, holdsFilter: Bool = false, holdsBaseCount: Bool = false,
             estimated: Int? = nil) {
            self.source = source.postWindows!
            self.holdsTitleSort = holdsTitleSort
            self.holdsFilter = holdsFilter
            self.holdsBaseCount = holdsBaseCount
            self.estimated = estimated
        }

        func estimate(_ query: WindowQuery) async -> Int? { query.filter.isEmpty ? estimated : nil }

        /// Lets a held filter's `what` (`"window"` or `"count"`) go on.
        func release(_ what: String) { _ = released.withLock { $0.insert(what) } }

        private func wait(for what: String, _ query: WindowQuery) async {
            guard holdsFilter, !query.filter.isEmpty else { return }
            // A cancelled read goes on at once: Task.sleep would throw at once, and the loop would
            // hold a pool thread for good (two threads here: the whole run stalls).
            while !released.withLock({ $0.contains(what) }), !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
        }

        /// How many counts were asked for.
        let counted = Mutex(0)

        func count(_ query: WindowQuery) async throws(DataError) -> Int {
            counted.withLock { $0 += 1 }
            await wait(for: "count", query)
            if holdsBaseCount, query.filter.isEmpty {
                while !released.withLock({ $0.contains("base count") }), !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            }
            return try await source.count(query)
        }
        func window(_ query: WindowQuery, start: WindowStart, limit: Int) async throws(DataError) -> [Windowed<WindowedPost>] {
            starts.withLock { $0.append(start) }
            if !query.filter.isEmpty, let failure = filterFailure.withLock({ $0 }) { throw failure }
            while holdsReads.withLock({ $0 }), !released.withLock({ $0.contains("read") }), !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
            }
            await wait(for: "window", query)
            if holdsTitleSort, query.sortField == "title" {
                let started = cancels.withLock { $0 }
                while cancels.withLock({ $0 }) == started, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
                throw .cancelled
            }
            return try await source.window(query, start: start, limit: limit)
        }
        func position(of key: WindowKey, _ query: WindowQuery) async throws(DataError) -> Int {
            try await source.position(of: key, query)
        }
        func key(id: RecordID, _ query: WindowQuery) async throws(DataError) -> (key: WindowKey, passes: Bool)? {
            try await source.key(id: id, query)
        }
        func plan(_ query: WindowQuery) async -> WindowPlan { await source.plan(query) }
        func cancelReads() { cancels.withLock { $0 += 1 } }
    }

    @Test("a burst of moves in title order reads on by key from the rows held, never from a position (OFFSET), and the rows around the selection are right")
    func burstReadsByKey() async throws {
        let directory = try WindowedPostListTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let recorded = InterceptedWindows(SQLiteDataSource(path: database.path))
        var feed = ListFeed<PostRow> { _ throws(DataError) in ListPage(rows: []) }
        feed.windows = RecordListModel<PostRow>.windowed(recorded)
        let list = RecordListModel(name: SQLiteDataSource(path: database.path).vocabulary.posts, columns: PostRowColumn.columns, feed: feed)
        await list.load()
        let title = try #require(PostRowColumn.allCases.firstIndex(of: .title))
        while list.find.finder.sortColumn != title { list.find.cycleSort() }
        await list.wait()
        list.selectFirst()
        await list.wait()
        recorded.starts.withLock { $0 = [] }
        for _ in 0..<60 { list.moveSelection(by: 24) }   // PgDn held down: no wait between keys
        await list.wait()
        let starts = recorded.starts.withLock { $0 }
        #expect(!starts.isEmpty && starts.allSatisfy { if case .after = $0 { true } else { false } }, "\(starts)")
        let byTitle = database.ordered(by: "title")
        #expect(list.selection.selected == 1_440)
        let around = 1_400..<1_480
        #expect(around.map { list.windowRow(at: $0)?.id } == byTitle[around].map { RecordID($0.id) })
    }

    @Test("n and N go to the next and previous post matching the last filter in the list's order, wrapping around; with none typed, and with none matching, they say so")
    func findNext() async throws {
        let (directory, database, model) = try await WindowedPostListTests.opened()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = model.list
        list.findNext(forward: true)
        #expect(list.find.message == "no search yet")
        let matching = database.posts.filter { database.passes($0, filter: "ferryman", fullText: true) }.map(\.id)
        #expect(matching.count > 3)
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "ferryman") }
        await list.wait()
        list.find.cancelFilter()   // every post again, the first match still selected; n remembers the text
        await list.wait()
        #expect(list.rowCount == 3_000)
        #expect(model.cell(row: list.selection.selected, column: .id) == "\(matching[0])")
        list.selectFirst()
        await list.wait()
        var visited: [String] = []
        for _ in 0..<(matching.count + 1) {
            list.findNext(forward: true)
            await list.wait()
            visited.append(model.cell(row: list.selection.selected, column: .id))
        }
        #expect(visited == (matching + [matching[0]]).map(String.init), "each in turn, then around to the first")
        #expect(list.selection.selected == matching[0] - 1 && list.find.message == nil)
        list.findNext(forward: false)
        await list.wait()
        #expect(model.cell(row: list.selection.selected, column: .id) == "\(matching.last!)", "N from the first wraps to the last")
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "zzzz") }
        await list.wait()
        list.find.cancelFilter()
        await list.wait()
        list.findNext(forward: true)
        await list.wait()
        #expect(list.find.message == "no match for \"zzzz\"")
    }

    @Test("a filter after ~ (a regex) says the database filters by words and leaves the list as it was")
    func regexRefused() async throws {
        let directory = try WindowedPostListTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 500, users: 10)
        let model = PostListViewModel(source: SQLiteDataSource(path: database.path), router: .none)
        let list = model.list
        await model.load()
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "~^ferr") }
        await list.wait()
        #expect(list.find.finder.patternError?.message == "no regex: the database filters by words")
        #expect(list.rowCount == 500 && model.cell(row: 0, column: .id) == "1")
    }

    /// A 3,000-post database's windowed Posts list, loaded, its reads through ``InterceptedWindows``.
    static func heldList(holdsTitleSort: Bool = false, holdsFilter: Bool = false) async throws
        -> (URL, WindowedPostsDatabase, InterceptedWindows, RecordListModel<PostRow>) {
        let directory = try WindowedPostListTests.scratch()
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let source = SQLiteDataSource(path: database.path)
        let held = InterceptedWindows(source, holdsTitleSort: holdsTitleSort, holdsFilter: holdsFilter)
        var feed = ListFeed<PostRow> { _ throws(DataError) in ListPage(rows: []) }
        feed.windows = RecordListModel<PostRow>.windowed(held)
        let list = RecordListModel(name: source.vocabulary.posts, columns: PostRowColumn.columns, feed: feed)
        await list.load()
        return (directory, database, held, list)
    }

    @Test("a filter's rows show before its count: `filtering…` from the key on until its first rows are in, then those rows with `… of 3000`, then the count")
    func rowsBeforeCount() async throws {
        let (directory, database, held, list) = try await Self.heldList(holdsFilter: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = database.posts.filter { database.passes($0, filter: "ferr", fullText: true) }
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "ferr") }
        #expect(list.find.finder.isWorking, "filtering… from the key on, before the source says how it answers")
        #expect(list.cell(row: 0, column: 0) == "1", "the rows shown before stay while the first window is read")
        held.release("window")
        let deadline = ContinuousClock.now + .seconds(300)
        while list.find.finder.isWorking, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(list.cell(row: 0, column: 0) == "\(expected[0].id)" && list.cell(row: 1, column: 0) == "\(expected[1].id)",
                "the filtered rows are shown while the count is still being made")
        #expect(list.find.countText == "… of 3000")
        held.release("count")
        await list.wait()
        #expect(list.find.countText == "\(expected.count) of 3000")
    }

    @Test("others' updates read the window again without counting (an update changes no unfiltered count); an insert, or any change under a filter, counts again")
    func othersChangesCount() async throws {
        let (directory, _, held, list) = try await Self.heldList()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = held.counted.withLock { $0 }
        await list.showOthersChanges([DataChange(kind: .posts, operation: .update, ids: [1])])
        #expect(held.counted.withLock { $0 } == before && list.windowCount == 3000)
        await list.showOthersChanges([DataChange(kind: .posts, operation: .insert, ids: [3001])])
        #expect(held.counted.withLock { $0 } == before + 1)
        list.find.editFilter { $0.replace(with: "ferr") }
        await list.wait()
        let filtered = held.counted.withLock { $0 }
        await list.showOthersChanges([DataChange(kind: .posts, operation: .update, ids: [1])])
        #expect(held.counted.withLock { $0 } == filtered + 1, "a title changed may leave the filter")
        await list.showOthersChanges([DataChange(kind: .posts, operation: .delete, ids: [2])])
        #expect(held.counted.withLock { $0 } == filtered + 3, "under a filter, a delete counts the filter's rows and all rows")
    }

    @Test("a filter whose read fails says so where its count would be, the rows staying as they were; r once the source is back filters")
    func filterFails() async throws {
        let (directory, database, held, list) = try await Self.heldList()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lost = DataError.databaseConnection(location: "postgres://u@h/db", reason: "the connection to the server was lost (gone)")
        held.filterFailure.withLock { $0 = lost }
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "ferr") }
        await list.wait()
        #expect(list.find.countText == "not filtered: Lost the connection to postgres://u@h/db (gone) (r tries again)")
        #expect(list.cell(row: 0, column: 0) == "1", "the rows shown before stay")
        held.filterFailure.withLock { $0 = nil }
        list.reload()
        await list.wait()
        let expected = database.posts.filter { database.passes($0, filter: "ferr", fullText: true) }
        #expect(list.find.countText == "\(expected.count) of 3000")
    }

    @Test("moves made while a reload reads the rows (others' changes coming in) are kept: the selection lands where the keys took it")
    func movesDuringReload() async throws {
        let (directory, _, held, list) = try await Self.heldList()
        defer { try? FileManager.default.removeItem(at: directory) }
        list.moveSelection(by: 10)
        held.holdsReads.withLock { $0 = true }
        list.reload()
        for _ in 0..<3 { list.moveSelection(by: 5) }
        #expect(list.selection.selected == 25)
        held.release("read")
        await list.wait()
        #expect(list.selection.selected == 25 && list.selectedRow?.id == RecordID(26), "\(list.selection.selected)")
    }

    @Test("the advice to make an index for a sort is given on a list long enough to need one, not on 30 posts")
    func sortAdviceOnlyWhenLong() async throws {
        for (posts, advises) in [(3_000, true), (30, false)] {
            let directory = try WindowedPostListTests.scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let database = try WindowedPostsDatabase.make(in: directory, posts: posts, users: 30)
            let source = SQLiteDataSource(path: database.path)
            var feed = ListFeed<PostRow> { _ throws(DataError) in ListPage(rows: []) }
            feed.windows = RecordListModel<PostRow>.windowed(source.postWindows!)
            let list = RecordListModel(name: source.vocabulary.posts, columns: PostRowColumn.columns, feed: feed)
            await list.load()
            for _ in list.columns where list.windowQuery.sortField != "title" {
                list.find.cycleSort()
                await list.wait()
            }
            #expect(list.windowQuery.sortField == "title")
            #expect(list.summary().contains("makes this sort quick") == advises, "\(posts): \(list.summary())")
        }
    }

    @Test("a source's estimate shows until the count comes: `Posts (~2900)` and `~2900 posts, counting…`, then `Posts (3000)`")
    func estimateFirst() async throws {
        let directory = try WindowedPostListTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WindowedPostsDatabase.make(in: directory, posts: 3_000, users: 30)
        let source = SQLiteDataSource(path: database.path)
        let held = InterceptedWindows(source, holdsBaseCount: true, estimated: 2_900)
        var feed = ListFeed<PostRow> { _ throws(DataError) in ListPage(rows: []) }
        feed.windows = RecordListModel<PostRow>.windowed(held)
        let list = RecordListModel(name: source.vocabulary.posts, columns: PostRowColumn.columns, feed: feed)
        list.reload()
        let deadline = ContinuousClock.now + .seconds(300)
        while list.estimatedCount == nil || list.state.value == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(list.heading == "Posts (~2900)" && list.summary() == "~2900 posts, counting…")
        #expect(list.rowCount == 300, "positions come from the rows held, never from the estimate")
        held.release("base count")
        await list.wait()
        #expect(list.heading == "Posts (3000)" && list.summary() == "3000 posts")
    }

    @Test("a sort no index answers says `sorting 3000 posts… (Esc stops)` while it runs; Esc stops it and the list is back in id order")
    func escStopsSort() async throws {
        let (directory, _, _, list) = try await Self.heldList(holdsTitleSort: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        list.moveSelection(by: 5)
        #expect(!list.cancelWindowWork(), "nothing runs")
        list.find.cycleSort()   // ID
        list.find.cycleSort()   // Author: LEFT JOIN, unindexed, but not held
        await list.wait()
        list.find.finder.restoreSourceOrder()
        await list.wait()
        list.find.cycleSort()
        list.find.cycleSort()
        list.find.cycleSort()   // Title: held
        let deadline = ContinuousClock.now + .seconds(300)
        while list.windowWork == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(list.windowWork == "sorting 3000 posts… (Esc stops)")
        #expect(list.cell(row: 0, column: 0) == "1", "the rows shown before stay while it runs")
        #expect(list.cancelWindowWork())
        await list.wait()
        #expect(list.windowWork == nil && list.find.finder.sortColumn == nil)
        #expect(list.find.message == "sort stopped: back in id order")
        #expect(list.selection.selected == 5 && list.cell(row: 5, column: 0) == "6", "post 6, selected before the sort, stays selected")
        #expect(list.cell(row: 0, column: 0) == "1" && list.cell(row: 1, column: 0) == "2")
        #expect(list.rowCount == 3_000)
    }
}
