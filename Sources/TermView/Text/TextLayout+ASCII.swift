extension TextLayout {
    /// ``wrap(_:width:)`` of text that holds only printable ASCII (`0x20`–`0x7E`) and `\n`:
    /// the same lines, worked out on its bytes (one column per byte, nothing to sanitize, every
    /// line a run of the text's bytes), so a 100 MB field wraps in a fraction of a second
    /// rather than twenty. `nil` for any other text (the general path handles it).
    static func wrapASCII(_ text: String, width: Int, indent: Int = 0) -> [String]? {
        let indent = Self.indent(indent, width: width)
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var printable = true
            for byte in bytes where byte != 0x0A && (byte < 0x20 || byte > 0x7E) {
                printable = false
                break
            }
            guard printable else { return nil }
            var lines: [String] = []
            var start = 0
            while true {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                wrapParagraph(bytes, start..<end, width: width, indent: indent, into: &lines)
                guard end < bytes.count else { break }
                start = end + 1
            }
            return lines
        }
    }

    /// One paragraph's lines, as ``wrap(_:width:indent:)``'s general path makes them: words are the
    /// runs between spaces; a word that fits joins the line with the spaces before it; one
    /// that does not ends the line (the spaces at the break dropped) and starts the next,
    /// broken into pieces of the line's width when it is longer; trailing spaces are dropped.
    /// Lines after the first are `indent` bytes narrower and start with that many spaces.
    private static func wrapParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>, width: Int, indent: Int,
                                      into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        var emitted = 0
        func limit() -> Int { emitted == 0 ? width : width - indent }
        func emit(_ range: Range<Int>) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            lines.append(emitted == 0 ? text : pad + text)
            emitted += 1
        }
        var lineStart = paragraph.lowerBound, lineEnd = paragraph.lowerBound
        var at = paragraph.lowerBound
        while at < paragraph.upperBound {
            let gapStart = at
            while at < paragraph.upperBound, bytes[at] == 0x20 { at += 1 }
            guard at < paragraph.upperBound else { break }
            let wordStart = at
            while at < paragraph.upperBound, bytes[at] != 0x20 { at += 1 }
            let lineWidth = lineEnd - lineStart
            if lineWidth + (at - gapStart) <= limit() {
                if lineWidth == 0 { lineStart = gapStart }
                lineEnd = at
                continue
            }
            if lineWidth > 0 { emit(lineStart..<lineEnd) }
            var piece = wordStart
            while at - piece > limit() {
                let room = limit()
                emit(piece..<(piece + room))
                piece += room
            }
            (lineStart, lineEnd) = (piece, at)
        }
        emit(lineStart..<lineEnd)
    }
}
