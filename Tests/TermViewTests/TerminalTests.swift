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
