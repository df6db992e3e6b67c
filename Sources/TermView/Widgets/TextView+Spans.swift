/// Where characters of a ``TextView``'s paragraphs are drawn once wrapped: for a find's
/// highlights and for scrolling a match into view.
extension TextView {
    /// A run of characters on one wrapped line: the line (among all the text's wrapped lines)
    /// and the columns it takes, relative to the text's left edge.
    public struct Span: Equatable, Sendable {
        /// The wrapped line, counted from the text's first.
        public var line: Int
        /// The columns on that line.
        public var columns: Range<Int>

        /// - Parameters: See the properties.
        public init(line: Int, columns: Range<Int>) {
            self.line = line
            self.columns = columns
        }
    }

    /// The first wrapped line of each paragraph in an area `width` columns wide, and after the
    /// last, the total (`paragraphs.count + 1` values).
    public func paragraphStarts(width: Int) -> [Int] {
        let textWidth = Self.textWidth(for: width)
        var starts = [0]
        for paragraph in paragraphs {
            starts.append(starts[starts.count - 1] + WrapCache.wrap(paragraph.text, width: textWidth, indent: paragraph.indent).count)
        }
        return starts
    }

    /// Where `characters` (offsets into paragraph `index`'s `Character`s, as written: before
    /// sanitizing) are drawn in an area `width` columns wide: one span per wrapped line they
    /// are on (the spaces dropped at a break are on none). Empty for characters not drawn.
    /// - Parameter firstLine: The paragraph's first wrapped line (``paragraphStarts(width:)``),
    ///   when the caller has it.
    public func spans(of characters: Range<Int>, inParagraph index: Int, width: Int, firstLine: Int? = nil) -> [Span] {
        guard paragraphs.indices.contains(index), !characters.isEmpty else { return [] }
        let textWidth = Self.textWidth(for: width)
        let paragraph = paragraphs[index]
        var line = firstLine ?? paragraphStarts(width: width)[index]
        var spans: [Span] = []
        var offset = 0
        // Paragraphs of the paragraph (its own line breaks) wrap on their own; a paragraph of
        // one part wraps through the cache, as it is drawn.
        let parts = TextLayout.paragraphs(of: paragraph.text)
        for part in parts {
            let count = part.count
            defer { offset += count + 1 }
            let lines = parts.count == 1 ? WrapCache.wrap(paragraph.text, width: textWidth, indent: paragraph.indent)
                : TextLayout.wrap(String(part), width: textWidth, indent: paragraph.indent)
            defer { line += lines.count }
            let from = max(characters.lowerBound, offset), to = min(characters.upperBound, offset + count)
            guard from < to else { continue }
            let local = (from - offset)..<(to - offset)
            spans += TextLayout.spans(of: local, in: part, lines: lines, indent: TextLayout.indent(paragraph.indent, width: textWidth))
                .map { Span(line: line + $0.line, columns: $0.columns) }
        }
        return spans
    }
}

extension TextLayout {
    /// Where characters `local` of one paragraph `text` (no line breaks) are drawn in its
    /// wrapped `lines`, continuation lines starting after `indent` spaces: (line, columns) pairs.
    static func spans(of local: Range<Int>, in text: Substring, lines: [String], indent: Int) -> [(line: Int, columns: Range<Int>)] {
        // Each raw character's first sanitized character (a control character becomes two).
        var sanitizedStart: [Int] = []
        var clean: [Character] = []
        let changes = text.unicodeScalars.contains(where: Sanitizer.isReplaced)
        if changes {
            for character in text {
                sanitizedStart.append(clean.count)
                clean += Array(Sanitizer.singleLine(String(character)))
            }
        } else {
            clean = Array(text)
        }
        sanitizedStart.append(clean.count)
        func sanitized(_ offset: Int) -> Int { changes ? sanitizedStart[min(offset, sanitizedStart.count - 1)] : offset }
        let wanted = sanitized(local.lowerBound)..<sanitized(local.upperBound)
        var result: [(line: Int, columns: Range<Int>)] = []
        var position = 0
        for (index, line) in lines.enumerated() {
            let pad = index == 0 ? 0 : min(indent, line.count)
            let body = line.dropFirst(pad)
            // A wrapped line never starts with the spaces of its break (only a paragraph's first keeps its own).
            if !body.hasPrefix(" ") { while position < clean.count, clean[position] == " " { position += 1 } }
            let start = position, end = position + body.count
            position = end
            let from = max(start, wanted.lowerBound), to = min(end, wanted.upperBound)
            guard from < to else {
                if start >= wanted.upperBound { break }
                continue
            }
            let before = DisplayWidth.of(String(body.prefix(from - start)))
            let inside = DisplayWidth.of(String(body.dropFirst(from - start).prefix(to - from)))
            guard inside > 0 else { continue }
            result.append((index, (pad + before)..<(pad + before + inside)))
        }
        return result
    }
}
