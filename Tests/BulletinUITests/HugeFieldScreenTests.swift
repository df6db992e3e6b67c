import BulletinData
import ViewState
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Issue 13, "no field is too big": a 20 MB title or name shows cut at its cell, like a short
/// one (the cost per frame is in `make bench`, `render_huge_cell`).
@MainActor
struct HugeFieldScreenTests {
    static let huge = "Huge " + String(repeating: "a", count: 20_000_000) + " end"

    @Test("a post with a 20 MB title: the Posts list cuts it at the title cell with …, other rows intact")
    func hugeTitle() async {
        let posts = [
            Post(userId: 1, id: 1, title: Self.huge, body: "b"),
            Post(userId: 1, id: 2, title: "short title", body: "b"),
        ]
        let source = StubDataSource(posts: posts)
        let model = PostListViewModel(source: source, router: .none)
        await model.load()
        var surface = Surface(width: 60, height: 6)
        PostListScreen(model: model).render(in: Rect(x: 0, y: 0, width: 60, height: 6), on: &surface)
        let lines = surface.lines
        #expect(lines[1] == "    1 Leanne Graham Huge aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…", "\(lines)")
        #expect(lines[2].contains("short title"))
    }

    @Test("a filter on the 20 MB title highlights its match inside the cell and nothing past it")
    func hugeTitleHighlighted() async {
        let source = StubDataSource(posts: [Post(userId: 1, id: 1, title: Self.huge, body: "b")])
        let model = PostListViewModel(source: source, router: .none)
        await model.load()
        model.find.finder.updateFilter("huge")
        await model.find.finder.waitUntilIdle()
        let table = model.list.findTable { row, column in
            model.cell(row: row, column: PostListViewModel.Column.allCases[column])
        }
        var surface = Surface(width: 60, height: 4)
        var state = ListState()
        table.render(in: Rect(x: 0, y: 0, width: 60, height: 4), on: &surface, state: &state)
        let highlighted = (0..<60).filter { surface[$0, 1].style == .selectedHighlight }
        #expect(highlighted.count == 4, "the four letters of Huge")
    }

    @Test("TextLayout.head stops at the first character that does not fit, wide and control characters measured as shown")
    func head() {
        let (head, more) = TextLayout.head(of: "ab東\u{1B}c" + String(repeating: "x", count: 1_000_000), columns: 6)
        #expect(head == "ab東\u{1B}")
        #expect(more)
        #expect(TextLayout.head(of: "abc", columns: 3) == ("abc", false))
        #expect(TextLayout.truncate(Self.huge, to: 10) == "Huge aaaa…")
        #expect(TextLayout.fit(Self.huge, width: 8, alignment: .right) == "Huge aa…")
    }
}
