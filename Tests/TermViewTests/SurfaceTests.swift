import Testing
@testable import TermView

@Suite("Surface")
struct SurfaceTests {
    @Test("a new surface is blank and negative sizes become zero")
    func blank() {
        #expect(Surface(width: 3, height: 2).lines == ["   ", "   "])
        #expect(Surface(width: -1, height: 4).size == Size(width: 0, height: 4))
        #expect(Surface(width: 2, height: 2)[5, 5] == Cell.blank())
    }

    @Test("ASCII text is written cell by cell and returns the columns used")
    func ascii() {
        var surface = Surface(width: 6, height: 1)
        #expect(surface.write("abc", at: Point(x: 1, y: 0), style: .title) == 3)
        #expect(surface.lines == [" abc  "])
        #expect(surface.style(at: Point(x: 1, y: 0)) == .title)
        #expect(surface.style(at: Point(x: 4, y: 0)) == .normal)
    }

    @Test("CJK takes two cells: the character and a continuation cell")
    func cjk() {
        var surface = Surface(width: 5, height: 1)
        #expect(surface.write("漢字", at: Point(x: 0, y: 0), style: .normal) == 4)
        #expect(surface.lines == ["漢字 "])
        #expect(surface[0, 0] == Cell(text: "漢", width: 2, style: .normal))
        #expect(surface[1, 0] == Cell(text: "", width: 0, style: .normal))
    }

    @Test("combining marks stay with their base character in one cell")
    func combining() {
        var surface = Surface(width: 4, height: 1)
        #expect(surface.write("e\u{301}x", at: Point(x: 0, y: 0), style: .normal) == 2)
        #expect(surface[0, 0].text == "e\u{301}")
        #expect(surface.lines == ["e\u{301}x  "])
    }

    @Test("an emoji ZWJ sequence is one two-column cell")
    func zwj() {
        var surface = Surface(width: 4, height: 1)
        let family = "👨‍👩‍👧"
        #expect(surface.write(family + "a", at: Point(x: 0, y: 0), style: .normal) == 3)
        #expect(surface[0, 0].text == family)
        #expect(surface.lines == [family + "a "])
    }

    @Test("a wide character cut at the right edge leaves a space, never half a character")
    func wideAtEdge() {
        var surface = Surface(width: 5, height: 1)
        #expect(surface.write("ab漢字", at: Point(x: 0, y: 0), style: .normal) == 5)
        #expect(surface.lines == ["ab漢 "])
        var limited = Surface(width: 6, height: 1)
        limited.write("x漢字", at: Point(x: 0, y: 0), style: .normal, maxWidth: 4)
        #expect(limited.lines == ["x漢   "])
    }

    @Test("text is clipped at every edge of the surface")
    func clipping() {
        var surface = Surface(width: 4, height: 2)
        surface.write("abcdef", at: Point(x: 2, y: 0), style: .normal)
        surface.write("xyz", at: Point(x: -2, y: 1), style: .normal)
        surface.write("hidden", at: Point(x: 0, y: 5), style: .normal)
        surface.write("漢a", at: Point(x: -1, y: 1), style: .normal)
        #expect(surface.lines == ["  ab", " a  "])
    }

    @Test("writing over half of a wide character blanks its other half")
    func overwriteHalf() {
        var surface = Surface(width: 4, height: 1)
        surface.write("漢字", at: Point(x: 0, y: 0), style: .normal)
        surface.write("x", at: Point(x: 1, y: 0), style: .normal)
        surface.write("y", at: Point(x: 2, y: 0), style: .normal)
        #expect(surface.lines == [" xy "])
    }

    @Test("control characters are written sanitized")
    func sanitizedWrite() {
        var surface = Surface(width: 8, height: 1)
        surface.write("a\u{1B}[2Jb", at: Point(x: 0, y: 0), style: .normal)
        #expect(surface.lines == ["a^[[2Jb "])
    }

    @Test("fill and setStyle are clipped and setStyle keeps the text")
    func fillAndStyle() {
        var surface = Surface(width: 4, height: 2)
        surface.write("abcd", at: Point(x: 0, y: 0), style: .normal)
        surface.setStyle(Rect(x: 2, y: 0, width: 10, height: 10), style: .error)
        surface.fill(Rect(x: -1, y: 1, width: 2, height: 3), style: .muted)
        #expect(surface.lines == ["abcd", "    "])
        #expect(surface.style(at: Point(x: 3, y: 0)) == .error)
        #expect(surface.style(at: Point(x: 1, y: 0)) == .normal)
        #expect(surface.style(at: Point(x: 0, y: 1)) == .muted)
        #expect(surface.style(at: Point(x: 1, y: 1)) == .normal)
    }

    @Test("changes(since:) lists every cell without a previous frame, then only what differs")
    func diff() {
        var first = Surface(width: 3, height: 2)
        first.write("abc", at: Point(x: 0, y: 0), style: .normal)
        #expect(first.changes(since: nil).count == 6)
        #expect(first.changes(since: Surface(width: 2, height: 2)).count == 6)
        var second = first
        second.write("X", at: Point(x: 1, y: 0), style: .normal)
        second.setStyle(Rect(x: 2, y: 1, width: 1, height: 1), style: .selected)
        #expect(second.changes(since: first) == [
            CellChange(point: Point(x: 1, y: 0), cell: Cell(text: "X", width: 1, style: .normal)),
            CellChange(point: Point(x: 2, y: 1), cell: Cell(text: " ", width: 1, style: .selected)),
        ])
        #expect(second.changes(since: second).isEmpty)
    }
}
