import Testing
import ViewState

/// Issue 24, item 14: a body field's lines wrap at spaces, so a word is never cut in two
/// unless it alone is longer than the row ("reru/m" at 40 columns was a word cut in two).
struct TextAreaWordWrapTests {
    func texts(_ state: TextAreaState, width: Int) -> [String] {
        state.rows(width: width, measure: Widths.of).map { String(state.lines[$0.line][$0.characters]) }
    }

    @Test("rows end after the last space that fits; the next row starts with the next word")
    func atSpaces() {
        let state = TextAreaState(text: "nostrum rerum est autem")
        #expect(state.rows(width: 10, measure: Widths.of).map(\.characters) == [0..<8, 8..<18, 18..<23])
        #expect(texts(state, width: 10) == ["nostrum ", "rerum est ", "autem"])
        let body = TextAreaState(text: "reprehenderit molestiae ut ut quas totam nostrum rerum est autem sunt rem eveniet architecto")
        for width in [12, 25, 40] {
            for row in texts(body, width: width) {
                #expect(Widths.of(row) <= width + 1, "a row is the width, a space hanging at most: \(row.debugDescription)")
                let word = row.split(separator: " ").last.map(String.init) ?? ""
                let words = body.text.split(separator: " ").map(String.init)
                #expect(word.isEmpty || words.contains(word) || word.count >= width, "\(row.debugDescription) at \(width) cuts a word")
            }
        }
    }

    @Test("only a word longer than the row is broken, between characters; a full last row gets the cursor's row")
    func longWord() {
        let state = TextAreaState(text: "abcdefghijkl mn")
        #expect(state.rows(width: 5, measure: Widths.of).map(\.characters) == [0..<5, 5..<10, 10..<15, 15..<15])
        let carried = TextAreaState(text: "ab abcdefgh")
        #expect(texts(carried, width: 4) == ["ab ", "abcd", "efgh", ""], "a long word after a space starts its own row and is then cut")
    }

    @Test("↑ ↓ move by the word-wrapped rows at the goal column; a space at a row's end is on that row")
    func moves() {
        var state = TextAreaState(text: "nostrum rerum est autem")
        state.move(to: TextPosition(line: 0, column: 3))
        state.moveDown(width: 10, measure: Widths.of)
        #expect(state.cursor == TextPosition(line: 0, column: 11), "row 2 starts at 8: column 3 of it")
        state.moveDown(width: 10, measure: Widths.of)
        #expect(state.cursor == TextPosition(line: 0, column: 21))
        state.move(to: TextPosition(line: 0, column: 7))
        #expect(state.cursorRow(width: 10, measure: Widths.of) == (0, 7), "the space ending row 1 is on row 1")
        state.move(to: TextPosition(line: 0, column: 8))
        #expect(state.cursorRow(width: 10, measure: Widths.of) == (1, 0))
    }
}

extension Widths {
    /// The columns of `text`.
    static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }
}
