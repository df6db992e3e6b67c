import Foundation

/// Case- and accent-insensitive text folding for filters and search.
///
/// `fold("Émile ÇA")` is `"emile ca"`: Foundation's `folding(options:locale:)` with
/// `.caseInsensitive` and `.diacriticInsensitive`, locale-independent. Queries are folded the
/// same way and matched as literal substrings: no character has a special meaning.
public enum TextFolding {
    /// `text` folded for matching.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The UTF-8 bytes of ``fold(_:)``: `Array(fold(text).utf8)`, computed without Foundation
    /// when `text` is ASCII (ASCII letters lowercased, every other byte kept), which is what
    /// Foundation's folding does to ASCII.
    public static func foldedUTF8(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendFoldedUTF8(of: text, to: &bytes)
        return bytes
    }

    /// Appends the UTF-8 bytes of ``fold(_:)`` of `text` to `bytes` (the ASCII fast path of
    /// ``foldedUTF8(_:)``, without a temporary array).
    public static func appendFoldedUTF8(of text: String, to bytes: inout [UInt8]) {
        let appended = text.utf8.withContiguousStorageIfAvailable { source -> Bool in
            guard isASCII(source) else { return false }
            appendLowercasedASCII(source, to: &bytes)
            return true
        }
        if appended == true { return }
        if appended == nil, text.utf8.allSatisfy({ $0 < 0x80 }) {
            bytes.append(contentsOf: text.utf8.map(lowercasedASCII))
            return
        }
        bytes.append(contentsOf: fold(text).utf8)
    }

    // MARK: - Private

    private static func isASCII(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in source { combined |= byte }
        return combined < 0x80
    }

    private static func appendLowercasedASCII(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: source)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for position in start..<buffer.count { buffer[position] = lowercasedASCII(buffer[position]) }
        }
    }

    @inline(__always)
    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
