import BulletinData
import Foundation
import BulletinFeatures
import TermView
import Testing

@testable import BulletinUI

/// The one list table (``RecordListTable``) over a list that pages: the "Loading more…" row
/// asks for its page when it is drawn, so a row that says it is loading is loading (issue 22
/// item 7: it stayed idle until the selection came near it).
@MainActor
@Suite("The list table's paging row")
struct ListTableTests {
    struct Item: Sendable, Identifiable {
        var id: RecordID
        var title: String
    }

    /// Counts the pages asked for.
    final class Pages: @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [String] = []
        func ask(_ cursor: String) { lock.withLock { asked.append(cursor) } }
        var all: [String] { lock.withLock { asked } }
    }

    /// A list of `total` items served `pageSize` at a time.
    static func list(total: Int, pageSize: Int, pages: Pages) -> RecordListModel<Item> {
        let page = { @Sendable (skip: Int) -> ListPage<Item> in
            let end = min(total, skip + pageSize)
            return ListPage(rows: (skip..<end).map { Item(id: RecordID($0 + 1), title: "Item \($0 + 1)") },
                            next: end < total ? PageCursor(String(end)) : nil)
        }
        return RecordListModel(
            name: KindName("item", "items"),
            columns: [.init(.id) { $0.id.text }, .init(.title) { $0.title }],
            feed: ListFeed(first: { _ in page(0) }, page: { cursor in
                pages.ask(cursor.token)
                return page(Int(cursor.token) ?? 0)
            }))
    }

    func draw(_ list: RecordListModel<Item>, height: Int) -> [String] {
        var surface = Surface(width: 40, height: height)
        RecordListTable.render(list, in: Rect(x: 0, y: 0, width: 40, height: height), on: &surface)
        return surface.lines
    }

    @Test("drawn on screen, the 'Loading more…' row loads the next page without a key")
    func drawnRowLoads() async {
        let pages = Pages()
        let list = Self.list(total: 25, pageSize: 10, pages: pages)
        await list.load()
        #expect(list.paging == .more && pages.all.isEmpty, "nothing asked before the row is drawn")
        let first = draw(list, height: 20)
        #expect(first.contains { $0.contains("Loading more…") })
        #expect(list.paging == .loading, "the drawn row's page is on its way")
        await list.wait()
        #expect(pages.all == ["10"] && list.rows.count == 20)
        let second = draw(list, height: 30)
        #expect(second.contains { $0.contains("Item 20") })
        await list.wait()
        #expect(pages.all == ["10", "20"] && list.rows.count == 25 && list.paging == .complete)
        #expect(!draw(list, height: 30).contains { $0.contains("Loading more…") }, "no more row once every item is in")
    }

    @Test("below the visible rows, the 'more' row asks for nothing until the selection nears it")
    func hiddenRowWaits() async {
        let pages = Pages()
        let list = Self.list(total: 25, pageSize: 10, pages: pages)
        await list.load()
        _ = draw(list, height: 6)  // header and 5 rows: items 1-5
        #expect(list.paging == .more && pages.all.isEmpty)
        list.moveSelection(by: 5)  // item 6: within 5 of the 10 loaded
        await list.wait()
        #expect(pages.all == ["10"] && list.rows.count == 20)
    }
}
