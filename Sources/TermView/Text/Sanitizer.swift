/// Makes untrusted text safe to show on one terminal line.
///
/// Network data can hold escape sequences that set the window title, clear the screen,
/// write the clipboard or query the terminal, and bidirectional formatting characters that
/// make the terminal reorder what is drawn after them. After sanitizing, no control character
/// and no bidi control is left, so nothing of the input can reach the terminal as a control
/// sequence or change the order of other text.
public enum Sanitizer {
    /// Replaces every control character with a visible, harmless stand-in.
    ///
    /// - C0 controls and DEL become caret notation: ESC → `^[`, BEL → `^G`, NUL → `^@`, DEL → `^?`.
    /// - C1 controls (U+0080–U+009F) become U+FFFD.
    /// - Tab, line feed and carriage return become one space each, and so do the Unicode line
    ///   and paragraph separators U+2028 and U+2029 (a terminal may start a new line at them).
    /// - Bidi controls become their Unicode abbreviation in angle brackets, in ASCII (so they
    ///   are as wide in every terminal and locale): the embeddings and overrides U+202A–U+202E
    ///   `<LRE>` `<RLE>` `<PDF>` `<LRO>` `<RLO>`, the isolates U+2066–U+2069 `<LRI>` `<RLI>`
    ///   `<FSI>` `<PDI>`, and the marks U+200E `<LRM>`, U+200F `<RLM>`, U+061C `<ALM>`
    ///   (Unicode Standard Annex #9, table 4). They are invisible in text, so a visible mark
    ///   shows that the data holds one.
    /// - Parameter text: Any text, including untrusted data.
    /// - Returns: Text with no control characters.
    public static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isReplaced) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(contentsOf: replacement(for: scalar))
        }
        return String(result)
    }

    /// Whether ``singleLine(_:)`` replaces `scalar`: a C0 or C1 control, DEL, a line or
    /// paragraph separator, or a bidi control.
    @inline(__always)
    static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        guard value >= 0x61C, value <= 0x2069 else { return false }
        return value == 0x61C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Whether `character` holds any scalar that ``singleLine(_:)`` replaces.
    @inline(__always)
    static func needsReplacement(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isReplaced)
    }

    // MARK: - Private

    /// The abbreviations of the bidi controls, by scalar value (UAX #9, table 4).
    private static let bidiNames: [UInt32: String] = [
        0x061C: "ALM", 0x200E: "LRM", 0x200F: "RLM",
        0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO",
        0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI",
    ]

    private static func replacement(for scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
            return [" "]
        case 0x00..<0x20:
            return ["^", Unicode.Scalar(UInt8(scalar.value + 0x40))]
        case 0x7F:
            return ["^", "?"]
        case 0x80...0x9F:
            return ["\u{FFFD}"]
        default:
            if let name = bidiNames[scalar.value] { return Array(("<" + name + ">").unicodeScalars) }
            return [scalar]
        }
    }
}
