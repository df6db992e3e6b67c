import Testing
import ViewState

/// The sideways scroll a wide table keeps in its ``ListState`` (issue 24, item 7).
@Suite("ListState: scrolling columns")
struct ListStateColumnTests {
    @Test("> scrolls off one more column only while the table said more is hidden or cut; < brings one back down to 0")
    func scrolls() {
        var state = ListState()
        var moved = [state.scrollColumnsRight(), state.scrollColumnsLeft()]
        #expect(moved == [false, false] && state.columnOffset == 0, "nothing hidden: neither key moves")
        state.canScrollRight = true
        moved = [state.scrollColumnsRight(), state.scrollColumnsRight()]
        #expect(moved == [true, true] && state.columnOffset == 2)
        state.canScrollRight = false
        moved = [state.scrollColumnsRight(), state.scrollColumnsLeft()]
        #expect(moved == [false, true] && state.columnOffset == 1)
        moved = [state.scrollColumnsLeft(), state.scrollColumnsLeft()]
        #expect(moved == [true, false] && state.columnOffset == 0)
    }

    @Test("the reasons the keys give while they would do nothing")
    func reasons() {
        var state = ListState()
        #expect(state.scrollLeftUnavailableReason == "all columns are shown")
        #expect(state.scrollRightUnavailableReason == "all columns are shown")
        state.canScrollRight = true
        #expect(state.scrollRightUnavailableReason == nil)
        #expect(state.scrollLeftUnavailableReason == "no column is hidden on the left")
        state.scrollColumnsRight()
        state.canScrollRight = false
        #expect(state.scrollLeftUnavailableReason == nil)
        #expect(state.scrollRightUnavailableReason == "no more columns to the right")
    }

    @Test("moving, paging and clamping the rows keep the column offset (a reload clamps)")
    func rowsKeepColumns() {
        var state = ListState(selected: 3, columnOffset: 2)
        state.moveDown(count: 10)
        state.pageUp(pageSize: 5, count: 10)
        state.clamp(count: 2)
        state.prepare(count: 2, visibleRows: 5)
        #expect(state.columnOffset == 2 && state.selected == 0)
        #expect(ListState(columnOffset: -3).columnOffset == 0)
    }
}
