import Testing
import ViewState
@testable import TermView

/// Widgets draw into 1x1 and 0x0 areas (and areas off the surface) without trapping.
@Suite("Tiny sizes")
struct TinySizeTests {
    @Test("every widget survives tiny and empty areas", arguments: [
        Size(width: 1, height: 1), Size(width: 0, height: 0), Size(width: 2, height: 1), Size(width: 1, height: 3),
    ])
    func tiny(size: Size) {
        var surface = Surface(size: size)
        let areas = [Rect(x: 0, y: 0, width: size.width, height: size.height),
                     Rect(x: 5, y: 5, width: 3, height: 3), Rect(x: -2, y: -2, width: 4, height: 4)]
        for area in areas {
            var list = ListState(selected: 3)
            TableView(columns: [TableColumn("Name", width: .flexible(min: 5, weight: 1)),
                                TableColumn("N", width: .fixed(3), alignment: .right)],
                      rowCount: 10) { _, _ in "漢字" }
                .render(in: area, on: &surface, state: &list)
            ListView(items: ["漢字", "b"]).render(in: area, on: &surface, state: &list)
            var text = TextViewState(offset: 5)
            TextView(paragraphs: [StyledLine("漢字 long text here")]).render(in: area, on: &surface, state: &text)
            StatusBar(left: "漢字", right: "1/2").render(in: area, on: &surface)
            surface.write("漢", at: Point(x: 0, y: 0), style: .normal)
        }
        #expect(surface.size == size)
        #expect(surface.lines.allSatisfy { DisplayWidth.of($0) == size.width })
    }
}
