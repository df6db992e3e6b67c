import Testing
@testable import TermView

@Suite("TextView")
struct TextViewTests {
    private let view = TextView(paragraphs: [
        StyledLine("Title", style: .title),
        StyledLine("one two three four five six"),
    ])

    @Test("paragraphs wrap to the width minus the indicator column")
    func wraps() {
        #expect(view.lineCount(width: 10) == 5)
        var surface = Surface(width: 10, height: 5)
        var state = TextViewState()
        view.render(in: Rect(x: 0, y: 0, width: 10, height: 5), on: &surface, state: &state)
        #expect(surface.lines == [
            "Title     ",
            "one two   ",
            "three     ",
            "four five ",
            "six       ",
        ])
        #expect(surface.style(at: Point(x: 0, y: 0)) == .title)
    }

    @Test("a scroll indicator appears when the text is taller than the area")
    func indicator() {
        var surface = Surface(width: 10, height: 2)
        var state = TextViewState(offset: 2)
        view.render(in: Rect(x: 0, y: 0, width: 10, height: 2), on: &surface, state: &state)
        #expect(surface.lines == [
            "three    │",
            "four five┃",
        ])
        #expect(surface.style(at: Point(x: 9, y: 0)) == .muted)
    }

    @Test("render clamps an offset past the end")
    func clamps() {
        var surface = Surface(width: 10, height: 3)
        var state = TextViewState(offset: 99)
        view.render(in: Rect(x: 0, y: 0, width: 10, height: 3), on: &surface, state: &state)
        #expect(state.offset == 2)
    }

    @Test("state scrolling clamps to the text")
    func stateScrolling() {
        var state = TextViewState()
        state.scroll(by: -3, total: 10, visible: 4)
        #expect(state.offset == 0)
        state.pageDown(total: 10, visible: 4)
        #expect(state.offset == 4)
        state.pageDown(total: 10, visible: 4)
        #expect(state.offset == 6)
        state.pageUp(total: 10, visible: 4)
        #expect(state.offset == 2)
        state.end(total: 3, visible: 4)
        #expect(state.offset == 0)
        state.end(total: 10, visible: 4)
        #expect(state.offset == 6)
        state.home()
        #expect(state.offset == 0)
    }
}
