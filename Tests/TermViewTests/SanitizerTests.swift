import Testing
@testable import TermView

@Suite("Sanitizer")
struct SanitizerTests {
    @Test("an OSC window-title sequence shows as visible caret text")
    func osc() {
        #expect(Sanitizer.singleLine("\u{1B}]0;pwned\u{07}") == "^[]0;pwned^G")
    }

    @Test("CSI sequences, NUL and DEL become caret notation")
    func c0() {
        #expect(Sanitizer.singleLine("\u{1B}[2J\u{1B}[H") == "^[[2J^[[H")
        #expect(Sanitizer.singleLine("a\u{0}b\u{7F}") == "a^@b^?")
    }

    @Test("C1 controls become U+FFFD")
    func c1() {
        #expect(Sanitizer.singleLine("a\u{9B}2J\u{85}") == "a\u{FFFD}2J\u{FFFD}")
    }

    @Test("tab, newline and carriage return become one space each")
    func whitespace() {
        #expect(Sanitizer.singleLine("a\tb\nc\r\nd") == "a b c  d")
    }

    @Test("the Unicode line and paragraph separators become one space each, like a newline")
    func separators() {
        #expect(Sanitizer.singleLine("one\u{2028}two\u{2029}three") == "one two three")
        #expect(Sanitizer.needsReplacement("\u{2028}"))
        // The scalars between them and the bidi controls are ordinary text.
        #expect(Sanitizer.singleLine("a\u{2027}b") == "a\u{2027}b")
    }

    @Test("printable text, including CJK and emoji, is unchanged")
    func untouched() {
        let text = "Leanne 漢字 👍🏽 é"
        #expect(Sanitizer.singleLine(text) == text)
    }

    @Test("bidi controls become visible abbreviations, never the raw scalar",
          arguments: [("\u{202A}", "<LRE>"), ("\u{202B}", "<RLE>"), ("\u{202C}", "<PDF>"), ("\u{202D}", "<LRO>"),
                      ("\u{202E}", "<RLO>"), ("\u{2066}", "<LRI>"), ("\u{2067}", "<RLI>"), ("\u{2068}", "<FSI>"),
                      ("\u{2069}", "<PDI>"), ("\u{200E}", "<LRM>"), ("\u{200F}", "<RLM>"), ("\u{061C}", "<ALM>")])
    func bidi(control: String, mark: String) {
        let clean = Sanitizer.singleLine("price\(control)1234")
        #expect(clean == "price\(mark)1234")
        #expect(!clean.unicodeScalars.contains { Sanitizer.isReplaced($0) })
    }

    @Test("a Trojan Source line keeps its logical order: the override is shown, not obeyed")
    func trojanSource() {
        // The classic CVE-2021-42574 shape: an RLO ... PDF span inside a comment-like text.
        let text = "access = \"user\u{202E} \u{2066}// admin\u{2069} \u{2066}\""
        #expect(Sanitizer.singleLine(text) == "access = \"user<RLO> <LRI>// admin<PDI> <LRI>\"")
    }

    @Test("bidi text itself (Hebrew, Arabic) and joiners are left alone")
    func bidiLetters() {
        let text = "שלום مرحبا 👩\u{200D}👩\u{200D}👧 a\u{200C}b"
        #expect(Sanitizer.singleLine(text) == text)
    }
}
