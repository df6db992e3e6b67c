import Testing
@testable import TermView

@Suite("Terminal and MemoryBackend")
@MainActor
struct TerminalTests {
    @Test("the first frame sends every cell, the second only the changed ones")
    func diffing() {
        let backend = MemoryBackend(size: Size(width: 10, height: 3))
        let terminal = Terminal(backend: backend)
        terminal.draw { $0.write("hello", at: Point(x: 0, y: 0), style: .normal) }
        #expect(backend.cellsDrawn == 30)
        #expect(backend.lines == ["hello     ", "          ", "          "])
        terminal.draw { $0.write("help", at: Point(x: 0, y: 0), style: .normal) }
        #expect(backend.cellsDrawn == 32)
        #expect(backend.lines[0] == "help      ")
        #expect(backend.flushCount == 2)
    }

    @Test("patch sends one cell over the frame on screen and keeps it as the last frame; it refuses what it cannot do in place")
    func patchOneCell() {
        let backend = MemoryBackend(size: Size(width: 10, height: 2))
        let terminal = Terminal(backend: backend)
        #expect(!terminal.patch("x", at: Point(x: 0, y: 0)), "no frame on screen yet")
        terminal.draw {
            $0.write("⠋ wait", at: Point(x: 0, y: 1), style: .muted)
            $0.write("日", at: Point(x: 8, y: 0), style: .normal)
        }
        let drawn = backend.cellsDrawn, flushes = backend.flushCount
        #expect(terminal.patch("⠙", at: Point(x: 0, y: 1)))
        #expect(backend.cellsDrawn == drawn + 1 && backend.flushCount == flushes + 1, "one cell, one flush")
        #expect(backend.lines[1] == "⠙ wait    " && backend.style(at: Point(x: 0, y: 1)) == .muted, "the cell's style is kept")
        var expected = Surface(width: 10, height: 2)
        expected.write("⠙ wait", at: Point(x: 0, y: 1), style: .muted)
        expected.write("日", at: Point(x: 8, y: 0), style: .normal)
        #expect(terminal.lastFrame == expected, "the last frame is what is on screen, for the next diff")
        #expect(terminal.patch("⠙", at: Point(x: 0, y: 1)) && backend.cellsDrawn == drawn + 1, "an unchanged cell sends nothing")

        #expect(!terminal.patch("本", at: Point(x: 0, y: 1)), "a character of another width")
        #expect(!terminal.patch("x", at: Point(x: 9, y: 0)), "the second column of a wide character")
        #expect(!terminal.patch("\u{1B}", at: Point(x: 1, y: 1)), "a control character")
        #expect(!terminal.patch("ab", at: Point(x: 1, y: 1)), "more than one character")
        #expect(!terminal.patch("x", at: Point(x: 10, y: 0)), "outside the frame")
        #expect(terminal.lastFrame == expected && backend.cellsDrawn == drawn + 1, "a refused patch changes nothing")
        backend.resize(to: Size(width: 12, height: 2))
        #expect(!terminal.patch("x", at: Point(x: 0, y: 0)), "after a resize a whole frame is due")
    }

    @Test("nothing is visible before a flush")
    func flushMakesVisible() {
        let backend = MemoryBackend(size: Size(width: 3, height: 1))
        backend.draw([CellChange(point: Point(x: 0, y: 0), cell: Cell(text: "x", width: 1, style: .error))])
        #expect(backend.lines == ["   "])
        backend.flush()
        #expect(backend.lines == ["x  "])
        #expect(backend.style(at: Point(x: 0, y: 0)) == .error)
    }

    @Test("after a resize or invalidate everything is redrawn")
    func redrawAll() {
        let backend = MemoryBackend(size: Size(width: 4, height: 2))
        let terminal = Terminal(backend: backend)
        terminal.draw { _ in }
        backend.resize(to: Size(width: 5, height: 2))
        terminal.draw { $0.write("ab", at: Point(x: 0, y: 1), style: .normal) }
        #expect(backend.cellsDrawn == 8 + 10)
        #expect(backend.lines == ["     ", "ab   "])
        terminal.invalidate()
        #expect(terminal.lastFrame == nil)
        terminal.draw { $0.write("ab", at: Point(x: 0, y: 1), style: .normal) }
        #expect(backend.cellsDrawn == 28)
    }

    @Test("the frame's cursor reaches the backend")
    func cursor() {
        let backend = MemoryBackend(size: Size(width: 4, height: 2))
        let terminal = Terminal(backend: backend)
        terminal.draw { $0.cursor = Point(x: 2, y: 1) }
        #expect(backend.cursor == Point(x: 2, y: 1))
        terminal.draw { _ in }
        #expect(backend.cursor == nil)
    }

    @Test("pending keys come out front first, then nil")
    func keys() {
        let backend = MemoryBackend(size: Size(width: 1, height: 1))
        backend.pendingKeys = [.down, .character("é")]
        #expect(backend.nextKey() == .down)
        #expect(backend.nextKey() == .character("é"))
        #expect(backend.nextKey() == nil)
    }
}
