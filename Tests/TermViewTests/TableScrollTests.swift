import Testing
import ViewState
@testable import TermView

/// A table wider than its area scrolls sideways (issue 24, item 7): the first column stays, the
/// header shows `‹` after it while columns are scrolled off on the left and `›` at its end while
/// columns on the right get no cells, and the state says whether `>` shows more.
@Suite("TableView: scrolling columns")
struct TableScrollTests {
    private static func columns(sortMark: String = "") -> [TableColumn] {
        [
            TableColumn("ID", width: .fixed(3), alignment: .right),
            TableColumn("Name" + sortMark, width: .fit(ColumnWidth(min: 6, max: 20), natural: 13)),
            TableColumn("Email", width: .fit(ColumnWidth(min: 6, max: 30), natural: 17)),
            TableColumn("City", width: .fit(ColumnWidth(min: 6, max: 20), natural: 11)),
        ]
    }
    private static let rows = [
        ["1", "Leanne Graham", "Sincere@april.biz", "Gwenborough"],
        ["2", "Ervin Howell", "Shanna@melissa.tv", "Wisokyburgh"],
    ]

    private func draw(width: Int, state: inout ListState, sortMark: String = "",
                      highlights: ((Int, Int) -> [Range<Int>])? = nil) -> Surface {
        var surface = Surface(width: width, height: 3)
        var table = TableView(columns: Self.columns(sortMark: sortMark), rowCount: Self.rows.count,
                              highlights: highlights) { Self.rows[$0][$1] }
        table.indent = 1
        table.render(in: Rect(x: 0, y: 0, width: width, height: 3), on: &surface, state: &state)
        return surface
    }

    @Test("wide enough: every column whole, no markers, > has nothing to show")
    func allShown() {
        var state = ListState()
        #expect(draw(width: 60, state: &state).lines == [
            "  ID Name          Email             City                   ",
            "   1 Leanne Graham Sincere@april.biz Gwenborough            ",
            "   2 Ervin Howell  Shanna@melissa.tv Wisokyburgh            ",
        ])
        #expect(!state.canScrollRight && state.columnOffset == 0)
    }

    @Test("columns cut but none hidden: no markers, > applies")
    func cut() {
        var state = ListState()
        let lines = draw(width: 30, state: &state).lines
        #expect(lines[0] == "  ID Name     Email    City   ")
        #expect(lines[1] == "   1 Leanne … Sincere… Gwenbo…")
        #expect(state.canScrollRight)
    }

    @Test("a column hidden on the right: the header ends in ›, kept clear of the titles")
    func hiddenRight() {
        var state = ListState()
        let lines = draw(width: 19, state: &state).lines
        #expect(lines[0] == "  ID Name   Ema…  ›")
        #expect(lines[1] == "   1 Leann… Sin…   ")
        #expect(state.canScrollRight && state.columnOffset == 0)
    }

    @Test("> twice: the first column stays, ‹ after it, the hidden column comes in; no further than the last")
    func scrolled() {
        var state = ListState()
        _ = draw(width: 19, state: &state)
        state.scrollColumnsRight()
        var lines = draw(width: 19, state: &state).lines
        #expect(lines[0] == "  ID ‹Email  City  ")
        #expect(lines[1] == "   1  Since… Gwenb…")
        #expect(state.canScrollRight, "Email is still cut")
        state.scrollColumnsRight()
        lines = draw(width: 19, state: &state).lines
        #expect(lines[0] == "  ID ‹City         ")
        #expect(lines[1] == "   1  Gwenborough  ")
        #expect(!state.canScrollRight && state.columnOffset == 2)
        state.scrollColumnsLeft()
        #expect(draw(width: 19, state: &state).lines[0] == "  ID ‹Email  City  ")
    }

    @Test("an offset past the columns is clamped to the last column shown alone")
    func clamped() {
        var state = ListState(columnOffset: 9)
        let lines = draw(width: 40, state: &state).lines
        #expect(lines[0].hasPrefix("  ID ‹City "))
        #expect(state.columnOffset == 2 && !state.canScrollRight)
    }

    @Test("the ▲ of the sort column is not covered by the › marker")
    func sortMark() {
        var state = ListState()
        let header = draw(width: 19, state: &state, sortMark: " ▲").lines[0]
        #expect(header.hasSuffix("›") && header.contains("Name ▲"), "\(header)")
    }

    @Test("highlights follow their column when it moves left")
    func highlightsMove() {
        var state = ListState(columnOffset: 1)
        let surface = draw(width: 40, state: &state) { row, column in row == 1 && column == 2 ? [0..<6] : [] }
        let line = surface.lines[2]
        let start = line.distance(from: line.startIndex, to: line.range(of: "Shanna")!.lowerBound)
        #expect(surface.style(at: Point(x: start, y: 2)) == .highlight)
        #expect(surface.style(at: Point(x: start + 5, y: 2)) == .highlight)
        #expect(surface.style(at: Point(x: start + 6, y: 2)) != .highlight)
    }

    @Test("the layout: widths and starts with the gutter, hidden counts")
    func layout() {
        let columns = Self.columns()
        let plain = TableLayout(columns, total: 18, offset: 0)
        #expect(plain.widths == [3, 6, 4, 0] && plain.starts == [0, 4, 11, 16])
        #expect(plain.hiddenLeft == 0 && plain.hiddenRight == 1 && plain.leftMarkerStart == nil)
        let scrolled = TableLayout(columns, total: 18, offset: 1)
        #expect(scrolled.widths == [3, 0, 6, 6] && scrolled.starts == [0, 0, 5, 12])
        #expect(scrolled.hiddenLeft == 1 && scrolled.hiddenRight == 0 && scrolled.leftMarkerStart == 4)
        #expect(TableLayout([], total: 10, offset: 3).widths == [])
        #expect(TableLayout(Array(columns.prefix(1)), total: 10, offset: 3).hiddenLeft == 0)
    }
}
