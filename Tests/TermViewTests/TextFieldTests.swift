import BulletinTestSupport
import Foundation
import Testing
@testable import TermView
import ViewState

@Suite("TextField")
struct TextFieldTests {
    private func typed(_ text: String) -> TextEditState {
        var state = TextEditState()
        for character in text { _ = state.handle(.character(character)) }
        return state
    }

    /// Gives the field `width` columns as its owner does (the scroll fitted to that width), then draws it.
    private func render(_ state: inout TextEditState, width: Int, placeholder: String = "") -> Surface {
        state.fit(width: width)
        var surface = Surface(width: width, height: 1)
        TextField(placeholder: placeholder).render(in: Rect(x: 0, y: 0, width: width, height: 1), on: &surface, state: state)
        return surface
    }

    @Test("insert anywhere; Left/Right, Home/End move by whole characters")
    func insertAndMove() {
        var state = typed("héllo")
        state.moveLeft()
        state.moveLeft()
        _ = state.handle(.character("X"))
        #expect(state.text == "hélXlo" && state.cursor == 4)
        _ = state.handle(.home)
        _ = state.handle(.character(">"))
        _ = state.handle(.end)
        _ = state.handle(.character("<"))
        #expect(state.text == ">hélXlo<")
        _ = state.handle(.right)
        #expect(state.cursor == 8, "Right at the end stays")
        _ = state.handle(.home)
        _ = state.handle(.left)
        #expect(state.cursor == 0)
        #expect(!state.handle(.enter) && !state.handle(.escape), "not editing keys")
    }

    @Test("Backspace and Delete remove one whole character: wide, combined, ZWJ emoji, flag")
    func deleteWholeCharacters() {
        var state = TextEditState(text: "a日e\u{301}👩‍👩‍👧🇯🇵")
        #expect(state.characters.count == 5)
        state.deleteBackward()
        #expect(state.text == "a日e\u{301}👩‍👩‍👧")
        state.deleteBackward()
        #expect(state.text == "a日e\u{301}")
        state.deleteBackward()
        #expect(state.text == "a日")
        _ = state.handle(.home)
        _ = state.handle(.delete)
        #expect(state.text == "日" && state.cursor == 0)
        _ = state.handle(.delete)
        #expect(state.text.isEmpty)
        _ = state.handle(.delete)
        _ = state.handle(.backspace)
        #expect(state.text.isEmpty && state.cursor == 0)
    }

    @Test("Ctrl-U clears before the cursor, Ctrl-W removes the previous word and its trailing spaces")
    func shellKeys() {
        var state = TextEditState(text: "one two  three")
        _ = state.handle(.ctrl("w"))
        #expect(state.text == "one two  ")
        _ = state.handle(.ctrl("w"))
        #expect(state.text == "one ")
        state = TextEditState(text: "alpha beta")
        for _ in 0..<4 { state.moveLeft() }
        _ = state.handle(.ctrl("u"))
        #expect(state.text == "beta" && state.cursor == 0)
        _ = state.handle(.ctrl("w"))
        #expect(state.text == "beta", "nothing before the cursor")
    }

    @Test("a pasted block: newlines and tabs become spaces, control characters are dropped")
    func paste() {
        var state = TextEditState(text: "ab")
        state.moveLeft()
        state.insert("x\ny\tz\u{1B}[2J\r\n!")
        #expect(state.text == "ax y z[2J !b")
        #expect(state.cursor == 11)
    }

    @Test("the cursor sits after the last character typed, by display width")
    func cursorByWidth() {
        var state = typed("日本語ab")
        #expect(state.cursorColumn == 8)
        let surface = render(&state, width: 12)
        #expect(surface.lines == ["日本語ab    "])
        #expect(surface.cursor == Point(x: 8, y: 0))
        state.moveLeft()
        state.moveLeft()
        state.moveLeft()
        #expect(render(&state, width: 12).cursor == Point(x: 4, y: 0))
    }

    @Test("a long text scrolls so the cursor stays visible; an empty field shows the placeholder")
    func scrolling() {
        var state = typed("abcdefghij")
        let tail = render(&state, width: 5)
        #expect(tail.lines == ["ghij "] && tail.cursor == Point(x: 4, y: 0))
        _ = state.handle(.home)
        let head = render(&state, width: 5)
        #expect(head.lines == ["abcde"] && head.cursor == Point(x: 0, y: 0))
        var wide = typed("日本語日本語")
        let cut = render(&wide, width: 6)
        #expect(wide.scroll == 4, "whole characters scrolled away, 5 columns left for text")
        #expect(cut.lines == ["本語  "], "\(cut.lines)")
        #expect(cut.cursor == Point(x: 4, y: 0))
        var empty = TextEditState()
        let blank = render(&empty, width: 8, placeholder: "filter")
        #expect(blank.lines == ["filter  "] && blank.style(at: Point(x: 0, y: 0)) == .muted)
        #expect(blank.cursor == Point(x: 0, y: 0))
        var tiny = typed("日本")
        #expect(render(&tiny, width: 1).cursor == Point(x: 0, y: 0), "1 column: only the cursor")
    }

    @Test("a field made wider (terminal resized) scrolls back to show the text's start when it fits; a full view stays put")
    func widerFieldScrollsBack() {
        var state = typed("abcdefghij")
        #expect(render(&state, width: 5).lines == ["ghij "])
        state.moveLeft()
        state.moveLeft()
        #expect(render(&state, width: 5).lines == ["ghij "], "moving within a full view does not shift it")
        let wide = render(&state, width: 14)
        #expect(wide.lines == ["abcdefghij    "] && state.scroll == 0)
        #expect(wide.cursor == Point(x: 8, y: 0))
        var long = typed("abcdefghij")
        #expect(render(&long, width: 5).lines == ["ghij "])
        #expect(render(&long, width: 8).lines == ["defghij "], "only as far back as fits with the cursor's column")
    }

    @Test("drawing changes no state: a field not yet fitted to its width draws where fitting puts it, and the next key starts from there")
    func drawingIsPure() {
        var state = TextEditState(text: "abcdefghij")
        var surface = Surface(width: 5, height: 1)
        TextField().render(in: Rect(x: 0, y: 0, width: 5, height: 1), on: &surface, state: state)
        #expect(surface.lines == ["ghij "] && state.scroll == 0, "drawn from the fitted scroll, the state untouched")
        let moved = state.handle(.left, width: 5)
        #expect(moved)
        #expect(state.scroll == 6 && state.cursor == 9, "Left moves inside what was shown: the view does not shift")
        var after = Surface(width: 5, height: 1)
        TextField().render(in: Rect(x: 0, y: 0, width: 5, height: 1), on: &after, state: state)
        #expect(after.lines == ["ghij "] && after.cursor == Point(x: 3, y: 0))
        let entered = state.handle(.enter, width: 5)
        #expect(!entered && state.scroll == 6, "not an editing key")
    }

    @Test("typing-cjk.txt: each line lands the cursor at its display width; Backspace removes one character",
          SharedData.needed)
    func typingCJK() throws {
        let text = try String(contentsOf: SharedData.input("typing-cjk.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(!lines.isEmpty)
        for line in lines {
            var state = typed(line)
            #expect(state.text == line)
            #expect(state.cursorColumn == DisplayWidth.of(line), "\(line)")
            var surface = Surface(width: 40, height: 1)
            TextField().render(in: Rect(x: 0, y: 0, width: 40, height: 1), on: &surface, state: state)
            #expect(surface.cursor == Point(x: DisplayWidth.of(line), y: 0), "\(line)")
            let before = state.characters
            _ = state.handle(.backspace)
            #expect(state.characters == Array(before.dropLast()), "\(line)")
            #expect(state.cursorColumn == DisplayWidth.of(line) - DisplayWidth.of(before.last!), "\(line)")
        }
    }
}
