import Testing
import ViewState
@testable import TermView

@Suite("TableView")
struct TableViewTests {
    private static let columns = [
        TableColumn("ID", width: .fixed(3), alignment: .right),
        TableColumn("Name", width: .flexible(min: 4, weight: 2)),
        TableColumn("City", width: .flexible(min: 4, weight: 1)),
    ]
    private static let rows = [
        ["1", "Leanne Graham", "Gwenborough"],
        ["2", "Ervin Howell", "Wisokyburgh"],
        ["10", "Clementina DuBuque", "Lebsackbury"],
    ]

    private func table(rows: [[String]] = TableViewTests.rows) -> TableView {
        TableView(columns: Self.columns, rowCount: rows.count) { rows[$0][$1] }
    }

    @Test("renders header and rows at 30x4 with right-aligned numbers and truncation")
    func render() {
        var surface = Surface(width: 30, height: 4)
        var state = ListState(selected: 1)
        table().render(in: Rect(x: 0, y: 0, width: 30, height: 4), on: &surface, state: &state)
        #expect(surface.lines == [
            " ID Name             City     ",
            "  1 Leanne Graham    Gwenboro…",
            "  2 Ervin Howell     Wisokybu…",
            " 10 Clementina DuBu… Lebsackb…",
        ])
    }

    @Test("odd rows are alternate, the selected row is selected over the whole width")
    func styles() {
        var surface = Surface(width: 30, height: 4)
        var state = ListState(selected: 2)
        table().render(in: Rect(x: 0, y: 0, width: 30, height: 4), on: &surface, state: &state)
        #expect(surface.style(at: Point(x: 0, y: 0)) == .header)
        #expect(surface.style(at: Point(x: 29, y: 0)) == .header)
        #expect(surface.style(at: Point(x: 5, y: 1)) == .normal)
        #expect(surface.style(at: Point(x: 5, y: 2)) == .alternate)
        #expect(surface.style(at: Point(x: 3, y: 2)) == .alternate)
        #expect(surface.style(at: Point(x: 0, y: 3)) == .selected)
        #expect(surface.style(at: Point(x: 29, y: 3)) == .selected)
    }

    @Test("column widths: fixed first, flexible by weight, minimums kept while possible")
    func widths() {
        #expect(TableColumn.widths(of: Self.columns, total: 30) == [3, 16, 9])
        #expect(TableColumn.widths(of: Self.columns, total: 12) == [3, 4, 3])
        #expect(TableColumn.widths(of: Self.columns, total: 1) == [0, 0, 0])
        #expect(TableColumn.widths(of: [], total: 10) == [])
    }

    @Test("only visible rows are asked for, even with a million rows")
    func virtualized() {
        var asked = Set<Int>()
        let view = TableView(columns: Self.columns, rowCount: 1_000_000) { row, _ in
            asked.insert(row)
            return "\(row)"
        }
        var surface = Surface(width: 30, height: 6)
        var state = ListState(selected: 500_000)
        view.render(in: Rect(x: 0, y: 0, width: 30, height: 6), on: &surface, state: &state)
        #expect(asked.count == 5)
        #expect(asked.contains(500_000))
        #expect(state.offset == 499_996)
        #expect(TableView.visibleRows(in: Rect(x: 0, y: 0, width: 30, height: 6), showsHeader: true) == 5)
    }

    @Test("an empty table draws only the header")
    func empty() {
        var surface = Surface(width: 12, height: 3)
        var state = ListState(selected: 3)
        table(rows: []).render(in: Rect(x: 0, y: 0, width: 12, height: 3), on: &surface, state: &state)
        #expect(surface.lines == [" ID Name Ci…", "            ", "            "])
        #expect(state.selected == 0)
    }

    @Test("CJK names keep columns aligned")
    func cjkAlignment() {
        let rows = [["1", "测试用户", "x"], ["2", "テスト太郎さん", "y"]]
        var surface = Surface(width: 16, height: 3)
        var state = ListState(selected: 5)
        table(rows: rows).render(in: Rect(x: 0, y: 0, width: 16, height: 3), on: &surface, state: &state)
        #expect(surface.lines == [
            " ID Name    City",
            "  1 测试用… x   ",
            "  2 テスト… y   ",
        ])
    }
}

@Suite("TableView hit testing")
struct TableViewHitTests {
    @Test("row(at:) maps a point to the data row drawn there, skipping the header")
    func rowAt() {
        let area = Rect(x: 2, y: 3, width: 10, height: 4)
        let state = ListState(selected: 7, offset: 5)
        #expect(TableView.row(at: Point(x: 2, y: 4), in: area, showsHeader: true, state: state, rowCount: 20) == 5)
        #expect(TableView.row(at: Point(x: 11, y: 6), in: area, showsHeader: true, state: state, rowCount: 20) == 7)
        #expect(TableView.row(at: Point(x: 5, y: 3), in: area, showsHeader: true, state: state, rowCount: 20) == nil)
        #expect(TableView.row(at: Point(x: 5, y: 3), in: area, showsHeader: false, state: state, rowCount: 20) == 5)
        #expect(TableView.row(at: Point(x: 12, y: 4), in: area, showsHeader: true, state: state, rowCount: 20) == nil)
        #expect(TableView.row(at: Point(x: 1, y: 4), in: area, showsHeader: true, state: state, rowCount: 20) == nil)
        #expect(TableView.row(at: Point(x: 5, y: 7), in: area, showsHeader: true, state: state, rowCount: 20) == nil)
        #expect(TableView.row(at: Point(x: 5, y: 6), in: area, showsHeader: true, state: state, rowCount: 6) == nil)
    }
}
