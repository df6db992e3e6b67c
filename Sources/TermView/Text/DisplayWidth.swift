import CNcurses

/// Measures text in terminal columns.
///
/// Widths come from `wcwidth(3)` in a UTF-8 `LC_CTYPE` locale, which is set up once, lazily:
/// `setlocale(LC_CTYPE, "")`, falling back to `setlocale(LC_CTYPE, "C.UTF-8")` when the
/// environment's locale is not UTF-8. Grapheme clusters are measured whole and never split.
public enum DisplayWidth {
    /// Returns how many columns `text` occupies once sanitized.
    ///
    /// CJK and emoji count 2, combining marks 0; control characters count as their visible
    /// replacement (`^[` is 2, a bidi control such as U+202E is `<RLO>`, 5; see ``Sanitizer``).
    /// - Parameter text: Any text, including untrusted data.
    /// - Returns: A width in columns, never negative.
    public static func of(_ text: String) -> Int {
        if let ascii = PrintableASCII.prefixLength(of: text, limit: text.utf8.count), ascii.isWhole { return ascii.length }
        return Sanitizer.singleLine(text).reduce(0) { $0 + measure($1) }
    }

    /// Returns how many columns `character` (one grapheme cluster) occupies.
    ///
    /// Emoji clusters (ZWJ sequences, flags, skin tones, VS16) count 2; a lone combining mark
    /// or zero-width character counts 0; a control character counts as its replacement.
    /// - Returns: 0, 1 or 2 for printable characters; 1–5 for sanitized controls (more for a
    ///   character that combines several).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: Sanitizer.isReplaced) {
            return of(String(character))
        }
        return measure(character)
    }

    // MARK: - Private

    /// Ensures a UTF-8 `LC_CTYPE` once; `wcwidth` answers -1 for non-ASCII otherwise.
    private static let localeIsReady: Bool = {
        if !codesetIsUTF8(setlocale(LC_CTYPE, "")) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        return true
    }()

    private static func codesetIsUTF8(_ name: UnsafeMutablePointer<CChar>?) -> Bool {
        guard let name else { return false }
        let lowered = String(cString: name).lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// Width of an already sanitized character.
    private static func measure(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        let scalars = Array(character.unicodeScalars)
        guard let first = scalars.first else { return 0 }
        if scalars.count > 1, isEmojiCluster(scalars) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        let base = columns(of: first)
        if base == 0, scalars.count > 1 {
            return scalars.dropFirst().map(columns(of:)).max() ?? 0
        }
        return base
    }

    private static func isEmojiCluster(_ scalars: [Unicode.Scalar]) -> Bool {
        let first = scalars[0]
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }   // regional indicator pair: a flag
        return scalars.contains { scalar in
            scalar.value == 0xFE0F                                      // VS16: emoji presentation
                || (0x1F3FB...0x1F3FF).contains(scalar.value)           // skin tone modifier
                || (scalar.value == 0x200D && first.properties.isEmoji) // ZWJ sequence
        }
    }

    /// `wcwidth(3)` for one scalar; characters the C library does not know count 1.
    private static func columns(of scalar: Unicode.Scalar) -> Int {
        _ = localeIsReady
        let width = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
        return width < 0 ? 1 : min(width, 2)
    }
}
