import BulletinData
import BulletinTestSupport
import Foundation
import Synchronization
import Testing
@testable import BulletinFeatures

/// Jump to an id (`:123`, digits then Enter) is one dictionary lookup on the main actor: the
/// id → row map is built with the finder's index, off the main actor for large lists.
@MainActor
@Suite("Jump to an id: one lookup on the main actor")
struct JumpLookupTests {
    private static let columns = [ListFinder.Column.id, ListFinder.Column("Title")]

    /// Counts the calls of a row's id closure, and those made on the main thread.
    private final class IDReads: Sendable {
        let counts = Mutex((total: 0, onMain: 0))
        func read(_ row: Int) -> String {
            counts.withLock {
                $0.total += 1
                if Thread.isMainThread { $0.onMain += 1 }
            }
            return String(row + 1)
        }
    }

    @Test("a large list's ids are read once, off the main thread; jumps then read no row")
    func largeListMapsIDsOffMain() async {
        let find = FindBar(columns: Self.columns, noun: "post", backgroundThreshold: 10)
        let reads = IDReads()
        find.finder.setRows(
            count: 1_000, text: { row, column in column == 0 ? String(row + 1) : "title \(row)" }, id: reads.read)
        find.jump(toID: "500")
        #expect(find.message == "still indexing: try again")
        #expect(find.jumpPrompt == nil)
        await find.finder.waitUntilIdle()
        #expect(reads.counts.withLock { $0 } == (total: 1_000, onMain: 0))
        find.jump(toID: "500")
        #expect(find.finder.selectedRow == 499 && find.message == nil)
        find.jump(toID: "1001")
        #expect(find.message == "no post 1001 in this list")
        find.isPartial = true
        find.jump(toID: "1001")
        #expect(find.message == "no post 1001 in the 1000 loaded so far")
        #expect(reads.counts.withLock { $0.total } == 1_000, "a jump reads no row's id")
    }

    @Test("a small list maps its ids at once; the first of repeated ids wins; a filtered-out id says so")
    func smallListMapsIDsAtOnce() async {
        let find = FindBar(columns: Self.columns, noun: "post")
        let ids = ["7", "3", "7", "12"]
        find.finder.setRows(count: ids.count, text: { row, column in column == 0 ? ids[row] : "t\(row)" }, id: { ids[$0] })
        find.jump(toID: "7")
        #expect(find.finder.selectedRow == 0 && find.message == nil)
        find.jump(toID: "12")
        #expect(find.finder.selectedRow == 3)
        find.jump(toID: "012")
        #expect(find.message == "no post 012 in this list", "ids match as typed, like RecordID")
        find.beginFilter()
        find.editFilter { $0.replace(with: "t1") }
        find.commitFilter()
        await find.finder.waitUntilIdle()
        find.jump(toID: "12")
        #expect(find.message == "post 12 is hidden by the filter" && find.messageIsHiddenByFilter)
    }

    @Test("the Posts list above the background threshold jumps by id once indexed")
    func postsListAboveThreshold() async {
        let count = ListFinder.defaultBackgroundThreshold + 1_000
        let posts = (1...count).map { Post(userId: 1, id: RecordID($0), title: "post \($0)", body: "") }
        let model = PostListViewModel(source: StubDataSource(posts: posts), router: .none)
        await model.load()
        model.goTo(id: "\(count - 2)")
        #expect(model.cell(row: model.selection.selected, column: .id) == "\(count - 2)")
        #expect(model.find.message == nil)
        model.goTo(id: "\(count + 1)")
        #expect(model.find.message == "no post \(count + 1) in this list")
    }
}
