import BulletinData
import BulletinTestSupport
import Observation
import Synchronization
import Testing

@testable import BulletinFeatures

/// `RecordListModel.cells()` (the Posts list's): the frame's cells read through one snapshot of the rows and
/// their order instead of two tracked reads per cell.
@MainActor
@Suite("Posts list cells for a frame")
struct PostListCellsTests {
    /// Every cell `cells()` gives, and every one `cell(row:column:)` gives, one position past the end included.
    private func both(_ model: PostListViewModel) -> (snapshot: [String], each: [String]) {
        let cells = model.list.cells()
        let positions = 0...(model.rowCount + 1)
        let columns = PostListViewModel.Column.allCases
        return (positions.flatMap { row in columns.indices.map { cells(row, $0) } },
                positions.flatMap { row in columns.map { model.cell(row: row, column: $0) } })
    }

    @Test("gives what cell(row:column:) gives, loaded, filtered and sorted")
    func sameCells() async {
        let model = PostListViewModel(source: StubDataSource(), router: .none)
        #expect(both(model).snapshot == both(model).each, "before the load: nothing")
        await model.load()
        let loaded = both(model)
        #expect(loaded.snapshot == loaded.each)
        #expect(loaded.snapshot.contains("Zoë Ångström"))
        model.find.beginFilter()
        model.find.editFilter { $0.insert("post") }
        await model.find.finder.waitUntilIdle()
        let filtered = both(model)
        #expect(model.rowCount == 2 && filtered.snapshot == filtered.each)
        model.find.cancelFilter()
        for _ in 0..<3 { model.find.cycleSort() }
        await model.find.finder.waitUntilIdle()
        let sorted = both(model)
        #expect(sorted.snapshot == sorted.each)
        let titles = (0..<model.rowCount).map { sorted.snapshot[$0 * 3 + 2] }
        #expect(titles == ["First post", "Second post", "Zoë writes"])
    }

    @Test("a frame drawn through it is still told when the rows or their order change")
    func stillObserved() async {
        let model = PostListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        let changed = Mutex(false)
        withObservationTracking {
            let cells = model.list.cells()
            for row in 0..<model.rowCount { _ = cells(row, 2) }
        } onChange: { changed.withLock { $0 = true } }
        model.find.beginFilter()
        #expect(!changed.withLock { $0 }, "opening the prompt changes neither the rows nor their order")
        model.find.editFilter { $0.insert("post") }
        await model.find.finder.waitUntilIdle()
        #expect(model.rowCount == 2)
        #expect(changed.withLock { $0 }, "a new order redraws the list")
    }
}
