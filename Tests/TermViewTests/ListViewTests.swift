import Testing
import ViewState
@testable import TermView

@Suite("ListView")
struct ListViewTests {
    @Test("the selected row is selected over the full width and scrolled into view")
    func scrollsToSelection() {
        var surface = Surface(width: 8, height: 2)
        var state = ListState(selected: 2)
        ListView(items: ["one", "two", "three"])
            .render(in: Rect(x: 0, y: 0, width: 8, height: 2), on: &surface, state: &state)
        #expect(surface.lines == ["two     ",
                                  "three   "])
        #expect(surface.style(at: Point(x: 7, y: 1)) == .selected)
        #expect(surface.style(at: Point(x: 0, y: 0)) == .normal)
        #expect(state.offset == 1)
    }

    @Test("long items are truncated with an ellipsis")
    func truncates() {
        var surface = Surface(width: 6, height: 1)
        var state = ListState()
        ListView(items: ["Settings and more"])
            .render(in: Rect(x: 0, y: 0, width: 6, height: 1), on: &surface, state: &state)
        #expect(surface.lines == ["Setti…"])
    }
}
