import Foundation

/// A json-server `db.json` as json-server writes it: `{"comments": [...], "posts": [...],
/// "users": [...]}`, keys sorted, two-space indent, `"key": value`, empty arrays as `[]`,
/// non-ASCII kept as is, `/` not escaped, absent optional fields left out, and a final newline
/// (as `JSON.stringify(db, null, 2)`). Strings are escaped by the same rules as file saves
/// (``JSONValue``'s printer); posts and comments are written member by member straight into
/// the output (or, streamed from a file, copied when their bytes are already exactly that:
/// ``IndexedExport``), users (few, nested) through ``JSONValue``.
public enum DBJSONFormat {
    /// The whole file, UTF-8.
    /// - Throws: Nothing today; kept so ``ExportFormat/encode(_:)`` can add formats that may fail.
    public static func encode(_ data: ExportData) throws(DataError) -> Data {
        var output = Data()
        var sink = ExportSink { output.append(contentsOf: $0); return true }
        write(data, to: &sink)
        _ = sink.finish()
        return output
    }

    /// Streams the file into `sink`: users whole, then each post and comment as ``ExportRecord``
    /// hands it over (its own bytes when they are already what this format writes, else member
    /// by member), stopping early once the sink failed.
    /// - Returns: How many posts and comments were written.
    @discardableResult
    static func write(_ data: some ExportRecords, to sink: inout ExportSink) -> (posts: Int, comments: Int) {
        sink.append(raw: "{\n  \"comments\": ")
        let comments = writeArray(.comment, of: data, to: &sink)
        sink.append(raw: ",\n  \"posts\": ")
        let posts = writeArray(.post, of: data, to: &sink)
        sink.append(raw: ",\n  \"users\": ")
        let users = data.exportUsers
        if users.isEmpty {
            sink.append(raw: "[]")
        } else {
            sink.append(raw: "[")
            let style = JSONStyle.jsonServer
            for (index, user) in users.enumerated() {
                sink.append(raw: index == 0 ? "\n    " : ",\n    ")
                let value = sortedKeys(RecordJSON.compacted(RecordJSON.value(of: .user(user))))
                sink.append(value.printed(style: style, indent: Array("    ".utf8)))
            }
            sink.append(raw: "\n  ]")
        }
        sink.append(raw: "\n}\n")
        return (posts, comments)
    }

    /// What precedes each member of a post or comment, and its closing brace, in this format.
    static let memberIndent = "\n      "
    static let closeIndent = "\n    "

    // MARK: - Private

    private static func writeArray(_ kind: ExportKind, of data: some ExportRecords, to sink: inout ExportSink) -> Int {
        var first = true
        let keys = kind.keys.map { Array($0.utf8) }
        let ids = kind.idMembers
        let count = data.forEach(kind) { record in
            sink.append(raw: first ? "[\n    " : ",\n    ")
            first = false
            if let canonical = record.canonical {
                sink.append(canonical)
            } else {
                sink.append(UInt8(ascii: "{"))
                for index in keys.indices {
                    sink.append(raw: index == 0 ? "\n      \"" : ",\n      \"")
                    sink.append(keys[index])
                    sink.append(raw: "\": ")
                    // An id whose text is an integer as a number, any other as a string (`"+8"`
                    // stays a string, so the file reads back with the same ids).
                    if ids[index] != 0, record.isInteger(index) {
                        sink.append(record.text(index))
                    } else {
                        JSONValue.writeString(utf8: record.text(index), to: &sink)
                    }
                }
                sink.append(raw: "\n    }")
            }
            return sink.ok
        }
        sink.append(raw: first ? "[]" : "\n  ]")
        return count
    }

    /// `value` with every object's members in key order, at any depth.
    private static func sortedKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members):
            .object(members.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: sortedKeys($0.value)) })
        case let .array(elements): .array(elements.map(sortedKeys))
        default: value
        }
    }
}
