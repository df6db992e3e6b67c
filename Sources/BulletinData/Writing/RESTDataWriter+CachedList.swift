import Foundation

/// A collection's answer as this run last read it (`GET /posts`, from the response cache),
/// kept as bytes and read only as far as needed: a create wants the first record (for the
/// JSON types of ids and foreign keys) on every POST, but the whole list's ids only when the
/// server's answer does not name the new record. Measured on `bench/data/posts-5k.json` (a
/// 1.5 MB list of 5,000 posts, loopback server, debug build, medians of 11): parsing the list
/// took 141 ms, finding the first record 0.08 ms; a create went from 185 ms to 92 ms.
struct CachedList: Sendable {
    /// The answer's body: a JSON array of records.
    let data: Data

    /// The list's first element when it is an object, found by scanning only its bytes; `nil`
    /// for an empty list or anything that is not an array of objects.
    var first: JSONValue? {
        data.withUnsafeBytes { raw -> JSONValue? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let range = Self.firstObject(in: bytes) else { return nil }
            return try? JSONValue.parse(Data(bytes[range]))
        }
    }

    /// The ids (as text) of every record in the list, parsing all of it; `nil` when it is not a JSON array.
    var ids: Set<String>? {
        guard case let .array(elements)? = try? JSONValue.parse(data) else { return nil }
        return Set(elements.compactMap { $0["id"]?.idText })
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
    func cachedList(_ kind: RecordKind) async -> CachedList? {
        guard let url = try? collectionURL(kind),
              let data = try? await FetchContext.reloading(false, { () throws(DataError) in try await client.data(from: url) })
        else { return nil }
        return CachedList(data: data)
    }
}
