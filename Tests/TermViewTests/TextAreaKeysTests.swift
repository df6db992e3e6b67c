import Testing
import ViewState

@testable import TermView

/// The multi-line editing keys over ``TextAreaState`` (the state issue 16's body editor builds on).
@Suite("TextArea keys")
struct TextAreaKeysTests {
    @Test("Enter breaks the line, ↑↓ move by display row, Home/End stay on the line, Page Down scrolls to the cursor")
    func keys() {
        var state = TextAreaState()
        for key: Key in [.character("a"), .character("日"), .enter, .character("b")] {
            let handled = state.handle(key, width: 10, height: 2)
            #expect(handled)
        }
        #expect(state.text == "a日\nb" && state.cursor == TextPosition(line: 1, column: 1))
        _ = state.handle(.up, width: 10, height: 2)
        #expect(state.cursor == TextPosition(line: 0, column: 1), "column 1 is before 日")
        _ = state.handle(.end, width: 10, height: 2)
        _ = state.handle(.down, width: 10, height: 2)
        #expect(state.cursor == TextPosition(line: 1, column: 1), "the short line's end")
        _ = state.handle(.home, width: 10, height: 2)
        _ = state.handle(.backspace, width: 10, height: 2)
        #expect(state.text == "a日b" && state.cursor == TextPosition(line: 0, column: 2))
        let escape = state.handle(.escape, width: 10, height: 2), tab = state.handle(.tab, width: 10, height: 2)
        #expect(!escape && !tab && state.text == "a日b")

        var long = TextAreaState(text: (0..<8).map { "row \($0)" }.joined(separator: "\n"))
        long.move(to: TextPosition(line: 0, column: 0))
        _ = long.handle(.pageDown, width: 10, height: 3)
        #expect(long.cursor.line == 3 && long.topRow == 1, "three rows down, scrolled just enough to show it")
        _ = long.handle(.pageUp, width: 10, height: 3)
        #expect(long.cursor.line == 0 && long.topRow == 0)
    }
}
