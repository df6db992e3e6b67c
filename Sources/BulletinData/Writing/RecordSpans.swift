/// Where each record of a json-server `db.json` lies in the file: the byte range of every
/// element of the top-level `users`, `posts` and `comments` arrays (or of a top-level array
/// named by the file), with its `id`, so a save can splice one record's new text between the
/// file's old bytes (``FileSaver``). Built by ``RecordSpanScanner``; offsets are bytes from the
/// start of the file (a UTF-8 BOM included), ends exclusive.
struct RecordSpans: Sendable, Equatable {
    /// One element of a collection array.
    struct Element: Sendable, Equatable {
        /// Offset of the element's first byte (`{`).
        var start: Int
        /// Offset just past its last byte (`}`).
        var end: Int
        /// The element's `id` member as ``RecordID`` text: a string's contents, or a number
        /// written as an integer in any spelling (`1e3`, `1.0`) as its decimal digits (`1000`,
        /// `1`); `nil` when the element has no `id` (or is not an object).
        var id: String?
        /// Whether `id` was a JSON string.
        var idIsString: Bool
    }

    /// One collection: the array's brackets and its elements in file order.
    struct Collection: Sendable, Equatable {
        /// Offset of `[`.
        var open: Int
        /// Offset of `]`.
        var close: Int
        var elements: [Element]
    }

    /// One member of the root object: where its key starts and its value ends.
    struct RootMember: Sendable, Equatable {
        var keyStart: Int
        var valueEnd: Int
    }

    /// 3 when the file starts with a UTF-8 byte order mark, else 0.
    var bomLength: Int
    /// Whether the document is a top-level array (one collection, named by the file) rather
    /// than a db.json object.
    var rootIsArray: Bool
    /// Offsets of the root's `{`/`[` and its closing `}`/`]`.
    var rootOpen: Int
    var rootClose: Int
    /// The root object's members in order (empty for a top-level array).
    var rootMembers: [RootMember]
    /// The collections the file holds (the first member of each name, as ``JSONValue`` reads).
    var collections: [RecordKind: Collection]
    /// Collections whose member is there but is not an array (`"posts": {}`): not writable.
    var notArrays: Set<RecordKind>
    /// The file's size in bytes.
    var size: Int

    /// The position in `kind`'s collection of the `ordinal`-th element (0 = first) whose id is
    /// `id`; `nil` when there are not that many.
    func index(of id: RecordID, in kind: RecordKind, ordinal: Int = 0) -> Int? {
        guard let elements = collections[kind]?.elements else { return nil }
        var seen = 0
        for (position, element) in elements.enumerated() where element.id == id.text {
            if seen == ordinal { return position }
            seen += 1
        }
        return nil
    }
}

extension RecordSpans {
    /// The id text of a JSON number when it is an integer in any spelling (`1e3` → `1000`,
    /// `1.0` → `1`, `-0` → `0`), as ``RecordID`` decodes it; the text itself when it is not
    /// (`1.5`: no record with such an id decodes, so none matches).
    static func integerText(ofNumber bytes: [UInt8]) -> String {
        // The usual spelling, digits without a leading zero: the text is the id.
        if let first = bytes.first, first != UInt8(ascii: "0") || bytes.count == 1,
           bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var digits: [UInt8] = []
        var negative = false
        var fractionCount = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0 // 0 integer, 1 fraction, 2 exponent
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "-") where part == 0 && digits.isEmpty: negative = true
            case UInt8(ascii: "-") where part == 2: exponentNegative = true
            case UInt8(ascii: "+") where part == 2: break
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if part == 2 {
                    exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                } else {
                    digits.append(byte)
                    if part == 1 { fractionCount += 1 }
                }
            default: return String(decoding: bytes, as: UTF8.self)
            }
        }
        let raw = String(decoding: bytes, as: UTF8.self)
        var scale = (exponentNegative ? -exponent : exponent) - fractionCount
        while let last = digits.last, scale < 0, last == UInt8(ascii: "0") {
            digits.removeLast()
            scale += 1
        }
        guard scale >= 0, scale <= 40 else { return digits.allSatisfy({ $0 == UInt8(ascii: "0") }) ? "0" : raw }
        while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        if digits.isEmpty { return "0" }
        digits += repeatElement(UInt8(ascii: "0"), count: scale)
        return (negative ? "-" : "") + String(decoding: digits, as: UTF8.self)
    }
}
