import Testing
@testable import TermView

@Suite("TooSmallNotice")
struct TooSmallNoticeTests {
    private let notice = TooSmallNotice(minimum: Size(width: 20, height: 5))

    @Test("applies below the minimum in either dimension only")
    func applies() {
        #expect(notice.applies(to: Size(width: 19, height: 30)))
        #expect(notice.applies(to: Size(width: 100, height: 4)))
        #expect(notice.applies(to: Size(width: 1, height: 1)))
        #expect(!notice.applies(to: Size(width: 20, height: 5)))
    }

    @Test("centred message and needed size at 19x4")
    func centred() {
        var surface = Surface(width: 19, height: 4)
        notice.render(in: Rect(x: 0, y: 0, width: 19, height: 4), on: &surface)
        #expect(surface.lines == [
            "                   ",
            "terminal too small ",
            "     need 20x5     ",
            "                   ",
        ])
        #expect(surface.style(at: Point(x: 0, y: 1)) == .error)
    }

    @Test("cut to fit at 10x3, 10x1 and 1x1")
    func tiny() {
        var small = Surface(width: 10, height: 3)
        notice.render(in: Rect(x: 0, y: 0, width: 10, height: 3), on: &small)
        #expect(small.lines == ["terminal …", "need 20x5 ", "          "])
        var line = Surface(width: 10, height: 1)
        notice.render(in: Rect(x: 0, y: 0, width: 10, height: 1), on: &line)
        #expect(line.lines == ["terminal …"])
        var dot = Surface(width: 1, height: 1)
        notice.render(in: Rect(x: 0, y: 0, width: 1, height: 1), on: &dot)
        #expect(dot.lines == ["…"])
    }
}
