import Foundation

/// A collection's answer as this run last read it (`GET /posts`, from the response cache),
/// kept as bytes and read only as far as needed: a create wants the first record (for the
/// JSON types of ids and foreign keys) on every POST, but the whole list's ids only when the
/// server's answer does not name the new record. Measured on `bench/data/posts-5k.json` (a
/// 1.5 MB list of 5,000 posts, loopback server, debug build, medians of 11): parsing the list
/// took 141 ms, finding the first record 0.08 ms; a create went from 185 ms to 92 ms.
struct CachedList: Sendable {
    /// The answer's body: a JSON array of records (the first page, on a server that pages).
    let data: Data
    /// The bodies of the pages after the first (each a JSON array), on a server that pages its lists.
    var laterPages: [Data] = []

    /// The list's first element when it is an object, found by scanning only its bytes; `nil`
    /// for an empty list or anything that is not an array of objects.
    var first: JSONValue? {
        data.withUnsafeBytes { raw -> JSONValue? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let range = Self.firstObject(in: bytes) else { return nil }
            return try? JSONValue.parse(Data(bytes[range]))
        }
    }

    /// The ids (as text) of every record in the list, every page, parsing all of it; `nil` when a page is not a JSON array.
    var ids: Set<String>? {
        var ids: Set<String> = []
        for page in [data] + laterPages {
            guard case let .array(elements)? = try? JSONValue.parse(page) else { return nil }
            ids.formUnion(elements.compactMap { $0["id"]?.idText })
        }
        return ids
    }

    /// The records of every page whose `id` is `id`: the same text, or a number of the same
    /// value (`1000.0`, `1e3` and `1000`: a server that parses JSON numbers cannot tell them
    /// apart, so a write to one may reach the others), in list order; `nil` when a page is not a JSON array.
    func records(withID id: String) -> [JSONValue]? {
        var found: [JSONValue] = []
        let value = Decimal(string: id)
        for page in [data] + laterPages {
            guard case let .array(elements)? = try? JSONValue.parse(page) else { return nil }
            found += elements.filter { element in
                switch element["id"] {
                case let .string(text)?: text == id
                case let .number(text)?: text == id || (value != nil && Decimal(string: text) == value)
                default: false
                }
            }
        }
        return found
    }

    /// The byte range of the first element of a JSON array when that element is an object:
    /// from its `{` to the matching `}`, skipping braces inside strings (escapes included).
    static func firstObject(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var index = 0
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        let start = index
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return start..<(index + 1) }
            }
            index += 1
        }
        return nil
    }
}

extension RESTDataWriter {
    /// The collection of `kind` as this run last read it (from the cache, else fetched now);
    /// `nil` when it cannot be read.
    /// Every page of it (from the cache too: the list the screen showed read them).
    func cachedList(_ kind: RecordKind) async -> CachedList? {
        guard let pages = try? await pageBodies(kind, reload: false), let first = pages.first else { return nil }
        return CachedList(data: first.data, laterPages: pages.dropFirst().map(\.data))
    }
}
