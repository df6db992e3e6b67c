import Testing
import ViewState

@Suite("TextEditState")
struct TextEditStateTests {
    /// A CJK ideograph, a letter with a combining accent, a family emoji (ZWJ sequence) and a flag.
    private let mixed = "a日e\u{301}👩‍👩‍👧🇯🇵"

    @Test("the cursor moves and deletes by grapheme cluster: CJK, combining marks, emoji ZWJ, flags")
    func graphemeCursor() {
        var state = TextEditState(text: mixed)
        #expect(state.characters.count == 5 && state.cursor == 5)
        #expect(state.cursorColumn(measure: Widths.of) == 8)
        state.moveLeft()
        #expect(state.cursor == 4 && state.cursorColumn(measure: Widths.of) == 6, "before the flag")
        state.moveLeft()
        state.insert("x")
        #expect(state.text == "a日e\u{301}x👩‍👩‍👧🇯🇵" && state.cursor == 4)
        state.deleteBackward()
        state.deleteBackward()
        #expect(state.text == "a日👩‍👩‍👧🇯🇵", "the accented e goes whole, mark and all")
        state.deleteForward()
        #expect(state.text == "a日🇯🇵" && state.cursor == 2, "the whole ZWJ family goes")
        state.moveToStart()
        state.moveLeft()
        #expect(state.cursor == 0)
        state.moveToEnd()
        state.moveRight()
        #expect(state.cursor == 3)
        state.setCursor(-4)
        #expect(state.cursor == 0)
        state.setCursor(99)
        #expect(state.cursor == 3)
    }

    @Test("typed and pasted text is cleaned; the owner's text is kept whole; replace puts the cursor at the end")
    func cleaning() {
        var state = TextEditState(text: "ab", cursor: 1)
        state.insert("x\ny\tz\u{1B}[2J\r\n\u{85}!")
        #expect(state.text == "ax y z[2J !b" && state.cursor == 11)
        let kept = TextEditState(text: "one\u{85}two␉")
        #expect(kept.text == "one\u{85}two␉", "a record's text is not cleaned on the way in: nothing is lost")
        state.replace(with: "users\t")
        #expect(state.text == "users " && state.cursor == 6)
        #expect(TextEditState(text: "abc", cursor: 7).cursor == 3)
    }

    @Test("Ctrl-U and Ctrl-W: everything before the cursor, the word before it and its spaces")
    func shellDeletes() {
        var state = TextEditState(text: "one two  three")
        state.deleteWordBackward()
        #expect(state.text == "one two  ")
        state.deleteWordBackward()
        #expect(state.text == "one ")
        state = TextEditState(text: "alpha beta", cursor: 6)
        state.deleteToStart()
        #expect(state.text == "beta" && state.cursor == 0)
    }

    @Test("scroll follows the cursor only as far as needed and keeps it visible at every step")
    func scrollKeepsCursorVisible() {
        let width = 6
        var state = TextEditState()
        for character in "日本語abc日本語" {
            state.insert(String(character))
            state.keepCursorVisible(width: width, measure: Widths.of)
            let shown = state.characters[state.scroll..<state.cursor].reduce(0) { $0 + Widths.of($1) }
            #expect(shown <= width - 1, "the cursor has a column of its own after \(shown) columns")
        }
        #expect(state.scroll == 7, "本語 and the cursor: 5 columns of a 6-column field, not \(state.scroll)")
        let scrolled = state.scroll
        state.moveLeft()
        state.keepCursorVisible(width: width, measure: Widths.of)
        #expect(state.scroll == scrolled, "moving inside what is shown does not shift it")
        for _ in 0..<3 { state.moveLeft() }
        state.keepCursorVisible(width: width, measure: Widths.of)
        #expect(state.scroll == state.cursor, "moving past the left edge scrolls to the cursor")
        state.moveToStart()
        state.keepCursorVisible(width: width, measure: Widths.of)
        #expect(state.scroll == 0)
    }

    @Test("a wider field scrolls back to show more of the start; the scroll never passes the cursor")
    func widening() {
        var state = TextEditState(text: "abcdefghij")
        state.keepCursorVisible(width: 5, measure: Widths.of)
        #expect(state.scroll == 6)
        #expect(state.visibleScroll(width: 8, measure: Widths.of) == 3, "as far back as fits with the cursor's column")
        #expect(state.scroll == 6, "asking what a width would show changes nothing")
        state.keepCursorVisible(width: 40, measure: Widths.of)
        #expect(state.scroll == 0)
        state.keepCursorVisible(width: 5, measure: Widths.of)
        state.deleteToStart()
        #expect(state.scroll == 0 && state.text.isEmpty)
        state = TextEditState(text: "abcdefghij")
        state.keepCursorVisible(width: 3, measure: Widths.of)
        state.setCursor(2)
        #expect(state.scroll == 2, "moving left of the scroll pulls it along without needing widths")
    }
}
