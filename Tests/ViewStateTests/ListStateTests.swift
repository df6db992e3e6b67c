import Testing
import ViewState

@Suite("ListState")
struct ListStateTests {
    @Test("moving clamps to the first and last row")
    func moves() {
        var state = ListState()
        state.moveUp(count: 3)
        #expect(state.selected == 0)
        state.moveDown(count: 3); state.moveDown(count: 3); state.moveDown(count: 3)
        #expect(state.selected == 2)
        state.home(count: 3)
        #expect(state.selected == 0)
        state.end(count: 3)
        #expect(state.selected == 2)
    }

    @Test("paging moves by the page size and clamps")
    func paging() {
        var state = ListState(selected: 1)
        state.pageDown(pageSize: 5, count: 20)
        #expect(state.selected == 6)
        state.pageDown(pageSize: 50, count: 20)
        #expect(state.selected == 19)
        state.pageUp(pageSize: 5, count: 20)
        #expect(state.selected == 14)
        state.pageUp(pageSize: 0, count: 20)
        #expect(state.selected == 13)
    }

    @Test("an empty list keeps selection at zero")
    func empty() {
        var state = ListState(selected: 7, offset: 4)
        state.moveDown(count: 0)
        #expect(state.selected == 0)
        state.end(count: 0)
        #expect(state.selected == 0)
        state.clamp(count: 0)
        #expect(state == ListState(selected: 0, offset: 0))
    }

    @Test("clamp after the data shrinks moves the selection to a row that exists")
    func shrink() {
        var state = ListState(selected: 7, offset: 5)
        state.clamp(count: 2)
        #expect(state.selected == 1)
        #expect(state.offset <= 1)
    }

    @Test("scrollIntoView keeps the selection visible")
    func scroll() {
        var state = ListState(selected: 9, offset: 0)
        state.scrollIntoView(visibleRows: 4)
        #expect(state.offset == 6)
        state.selected = 2
        state.scrollIntoView(visibleRows: 4)
        #expect(state.offset == 2)
        state.scrollIntoView(visibleRows: 0)
        #expect(state.offset == 2)
    }
}
