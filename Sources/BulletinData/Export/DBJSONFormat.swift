import Foundation

/// A json-server `db.json` as json-server writes it: `{"comments": [...], "posts": [...],
/// "users": [...]}`, keys sorted, two-space indent, `"key": value`, empty arrays as `[]`,
/// non-ASCII kept as is, `/` not escaped, and a final newline (as `JSON.stringify(db, null, 2)`).
public enum DBJSONFormat {
    private struct File: Encodable {
        var users: [User]
        var posts: [Post]
        var comments: [Comment]
    }

    /// The whole file, UTF-8.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` only if a record cannot be encoded.
    public static func encode(_ data: ExportData) throws(DataError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let pretty: Data
        do {
            pretty = try encoder.encode(File(users: data.users, posts: data.posts, comments: data.comments))
        } catch {
            throw .malformedJSON(path: "$", location: "export", reason: "cannot encode: \(error)")
        }
        var bytes = restyle(pretty)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Turns Foundation's pretty JSON (`"key" : value`, empty arrays over two lines) into
    /// `JSON.stringify`'s (`"key": value`, `[]`, `{}`); bytes inside strings are copied as they are.
    static func restyle(_ input: Data) -> Data {
        let bytes = [UInt8](input)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    output.append(bytes[index + 1])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                output.append(byte)
            } else if byte == UInt8(ascii: " "), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: ":"),
                      bytes[index + 2] == UInt8(ascii: " ") {
                output += [UInt8(ascii: ":"), UInt8(ascii: " ")]
                index += 2
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                output.append(byte)
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
                var next = index + 1
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\n") { next += 1 }
                if next < bytes.count, bytes[next] == close {
                    output.append(close)
                    index = next
                }
            } else {
                output.append(byte)
            }
            index += 1
        }
        return Data(output)
    }
}
