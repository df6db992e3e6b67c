/// Fits a one-line message to a width by shortening the middle of its addresses first:
/// `Saved to http://127.0.0.1:3101/api/v2/posts/3` becomes
/// `Saved to http://127.0.0.1:3101/…/posts/3`, keeping the words, the server and the
/// address's last parts, which say what the message is about.
public enum MiddleShortening {
    /// `text` fitted into `width` columns: unchanged when it fits; else whole path segments
    /// are replaced by one `…` in the middle of URLs (`scheme://host/`) and paths (`/a/b`,
    /// `./a/b`, `~/a/b`), the longest address first, from the first segment on, keeping each
    /// address's start (`http://host:port`) and its last segment; `nil` when even that does
    /// not fit (the caller wraps or cuts the end).
    /// - Parameters:
    ///   - text: One line of text (sanitized: no control characters).
    ///   - width: Columns available.
    public static func fit(_ text: String, width: Int) -> String? {
        guard DisplayWidth.of(text) > width else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var addresses = words.indices.compactMap { index in Address(words[index]).map { (index, $0) } }
        addresses.sort { DisplayWidth.of(words[$0.0]) > DisplayWidth.of(words[$1.0]) }
        for (index, address) in addresses {
            var dropped = 0
            while dropped < address.droppable {
                dropped += 1
                words[index] = address.shortened(dropping: dropped)
                let line = words.joined(separator: " ")
                if DisplayWidth.of(line) <= width { return line }
            }
        }
        return nil
    }

    /// One URL or path split into the part kept whole (`http://host:port`, `.`, `~`, or the
    /// empty root of `/a/b`), its segments and what follows them (`,`, `)`, `:`).
    struct Address {
        var head: String
        var segments: [String]
        var tail: String

        /// The address in `word`, or `nil` when it is none or has too few segments to shorten.
        init?(_ word: String) {
            var body = Substring(word)
            var tail = ""
            while let last = body.last, ",;:)]'\"".contains(last) {
                tail = String(last) + tail
                body = body.dropLast()
            }
            let parts: [Substring]
            if let scheme = body.range(of: "://") {
                let rest = body[scheme.upperBound...]
                let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
                head = String(body[..<authorityEnd])
                parts = rest[authorityEnd...].split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
            } else if body.hasPrefix("/") || body.hasPrefix("./") || body.hasPrefix("~/") || body.hasPrefix("../") {
                let split = body.split(separator: "/", omittingEmptySubsequences: false)
                head = String(split[0])
                parts = Array(split.dropFirst())
            } else {
                return nil
            }
            segments = parts.map(String.init)
            self.tail = tail
            guard droppable > 0 else { return nil }
        }

        /// How many segments can go: all but the last.
        var droppable: Int { max(0, segments.count - 1) }

        /// The address with its first `count` segments replaced by one `…`:
        /// `http://host/…/posts/3` (the last segment always stays).
        func shortened(dropping count: Int) -> String {
            head + "/" + (["…"] + segments[count...]).joined(separator: "/") + tail
        }
    }
}
