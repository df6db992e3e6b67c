/// Makes untrusted text safe to show on one terminal line.
///
/// Network data can hold escape sequences that set the window title, clear the screen,
/// write the clipboard or query the terminal. After sanitizing, no control character is
/// left, so nothing of the input can reach the terminal as a control sequence.
public enum Sanitizer {
    /// Replaces every control character with a visible, harmless stand-in.
    ///
    /// - C0 controls and DEL become caret notation: ESC → `^[`, BEL → `^G`, NUL → `^@`, DEL → `^?`.
    /// - C1 controls (U+0080–U+009F) become U+FFFD.
    /// - Tab, line feed and carriage return become one space each.
    /// - Parameter text: Any text, including untrusted data.
    /// - Returns: Text with no control characters.
    public static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacement) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(contentsOf: replacement(for: scalar))
        }
        return String(result)
    }

    // MARK: - Private

    private static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func replacement(for scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D:
            return [" "]
        case 0x00..<0x20:
            return ["^", Unicode.Scalar(UInt8(scalar.value + 0x40))]
        case 0x7F:
            return ["^", "?"]
        case 0x80...0x9F:
            return ["\u{FFFD}"]
        default:
            return [scalar]
        }
    }
}
