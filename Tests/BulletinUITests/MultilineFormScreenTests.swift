import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// A post's form drawn at 80x24 through the ScreenHost with real keys: the body as several
/// wrapped rows (Enter, ↑↓ by display row over CJK, Home/End), its growth capped with scrolling
/// inside, and a title that refuses a line break with a note beside it.
@MainActor
@Suite("Record form screen: multi-line bodies")
struct MultilineFormScreenTests {
    /// `a` on a user's posts: the new-post form, the focus on Title.
    func openForm() async -> KeyScreenHarness {
        let harness = await KeyScreenHarness.open(.user)
        harness.press(.character("a"), width: 80, height: 24)
        return harness
    }

    func type(_ text: String, _ harness: KeyScreenHarness) {
        for character in text { harness.press(.character(character), width: 80, height: 24) }
    }

    func press(_ keys: Key..., on harness: KeyScreenHarness) {
        for key in keys { harness.press(key, width: 80, height: 24) }
    }

    func frame(_ harness: KeyScreenHarness) -> Surface {
        var surface = Surface(width: 80, height: 24)
        harness.host.render(on: &surface)
        return surface
    }

    func form(_ harness: KeyScreenHarness) -> RecordFormViewModel? {
        harness.app.stack.top?.destination as? RecordFormViewModel
    }

    @Test("at 80x24 a three-line body is drawn as three rows under its label, the cursor at the end of the third")
    func threeLineBody() async {
        let harness = await openForm()
        type("Hello", harness)
        press(.tab, on: harness)
        type("One", harness)
        press(.enter, on: harness)
        type("Two", harness)
        press(.enter, on: harness)
        type("Three", harness)
        let lines = harness.lines(width: 80, height: 24)
        #expect(Array(lines[0...11]) == [
            " Bulletin  Home › Users › Leanne Graham › New post",
            " New post",
            "",
            "   Author id  1",
            "",
            "   Title      Hello",
            "",
            " › Body       One",
            "              Two",
            "              Three",
            "",
            "",
        ])
        let surface = frame(harness)
        #expect(surface.cursor == Point(x: 19, y: 9))
        for y in 7...9 { #expect(surface.style(at: Point(x: 54, y: y)) == .selected, "the body is 41 columns wide, row \(y)") }
        #expect(surface.style(at: Point(x: 55, y: 8)) == .normal)
        #expect(form(harness)?.fields[2].text == "One\nTwo\nThree")
        #expect(lines.last == " Tab/S-Tab field  ^S save  Esc cancel  ^C quit  F1 help          unsaved changes")
    }

    @Test("a CJK line wraps by display width without splitting a character; ↑ ↓ move by display row; Home/End go to the line's ends")
    func cjkRows() async {
        let harness = await openForm()
        press(.tab, on: harness)
        // 25 ideographs are 50 columns: 20 fill the 41-column body's first row (40 columns), 5 wrap.
        let text = String(repeating: "東京都大阪", count: 5)
        type(text, harness)
        var lines = harness.lines(width: 80, height: 24)
        #expect(lines[7] == " › Body       " + String(text.prefix(20)))
        #expect(lines[8] == "              " + String(text.suffix(5)))
        #expect(frame(harness).cursor == Point(x: 24, y: 8), "after 5 wide characters on the second row")
        press(.up, on: harness)
        #expect(frame(harness).cursor == Point(x: 24, y: 7), "the same column on the row above")
        type("x", harness)
        #expect(form(harness)?.fields[2].text == String(text.prefix(5)) + "x" + String(text.dropFirst(5)))
        press(.down, on: harness)
        lines = harness.lines(width: 80, height: 24)
        #expect(lines[7].hasPrefix(" › Body       東京都大阪x東"), "\(lines[7])")
        press(.home, on: harness)
        #expect(frame(harness).cursor == Point(x: 14, y: 7), "Home: the start of the line, not of the row")
        press(.end, on: harness)
        let end = frame(harness).cursor
        #expect(end?.y == 8, "End: the end of the wrapped line")
        press(.up, .up, on: harness)
        #expect(form(harness)?.fields[form(harness)?.focus ?? 0].id == .body, "↑ stays in the body; Shift-Tab leaves it")
        press(.backTab, on: harness)
        #expect(form(harness)?.fields[form(harness)?.focus ?? 0].id == .title)
    }

    @Test("the body grows to 8 rows at most, then scrolls inside with the cursor's row in view")
    func bodyScrollsInside() async {
        let harness = await openForm()
        press(.tab, on: harness)
        for line in 1...10 {
            if line > 1 { press(.enter, on: harness) }
            type("line \(line)", harness)
        }
        let lines = harness.lines(width: 80, height: 24)
        #expect(lines[7] == " › Body       line 3")
        #expect(Array(lines[8...14]) == (4...10).map { "              line \($0)" })
        #expect(lines[15] == "")
        #expect(frame(harness).cursor == Point(x: 21, y: 14))
        press(.pageUp, on: harness)
        let scrolled = harness.lines(width: 80, height: 24)
        #expect(scrolled[7] == " › Body       line 2", "PgUp moves 8 rows up: the cursor on line 2 is the top row")
        #expect(frame(harness).cursor?.y == 7)
    }

    @Test("Enter in the title is refused with a note beside it; the next key clears the note")
    func titleRefusesEnter() async {
        let harness = await openForm()
        type("Hi", harness)
        press(.enter, on: harness)
        var lines = harness.lines(width: 80, height: 24)
        #expect(lines[5] == " › Title      Hi" + String(repeating: " ", count: 41) + "Title is one line")
        #expect(frame(harness).style(at: Point(x: 57, y: 5)) == .muted)
        #expect(form(harness)?.focus == 1 && form(harness)?.fields[1].text == "Hi", "neither moved on nor changed")
        type("!", harness)
        lines = harness.lines(width: 80, height: 24)
        #expect(lines[5] == " › Title      Hi!")
    }

    @Test("an unfocused one-line field shows the start of its text, the focused one its end")
    func unfocusedShowsStart() async {
        let harness = await openForm()
        let text = (0..<6).map { "word\($0)xxxx" }.joined()  // 54 characters in a 41-column field
        type(text, harness)
        #expect(harness.lines(width: 80, height: 24)[5] == " › Title      " + String(text.suffix(40)))
        press(.tab, on: harness)
        #expect(harness.lines(width: 80, height: 24)[5] == "   Title      " + String(text.prefix(41)))
    }
}
