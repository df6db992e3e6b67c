/// Lays out text by display width (columns, see ``DisplayWidth``), never splitting a character.
public enum TextLayout {
    // MARK: - API

    /// Word-wraps `text` into lines of at most `width` columns.
    ///
    /// Explicit newlines (`\n`, `\r\n`) start new lines and empty paragraphs are kept as `""`.
    /// Words are separated by spaces; spaces inside a line are kept as written and dropped at wrap points. Words
    /// longer than `width` are hard-broken between grapheme clusters. Lines are sanitized.
    /// A 2-column character on a 1-column width gets a line of its own (2 columns).
    /// - Parameters:
    ///   - text: Any text, including untrusted data.
    ///   - width: Columns per line; values below 1 count as 1.
    ///   - indent: Spaces before every line a paragraph continues on (a hanging indent, so a
    ///     long value goes on under its own start), at most half the width
    ///     (``indent(_:width:)``); the first line of each paragraph has none.
    /// - Returns: At least one line.
    public static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        let width = max(1, width)
        let indent = Self.indent(indent, width: width)
        return wrapASCII(text, width: width, indent: indent) ?? wrapCharacters(text, width: width, indent: indent)
    }

    /// The hanging indent ``wrap(_:width:indent:)`` uses for `indent` at `width`: at most half
    /// the width, so a continued line always has room for half a line of text.
    public static func indent(_ indent: Int, width: Int) -> Int {
        max(0, min(indent, max(1, width) / 2))
    }

    /// ``wrap(_:width:indent:)`` for any text, Character by Character (``wrapASCII(_:width:indent:)`` is its
    /// fast path; tests compare the two).
    static func wrapCharacters(_ text: String, width: Int, indent: Int = 0) -> [String] {
        let width = max(1, width)
        let indent = Self.indent(indent, width: width)
        return paragraphs(of: text).flatMap { wrapParagraph(Sanitizer.singleLine(String($0)), width: width, indent: indent) }
    }

    /// Cuts `text` to at most `width` columns, ending with "…" when anything was cut.
    ///
    /// The text is sanitized first; a character is never split. `width` ≤ 0 gives `""`. Only
    /// the characters that can show are looked at (``head(of:columns:)``), so a 100 MB string
    /// costs what a short one does.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        let (head, more) = head(of: text, columns: width)
        let clean = Sanitizer.singleLine(String(head))
        if !more { return clean }
        let (cut, _) = prefix(of: clean, columns: width - 1)
        return cut + "…"
    }

    /// The leading characters of `text` that fit in `columns` columns (each measured as
    /// sanitized), and whether any character follows them. Stops at the first character that
    /// does not fit: the cost depends on `columns`, not on the length of `text`.
    public static func head(of text: String, columns: Int) -> (head: Substring, more: Bool) {
        if let (length, whole) = PrintableASCII.prefixLength(of: text, limit: max(0, columns)) {
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: length)
            return (text[..<end], !whole)
        }
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let width = DisplayWidth.of(text[index])
            if used + width > columns { return (text[..<index], true) }
            used += width
            index = text.index(after: index)
        }
        return (text[...], false)
    }

    /// Pads or truncates `text` to exactly `width` columns.
    ///
    /// - Parameters:
    ///   - alignment: `.left` pads on the right; `.right` pads on the left.
    /// - Returns: Text of exactly `max(0, width)` columns (truncated with "…" if too long).
    public static func fit(_ text: String, width: Int, alignment: Alignment) -> String {
        let cut = truncate(text, to: width)
        let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
        switch alignment {
        case .left: return cut + padding
        case .right: return padding + cut
        }
    }

    /// Where characters of `text` land once it is ``fit(_:width:alignment:)``ted: the display
    /// columns (0-based, relative to the fitted text) of the characters in `ranges`.
    ///
    /// Offsets count `Character`s of the original text; each is measured as sanitized (a
    /// control character shown as `^[` takes 2 columns). Characters cut off by truncation, and
    /// the "…" that replaces them, are never included.
    /// - Parameters:
    ///   - ranges: Character offsets into `text` (such as filter matches).
    /// - Returns: Column ranges in ascending order, one per run of consecutive marked characters.
    public static func columns(of ranges: [Range<Int>], in text: String, fittedTo width: Int,
                               alignment: Alignment) -> [Range<Int>] {
        guard width > 0, !ranges.isEmpty else { return [] }
        let (head, more) = head(of: text, columns: width)
        let total = more ? width + 1 : DisplayWidth.of(Sanitizer.singleLine(String(head)))
        let visible = total <= width ? total : width - 1
        let shift = alignment == .right ? max(0, width - min(total, width)) : 0
        var result: [Range<Int>] = []
        var column = 0
        for (offset, character) in head.enumerated() {
            let columns = DisplayWidth.of(Sanitizer.singleLine(String(character)))
            guard column + columns <= visible else { break }
            if columns > 0, ranges.contains(where: { $0.contains(offset) }) {
                let span = (shift + column)..<(shift + column + columns)
                if let last = result.last, last.upperBound == span.lowerBound {
                    result[result.count - 1] = last.lowerBound..<span.upperBound
                } else {
                    result.append(span)
                }
            }
            column += columns
        }
        return result
    }

    // MARK: - Private

    /// Splits on `\n` and `\r\n` (one Character in Swift), keeping empty paragraphs.
    static func paragraphs(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// Wraps one paragraph. Spaces inside a line are kept as written (indentation and
    /// column alignment survive); the spaces at a break are dropped. Lines after the first are
    /// `indent` columns narrower and start with that many spaces.
    private static func wrapParagraph(_ paragraph: String, width: Int, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        let rest = width - indent
        for (gap, word) in words(of: paragraph) {
            let gapWidth = gap.count
            let wordWidth = DisplayWidth.of(word)
            if lineWidth + gapWidth + wordWidth <= (lines.isEmpty ? width : rest) {
                line += gap + word
                lineWidth += gapWidth + wordWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var pieces = hardBreak(word, first: lines.isEmpty ? width : rest, rest: rest)
            let last = pieces.removeLast()
            lines.append(contentsOf: pieces)
            line = last
            lineWidth = DisplayWidth.of(last)
        }
        lines.append(line)
        guard indent > 0 else { return lines }
        let pad = String(repeating: " ", count: indent)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }
    }

    /// Splits a sanitized paragraph into (spaces before, word) pairs; trailing spaces are dropped.
    private static func words(of paragraph: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var gap = ""
        var word = ""
        for character in paragraph {
            if character == " " {
                if !word.isEmpty {
                    result.append((gap, word))
                    gap = ""
                    word = ""
                }
                gap.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { result.append((gap, word)) }
        return result
    }

    /// Breaks `word` into pieces, the first of at most `first` columns and the others of at
    /// most `rest`, in one pass; never returns an empty array. A character wider than its
    /// piece's width gets a piece of its own.
    private static func hardBreak(_ word: String, first: Int, rest: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var used = 0
        for character in word {
            let columns = DisplayWidth.of(character)
            if used > 0, used + columns > (pieces.isEmpty ? first : rest) {
                pieces.append(piece)
                piece = ""
                used = 0
            }
            piece.append(character)
            used += columns
        }
        pieces.append(piece)
        return pieces
    }

    /// The longest prefix of (already sanitized) `text` that fits in `columns`.
    /// - Returns: The prefix and how many Characters it holds.
    private static func prefix(of text: String, columns: Int) -> (String, Int) {
        var used = 0
        var count = 0
        for character in text {
            let width = DisplayWidth.of(character)
            if used + width > columns { break }
            used += width
            count += 1
        }
        return (String(text.prefix(count)), count)
    }
}
