import Testing
import ViewState
@testable import TermView

/// Filter matches drawn in a table: by character offsets, through truncation, alignment and wide characters.
@Suite("TableView highlights")
struct TableViewHighlightTests {
    private static let columns = [
        TableColumn("ID", width: .fixed(3), alignment: .right),
        TableColumn("Name", width: .flexible(min: 4, weight: 2)),
        TableColumn("City", width: .flexible(min: 4, weight: 1)),
    ]
    private static let rows = [
        ["1", "Leanne Graham", "Gwenborough"],
        ["2", "山田 太郎", "Wisokyburgh"],
        ["10", "Clementina DuBuque", "Lebsackbury"],
    ]

    /// Renders the 30x4 table with `marks[row][column]` as the highlight ranges and returns the surface.
    private func render(selected: Int = 1, marks: [Int: [Int: [Range<Int>]]]) -> Surface {
        var surface = Surface(width: 30, height: 4)
        var state = ListState(selected: selected)
        let rows = Self.rows
        TableView(columns: Self.columns, rowCount: rows.count, highlights: { marks[$0]?[$1] ?? [] }) { rows[$0][$1] }
            .render(in: Rect(x: 0, y: 0, width: 30, height: 4), on: &surface, state: &state)
        return surface
    }

    /// The x positions on row `y` whose style is `style`.
    private func columns(_ surface: Surface, y: Int, style: Style) -> [Int] {
        (0..<30).filter { surface.style(at: Point(x: $0, y: y)) == style }
    }

    @Test("matched characters of a left-aligned cell are highlighted, the rest of the row keeps its style")
    func leftAligned() {
        let surface = render(selected: 2, marks: [0: [1: [0..<3, 7..<9]]])
        #expect(surface.lines[1] == "  1 Leanne Graham    Gwenboro…")
        #expect(columns(surface, y: 1, style: .highlight) == [4, 5, 6, 11, 12])
        #expect(surface.style(at: Point(x: 7, y: 1)) == .normal)
    }

    @Test("a right-aligned cell shifts the marks by its padding")
    func rightAligned() {
        let surface = render(selected: 0, marks: [2: [0: [1..<2]]])
        #expect(surface.lines[3].hasPrefix(" 10 "))
        #expect(columns(surface, y: 3, style: .highlight) == [2])
    }

    @Test("a match cut off by truncation is marked only up to the cut; the … never is")
    func truncated() {
        let surface = render(selected: 0, marks: [2: [1: [14..<18]]])
        #expect(surface.lines[3] == " 10 Clementina DuBu… Lebsackb…")
        #expect(columns(surface, y: 3, style: .highlight) == [18])
        #expect(surface.style(at: Point(x: 19, y: 3)) == .normal, "the … is not a match")
    }

    @Test("wide characters are marked over both of their columns; the selected row uses selectedHighlight")
    func wideAndSelected() {
        let surface = render(selected: 1, marks: [1: [1: [1..<2]]])
        #expect(columns(surface, y: 2, style: .selectedHighlight) == [6, 7])
        #expect(surface.style(at: Point(x: 4, y: 2)) == .selected)
        #expect(surface.style(at: Point(x: 8, y: 2)) == .selected)
    }

    @Test("without a provider nothing is highlighted")
    func none() {
        let surface = render(marks: [:])
        for y in 0..<4 {
            #expect(columns(surface, y: y, style: .highlight).isEmpty && columns(surface, y: y, style: .selectedHighlight).isEmpty)
        }
    }

    @Test("columns of character ranges follow sanitized widths: ESC takes the two columns of ^[")
    func sanitizedWidths() {
        #expect(TextLayout.columns(of: [1..<2], in: "\u{1B}ab", fittedTo: 10, alignment: .left) == [2..<3])
        #expect(TextLayout.columns(of: [0..<3], in: "abc", fittedTo: 10, alignment: .right) == [7..<10])
        #expect(TextLayout.columns(of: [0..<5], in: "abcdef", fittedTo: 4, alignment: .left) == [0..<3])
        #expect(TextLayout.columns(of: [], in: "abc", fittedTo: 4, alignment: .left) == [])
        #expect(TextLayout.columns(of: [0..<1], in: "abc", fittedTo: 0, alignment: .left) == [])
    }
}
