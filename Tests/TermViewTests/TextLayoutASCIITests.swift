@testable import TermView
import Testing

/// The byte-level wrap of printable ASCII gives the Character-by-Character wrap's lines.
struct TextLayoutASCIITests {
    /// Deterministic text of words, runs of spaces and newlines (xorshift, seeded).
    static func text(seed: UInt64, length: Int) -> String {
        var state = seed | 1
        let pieces = ["a", "bb", "word", "longerword", "x", " ", "  ", "   ", "\n", "\n\n", "supercalifragilistic", "-", "12345"]
        var text = ""
        while text.utf8.count < length {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            text += pieces[Int(state % UInt64(pieces.count))]
        }
        return text
    }

    @Test("the same lines as the general wrap for random words, spaces and newlines at widths 1 to 24 and 80",
          arguments: Array(1...24) + [80])
    func sameLines(width: Int) {
        for seed in UInt64(1)...40 {
            let text = Self.text(seed: seed, length: Int(seed) * 7)
            #expect(TextLayout.wrapASCII(text, width: width) == TextLayout.wrapCharacters(text, width: width), "\(text.debugDescription)")
        }
    }

    @Test("edges: empty text, only spaces, leading and trailing spaces and newlines, a word longer than the width")
    func edges() {
        for text in ["", " ", "   ", "\n", "a\n", "\na", "  a  ", "a  \n  b", String(repeating: "z", count: 25), "ab cd ef gh"] {
            for width in [1, 2, 3, 5, 10] {
                #expect(TextLayout.wrapASCII(text, width: width) == TextLayout.wrapCharacters(text, width: width), "\(text.debugDescription) at \(width)")
            }
        }
    }

    @Test("text with a control character, a carriage return, a tab or anything past ASCII is left to the general path")
    func notASCII() {
        for text in ["tab\there", "cr\r\nlf", "bell\u{07}", "del\u{7F}", "café", "日本", "emoji 🙂"] {
            #expect(TextLayout.wrapASCII(text, width: 10) == nil)
            #expect(TextLayout.wrap(text, width: 10) == TextLayout.wrapCharacters(text, width: 10))
        }
    }
}
