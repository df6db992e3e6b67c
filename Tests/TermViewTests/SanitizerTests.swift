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

    @Test("printable text, including CJK and emoji, is unchanged")
    func untouched() {
        let text = "Leanne 漢字 👍🏽 é"
        #expect(Sanitizer.singleLine(text) == text)
    }
}
