import Testing
@testable import TermView

@Suite("TextLayout")
struct TextLayoutTests {
    @Test("wrap breaks between words by display width")
    func words() {
        #expect(TextLayout.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test("wrap keeps spaces inside a line and drops them at a break")
    func wrapKeepsSpaces() {
        #expect(TextLayout.wrap("Name:     Ann", width: 20) == ["Name:     Ann"])
        #expect(TextLayout.wrap("  indented text", width: 20) == ["  indented text"])
        #expect(TextLayout.wrap("aaaa     bbbb", width: 6) == ["aaaa", "bbbb"])
        #expect(TextLayout.wrap("trailing   ", width: 20) == ["trailing"])
    }

    @Test("wrap hard-breaks a 64-character word at width 10")
    func longWord() {
        let word = String(repeating: "abcdefgh", count: 8)
        let lines = TextLayout.wrap("go " + word, width: 10)
        #expect(lines.first == "go")
        #expect(lines.dropFirst().joined() == word)
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.count == 10 })
        #expect(lines.last == "efgh")
    }

    @Test("wrap measures CJK as two columns and never splits a character")
    func cjk() {
        #expect(TextLayout.wrap("漢字漢字漢", width: 5) == ["漢字", "漢字", "漢"])
        #expect(TextLayout.wrap("ab 漢字漢字", width: 4) == ["ab", "漢字", "漢字"])
    }

    @Test("explicit newlines start lines and empty paragraphs are kept")
    func newlines() {
        #expect(TextLayout.wrap("one\n\ntwo\r\nthree", width: 20) == ["one", "", "two", "three"])
        #expect(TextLayout.wrap("", width: 5) == [""])
        #expect(TextLayout.wrap("abc", width: 0) == ["a", "b", "c"])
    }

    @Test("wrapped lines are sanitized")
    func sanitized() {
        #expect(TextLayout.wrap("a\u{1B}[2J", width: 20) == ["a^[[2J"])
    }

    @Test("truncate ends with an ellipsis only when it cuts")
    func truncate() {
        #expect(TextLayout.truncate("hello", to: 5) == "hello")
        #expect(TextLayout.truncate("hello world", to: 5) == "hell…")
        #expect(TextLayout.truncate("hello", to: 1) == "…")
        #expect(TextLayout.truncate("hello", to: 0) == "")
    }

    @Test("truncate never splits a wide character", arguments: [
        (5, "漢字…"), (4, "漢…"), (6, "漢字…"), (8, "漢字漢字"), (2, "…"), (3, "漢…"),
    ] as [(Int, String)])
    func truncateWide(width: Int, expected: String) {
        #expect(TextLayout.truncate("漢字漢字", to: width) == expected)
        #expect(DisplayWidth.of(TextLayout.truncate("漢字漢字", to: width)) <= width)
    }

    @Test("fit pads to exactly the width; right alignment pads on the left")
    func fit() {
        #expect(TextLayout.fit("ab", width: 4, alignment: .left) == "ab  ")
        #expect(TextLayout.fit("42", width: 4, alignment: .right) == "  42")
        #expect(TextLayout.fit("漢字漢", width: 5, alignment: .left) == "漢字…")
        #expect(TextLayout.fit("漢字漢", width: 4, alignment: .right) == " 漢…")
        #expect(TextLayout.fit("x", width: 0, alignment: .left) == "")
    }
}
