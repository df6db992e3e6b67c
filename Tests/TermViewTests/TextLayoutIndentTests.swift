@testable import TermView
import Testing

/// Issue 24, item 14: a hanging indent (the raw view's values, a post's facts) continues a
/// wrapped paragraph under its own start; the ASCII fast path stays the general path's twin;
/// and a text view says where characters are drawn once wrapped (for a find's highlights).
struct TextLayoutIndentTests {
    @Test("continued lines start with the indent and are that much narrower; the first line is whole")
    func hanging() {
        #expect(TextLayout.wrap("aaa bbb ccc ddd", width: 8, indent: 2) == ["aaa bbb", "  ccc", "  ddd"])
        #expect(TextLayout.wrap("abcdefghij", width: 4, indent: 1) == ["abcd", " efg", " hij"], "a long word too")
        #expect(TextLayout.wrap("one\ntwo three", width: 7, indent: 2) == ["one", "two", "  three"],
                "each paragraph's first line has none")
        #expect(TextLayout.wrap("aaa bbb ccc", width: 10, indent: 9) == ["aaa bbb", "     ccc"], "at most half the width")
        #expect(TextLayout.indent(9, width: 10) == 5)
    }

    @Test("the ASCII path gives the general path's lines with an indent, at widths 1 to 24", arguments: Array(1...24))
    func sameLines(width: Int) {
        for seed in UInt64(1)...30 {
            let text = TextLayoutASCIITests.text(seed: seed, length: Int(seed) * 9)
            for indent in [1, 2, 3, 6] {
                #expect(TextLayout.wrapASCII(text, width: width, indent: indent)
                    == TextLayout.wrapCharacters(text, width: width, indent: indent), "\(text.debugDescription) indent \(indent)")
            }
        }
    }

    @Test("spans: where characters are drawn, across a break, under an indent, after a control character")
    func spans() {
        let view = TextView(paragraphs: [StyledLine("Title"), StyledLine("aaa bbb ccc ddd", indent: 2)])
        // Width 9: the text is 8 columns (one for the scroll indicator).
        #expect(view.paragraphStarts(width: 9) == [0, 1, 4])
        #expect(view.spans(of: 8..<11, inParagraph: 1, width: 9) == [TextView.Span(line: 2, columns: 2..<5)])
        #expect(view.spans(of: 4..<11, inParagraph: 1, width: 9)
            == [TextView.Span(line: 1, columns: 4..<7), TextView.Span(line: 2, columns: 2..<5)], "the space at the break is on no line")
        let control = TextView(paragraphs: [StyledLine("a\u{1B}b cd")])
        #expect(control.spans(of: 4..<6, inParagraph: 0, width: 20) == [TextView.Span(line: 0, columns: 5..<7)],
                "ESC is drawn as ^[ (two columns)")
        let lines = TextView(paragraphs: [StyledLine("ab\ncd ef")])
        #expect(lines.spans(of: 6..<8, inParagraph: 0, width: 20) == [TextView.Span(line: 1, columns: 3..<5)],
                "a line break inside a paragraph starts a line")
    }
}
