import Testing
import ViewState

@Suite("TextAreaState")
struct TextAreaStateTests {
    private func at(_ line: Int, _ column: Int) -> TextPosition { TextPosition(line: line, column: column) }

    @Test("lines split at LF, CR LF and CR; the text joins them with LF; the owner's other characters are kept; typed ones cleaned")
    func lines() {
        var state = TextAreaState(text: "one\r\ntwo\rthree\n\tfour\u{85}")
        #expect(state.lines.map { String($0) } == ["one", "two", "three", "\tfour\u{85}"])
        #expect(state.text == "one\ntwo\nthree\n\tfour\u{85}")
        #expect(state.cursor == at(3, 6))
        state.insert("\t!\u{1B}\u{85}")
        #expect(state.text.hasSuffix("\tfour\u{85} !"), "a typed tab is a space, controls are dropped")
        #expect(TextAreaState().lines == [[]] && TextAreaState().cursor == at(0, 0))
    }

    @Test("typing a line break splits the line; Backspace at a line's start and Delete at its end join lines")
    func breaksAndJoins() {
        var state = TextAreaState(text: "helloworld")
        state.move(to: at(0, 5))
        state.insertLineBreak()
        #expect(state.text == "hello\nworld" && state.cursor == at(1, 0))
        state.insert("big\nnew ")
        #expect(state.text == "hello\nbig\nnew world" && state.cursor == at(2, 4))
        state.move(to: at(1, 0))
        state.deleteBackward()
        #expect(state.text == "hellobig\nnew world" && state.cursor == at(0, 5))
        state.moveToLineEnd()
        state.deleteForward()
        #expect(state.text == "hellobignew world" && state.cursor == at(0, 8))
        state.move(to: at(0, 0))
        state.deleteBackward()
        state.moveToLineEnd()
        state.deleteForward()
        #expect(state.text == "hellobignew world", "nothing before the start or after the end")
    }

    @Test("← and → step over whole grapheme clusters and cross line ends")
    func horizontal() {
        var state = TextAreaState(text: "a日\ne\u{301}👩‍👩‍👧")
        #expect(state.cursor == at(1, 2))
        state.moveLeft()
        #expect(state.cursor == at(1, 1), "the ZWJ family is one character")
        state.moveLeft(); state.moveLeft()
        #expect(state.cursor == at(0, 2), "from a line's start to the end of the line above")
        state.moveRight()
        #expect(state.cursor == at(1, 0))
        state.deleteForward()
        #expect(state.text == "a日\n👩‍👩‍👧", "the accented e goes whole")
        state.moveToLineStart(); state.moveLeft(); state.moveToLineStart(); state.moveLeft()
        #expect(state.cursor == at(0, 0))
    }

    @Test("↑ and ↓ move by line and keep the goal column across a shorter line; by display column over CJK")
    func vertical() {
        var state = TextAreaState(text: "abcdef\nab\nabcdef")
        state.move(to: at(0, 5))
        state.moveDown(width: 40, measure: Widths.of)
        #expect(state.cursor == at(1, 2), "the short line's end")
        state.moveDown(width: 40, measure: Widths.of)
        #expect(state.cursor == at(2, 5), "back at the goal column")
        state.moveDown(width: 40, measure: Widths.of)
        #expect(state.cursor == at(2, 6), "↓ on the last row goes to the end")
        state.moveUp(width: 40, measure: Widths.of)
        #expect(state.cursor == at(1, 2))
        state.moveLeft()
        state.moveUp(width: 40, measure: Widths.of)
        #expect(state.cursor == at(0, 1), "a horizontal move sets a new goal")
        state.moveUp(width: 40, measure: Widths.of)
        #expect(state.cursor == at(0, 0), "↑ on the first row goes to the start")

        var cjk = TextAreaState(text: "日本語\nabcdef")
        cjk.move(to: at(1, 3))
        cjk.moveUp(width: 40, measure: Widths.of)
        #expect(cjk.cursor == at(0, 1), "column 3 falls inside 本: the cursor goes before it, at column 2")
        #expect(cjk.cursorRow(width: 40, measure: Widths.of) == (0, 2))
        cjk.moveDown(width: 40, measure: Widths.of)
        #expect(cjk.cursor == at(1, 3), "the goal column (3) is kept, not the column reached (2)")
    }

    @Test("a long line wraps into display rows; ↑↓ move by display row; a full last row gets a row for the cursor")
    func wrapping() {
        var state = TextAreaState(text: "abcdefghij")
        let rows = state.rows(width: 4, measure: Widths.of)
        #expect(rows.map(\.characters) == [0..<4, 4..<8, 8..<10])
        #expect(rows.map(\.endsLine) == [false, false, true])
        #expect(state.cursorRow(width: 4, measure: Widths.of) == (2, 2))
        state.moveUp(width: 4, measure: Widths.of)
        #expect(state.cursor == at(0, 6))
        state.move(to: at(0, 4))
        #expect(state.cursorRow(width: 4, measure: Widths.of) == (1, 0), "a row's end is the next row's start")
        state.moveUp(width: 4, measure: Widths.of)
        #expect(state.cursor == at(0, 0))
        state.move(to: at(0, 7))
        state.moveUp(width: 4, measure: Widths.of)
        #expect(state.cursor == at(0, 3), "the last column of a wrapped row, not the next row's start")

        let full = TextAreaState(text: "abcd\nx")
        #expect(full.rows(width: 4, measure: Widths.of).map(\.characters) == [0..<4, 4..<4, 0..<1])
        var end = full
        end.move(to: at(0, 4))
        #expect(end.cursorRow(width: 4, measure: Widths.of) == (1, 0))

        let wide = TextAreaState(text: "日本語")
        #expect(wide.rows(width: 5, measure: Widths.of).map(\.characters) == [0..<2, 2..<3],
                "語 does not fit the fifth column: it moves to the next row")
        #expect(TextAreaState(text: "日").rows(width: 1, measure: Widths.of).first?.characters == 0..<1,
                "a character wider than the area still gets a row")
    }

    @Test("the scroll follows the cursor's row only as far as needed and comes back when the text shrinks")
    func scrolling() {
        var state = TextAreaState(text: (0..<10).map { "line \($0)" }.joined(separator: "\n"))
        state.move(to: at(0, 0))
        for line in 1..<10 {
            state.moveDown(width: 20, measure: Widths.of)
            state.keepCursorVisible(width: 20, height: 3, measure: Widths.of)
            #expect(state.cursor.line == line)
            #expect((state.topRow..<state.topRow + 3).contains(line), "line \(line) shown from row \(state.topRow)")
        }
        #expect(state.topRow == 7)
        state.moveUp(width: 20, measure: Widths.of)
        state.keepCursorVisible(width: 20, height: 3, measure: Widths.of)
        #expect(state.topRow == 7, "moving inside the shown rows does not scroll")
        state.moveVertically(by: -5, width: 20, measure: Widths.of)
        state.keepCursorVisible(width: 20, height: 3, measure: Widths.of)
        #expect(state.cursor.line == 3 && state.topRow == 3)
        state.keepCursorVisible(width: 20, height: 20, measure: Widths.of)
        #expect(state.topRow == 0, "a taller area shows everything from the top")
        var wrapped = TextAreaState(text: String(repeating: "x", count: 30))
        wrapped.keepCursorVisible(width: 10, height: 2, measure: Widths.of)
        #expect(wrapped.topRow == 2, "rows 0-2 full, the cursor on the extra row 3: rows 2 and 3 shown")
    }
}
