import Testing
@testable import TermView

/// The printable-ASCII fast path of drawing and measuring gives exactly what the general path
/// gives, at the edges where a cluster could straddle the cut.
@Suite("Printable ASCII fast path")
struct PrintableASCIITests {
    /// `prefixLength` as text: "5 whole", "3 cut" or "general" (nil: the general path).
    private func fast(_ text: String, _ limit: Int) -> String {
        guard let result = PrintableASCII.prefixLength(of: text, limit: limit) else { return "general" }
        return "\(result.length) \(result.isWhole ? "whole" : "cut")"
    }

    @Test("only a prefix of printable ASCII whose next byte is ASCII qualifies")
    func prefix() {
        #expect(fast("hello", 10) == "5 whole")
        #expect(fast("hello", 3) == "3 cut")
        #expect(fast("hello", -2) == "0 cut")
        #expect(fast("", 4) == "0 whole")
        #expect(fast("abce\u{301}", 4) == "general", "the accent joins the e")
        #expect(fast("abcé", 3) == "general", "whatever follows the cut is not ASCII: the general path decides")
        #expect(fast("ab\u{1B}[2J", 8) == "general", "a control goes the general way")
        #expect(fast("ab\tc", 2) == "2 cut")
    }

    @Test("a combining mark right after the cut stays with its base character")
    func combiningAtTheCut() {
        var surface = Surface(width: 5, height: 1)
        #expect(surface.write("abcde\u{301}fg", at: Point(x: 0, y: 0), style: .normal) == 5)
        #expect(surface[4, 0].text == "e\u{301}")
        #expect(TextLayout.head(of: "abc\u{301}", columns: 3) == ("abc\u{301}"[...], false))
        #expect(TextLayout.truncate("abcde\u{301}fg", to: 5) == "abcd…")
        #expect(DisplayWidth.of("cafe\u{301}") == 4)
    }

    @Test("ASCII text drawn past either edge or cut by maxWidth gives the same cells as before")
    func edges() {
        var surface = Surface(width: 6, height: 1)
        #expect(surface.write("abcdef", at: Point(x: -2, y: 0), style: .selected, maxWidth: 5) == 3)
        #expect(surface.lines == ["cde   "])
        #expect(surface.style(at: Point(x: 0, y: 0)) == .selected)
        #expect(surface.write("xyz", at: Point(x: 4, y: 0), style: .normal) == 2)
        #expect(surface.lines == ["cde xy"])
        #expect(surface.write("q", at: Point(x: 0, y: 3), style: .normal) == 0, "outside the surface")
        #expect(surface.write("abc", at: Point(x: 2, y: 0), style: .normal, maxWidth: 0) == 0)
    }

    @Test("ASCII written over half of a wide character blanks the other half")
    func overWide() {
        var surface = Surface(width: 4, height: 1)
        surface.write("日本", at: Point(x: 0, y: 0), style: .normal)
        surface.write("a", at: Point(x: 1, y: 0), style: .normal)
        #expect(surface.lines == [" a本"])
        #expect(surface[0, 0] == .blank())
    }

    @Test("a huge ASCII text costs only what fits: the scan stops at the cut")
    func huge() {
        let huge = String(repeating: "n", count: 50_000_000) + "\u{1B}"
        var surface = Surface(width: 10, height: 1)
        #expect(surface.write(huge, at: Point(x: 0, y: 0), style: .normal) == 10)
        #expect(fast(huge, 10) == "10 cut")
        #expect(TextLayout.truncate(huge, to: 4) == "nnn…")
    }
}
