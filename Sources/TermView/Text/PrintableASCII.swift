/// The fast path of text measuring and drawing: a run of printable ASCII (U+0020–U+007E) is one
/// column and one grapheme cluster per byte and needs no sanitizing, so the hot paths of a frame
/// (``Surface/write(_:at:style:maxWidth:)``, ``TextLayout/head(of:columns:)``,
/// ``DisplayWidth/of(_:)-(String)``) can skip `Character` iteration for it. Everything else
/// takes the general path unchanged.
enum PrintableASCII {
    /// Each printable ASCII byte as a one-character `String` (a small string: no heap storage).
    static let strings: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }

    /// Whether `byte` is printable ASCII.
    @inline(__always)
    static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// How many leading bytes of `text`, at most `limit`, may be laid out one column each: the
    /// first `n` bytes are printable ASCII and the byte after them, if any, is ASCII (so it does
    /// not join the last of them in one cluster, as a combining mark would). `nil` when that holds
    /// for fewer than `min(limit, count)` bytes, or when the text is not stored contiguously:
    /// then the caller takes its general path. Looks at no more than `limit + 1` bytes.
    static func prefixLength(of text: String, limit: Int) -> (length: Int, isWhole: Bool)? {
        let limit = max(0, limit)
        var text = text
        return text.withUTF8 { bytes -> (Int, Bool)? in
            let length = min(limit, bytes.count)
            for index in 0..<length where !isPrintable(bytes[index]) { return nil }
            if length < bytes.count, bytes[length] >= 0x80 { return nil }
            return (length, length == bytes.count)
        }
    }
}
