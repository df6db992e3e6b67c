import Testing
@testable import TermView

@Suite("StatusBar")
struct StatusBarTests {
    @Test("left text left, right text right-aligned, whole line in statusBar style")
    func layout() {
        var surface = Surface(width: 16, height: 2)
        StatusBar(left: "q quit", right: "3/10").render(in: Rect(x: 0, y: 1, width: 16, height: 1), on: &surface)
        #expect(surface.lines == ["                ", "q quit      3/10"])
        #expect(surface.style(at: Point(x: 8, y: 1)) == .statusBar)
        #expect(surface.style(at: Point(x: 8, y: 0)) == .normal)
    }

    @Test("the left text is truncated before the right text")
    func truncatesLeftFirst() {
        var surface = Surface(width: 12, height: 1)
        StatusBar(left: "↑/↓ move  ⏎ open", right: "12/340").render(in: Rect(x: 0, y: 0, width: 12, height: 1), on: &surface)
        #expect(surface.lines == ["↑/↓ … 12/340"])
        var narrow = Surface(width: 4, height: 1)
        StatusBar(left: "hello", right: "12/340").render(in: Rect(x: 0, y: 0, width: 4, height: 1), on: &narrow)
        #expect(narrow.lines == ["12/…"])
    }
}
