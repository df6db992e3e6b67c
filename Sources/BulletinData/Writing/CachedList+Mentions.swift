import Foundation

/// Finding whether a cached list may hold an id more than once without parsing it: the check
/// before every REST edit, delete and undo (issue 22) reads the whole collection's bytes, and
/// parsing a list of 5,000 posts costs 141 ms in a debug build (see ``CachedList``).
extension CachedList {
    /// How many `"id": value` pairs in the pages' bytes may name `id`: the same text, a number
    /// of the same value (`1e3` for `1000`), or a string with escapes. Never fewer than
    /// ``records(withID:)`` finds (members of nested objects and text inside strings can only
    /// add to it), so fewer than 2 means no two records share the id, and 0 that none holds it.
    func mentions(ofID id: String) -> Int {
        let target = Array(id.utf8)
        let number = Decimal(string: id)
        var count = 0
        for page in [data] + laterPages {
            page.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                var index = 0
                while let found = Self.nextIDValue(in: bytes, from: &index) {
                    let text = bytes[found.range]
                    if found.escaped || text.elementsEqual(target) {
                        count += 1
                    } else if found.isNumber, let number, Decimal(string: String(decoding: text, as: UTF8.self)) == number {
                        count += 1
                    }
                }
            }
        }
        return count
    }

    /// The next `"id"` followed by `:` and a string or a number, at or after `index`: the value's
    /// bytes (a string's without its quotes), whether it is a number, and whether the string
    /// holds escapes; `index` moves past it. `nil` when there is none.
    private static func nextIDValue(
        in bytes: UnsafeBufferPointer<UInt8>, from index: inout Int
    ) -> (range: Range<Int>, isNumber: Bool, escaped: Bool)? {
        let quote = UInt8(ascii: "\""), count = bytes.count
        func skipSpace(_ at: inout Int) { while at < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 } }
        while index + 4 < count {
            let start = index
            index += 1
            guard bytes[start] == quote, bytes[start + 1] == UInt8(ascii: "i"), bytes[start + 2] == UInt8(ascii: "d"),
                  bytes[start + 3] == quote else { continue }
            var at = start + 4
            skipSpace(&at)
            guard at < count, bytes[at] == UInt8(ascii: ":") else { continue }
            at += 1
            skipSpace(&at)
            guard at < count else { break }
            if bytes[at] == quote {
                var end = at + 1
                var escaped = false
                while end < count, bytes[end] != quote {
                    if bytes[end] == UInt8(ascii: "\\") { escaped = true; end += 1 }
                    end += 1
                }
                index = min(end + 1, count)
                return ((at + 1)..<min(end, count), false, escaped)
            }
            var end = at
            while end < count, Self.numberBytes.contains(bytes[end]) { end += 1 }
            guard end > at else { continue }
            index = end
            return (at..<end, true, false)
        }
        index = count
        return nil
    }

    /// The bytes a JSON number is written with.
    private static let numberBytes = Set("-+.eE0123456789".utf8)
}
