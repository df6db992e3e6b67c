import Testing
@testable import TermView

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("character widths follow the table", arguments: [
        ("a", 1), ("漢", 2), ("ｱ", 1), ("Ａ", 2), ("e\u{301}", 1), ("\u{301}", 0),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("\u{1B}", 2), ("한", 2),
    ] as [(String, Int)])
    func characters(text: String, expected: Int) {
        #expect(DisplayWidth.of(Character(text)) == expected)
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test("string widths add up after sanitizing")
    func strings() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("漢字abc") == 7)
        #expect(DisplayWidth.of("a\u{1B}]0;x\u{07}") == 9)
        #expect(DisplayWidth.of("a\tb") == 3)
    }
}
