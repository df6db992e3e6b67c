import Synchronization

/// The wrapped lines of the last few long paragraphs, so a 100 MB body is wrapped once per
/// width, not on every frame (``TextView`` asks for every paragraph of a screen on each frame).
///
/// Only paragraphs of at least ``threshold`` UTF-8 bytes are kept (short ones wrap in
/// microseconds). A paragraph is known by its string storage's address and length and by its
/// first and last 64 bytes, so looking one up costs the same whatever its length; a different
/// text that reused freed storage of the same length with the same ends would be taken for the
/// old one, which the ends make very unlikely.
enum WrapCache {
    /// Paragraphs shorter than this (UTF-8 bytes) are not cached.
    static let threshold = 64 * 1024
    /// How many paragraphs (per width) are kept, the newest replacing the oldest.
    static let capacity = 4

    private struct Key: Hashable {
        var address: UInt
        var count: Int
        var width: Int
        var indent: Int
        var head: [UInt8]
        var tail: [UInt8]
    }

    private static let entries = Mutex<[(Key, [String])]>([])
    private static let hitCounter = Mutex(0)

    /// How many wraps were answered from the cache so far (tests).
    static var hits: Int { hitCounter.withLock { $0 } }

    /// `TextLayout.wrap(text, width:, indent:)`, from the cache when `text` is long and was
    /// wrapped at `width` with `indent` lately.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        var text = text
        guard text.utf8.count >= threshold, let key = key(of: &text, width: width, indent: indent) else {
            return TextLayout.wrap(text, width: width, indent: indent)
        }
        if let hit = entries.withLock({ list in list.first(where: { $0.0 == key })?.1 }) {
            hitCounter.withLock { $0 += 1 }
            return hit
        }
        let lines = TextLayout.wrap(text, width: width, indent: indent)
        entries.withLock { list in
            list.append((key, lines))
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
        return lines
    }

    private static func key(of text: inout String, width: Int, indent: Int) -> Key? {
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Key in
            Key(address: UInt(bitPattern: bytes.baseAddress), count: bytes.count, width: width, indent: indent,
                head: Array(bytes.prefix(64)), tail: Array(bytes.suffix(64)))
        }
    }
}
