import Foundation

/// A json-server `db.json` as json-server writes it: `{"comments": [...], "posts": [...],
/// "users": [...]}`, keys sorted, two-space indent, `"key": value`, empty arrays as `[]`,
/// non-ASCII kept as is, `/` not escaped, absent optional fields left out, and a final newline
/// (as `JSON.stringify(db, null, 2)`). Strings are escaped by the same rules as file saves
/// (``JSONValue``'s printer); posts and comments are written member by member straight into
/// the output, users (few, nested) through ``JSONValue``.
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

    /// Streams the file into `sink`.
    static func write(_ data: ExportData, to sink: inout ExportSink) {
        sink.append(raw: "{\n  \"comments\": ")
        writeArray(data.comments, to: &sink) { comment, sink in
            member("body", comment.body, to: &sink, first: true)
            member("email", comment.email, to: &sink)
            idMember("id", comment.id, to: &sink)
            member("name", comment.name, to: &sink)
            idMember("postId", comment.postId, to: &sink)
        }
        sink.append(raw: ",\n  \"posts\": ")
        writeArray(data.posts, to: &sink) { post, sink in
            member("body", post.body, to: &sink, first: true)
            idMember("id", post.id, to: &sink)
            member("title", post.title, to: &sink)
            idMember("userId", post.userId, to: &sink)
        }
        sink.append(raw: ",\n  \"users\": ")
        if data.users.isEmpty {
            sink.append(raw: "[]")
        } else {
            sink.append(raw: "[")
            let style = JSONStyle.jsonServer
            for (index, user) in data.users.enumerated() {
                sink.append(raw: index == 0 ? "\n    " : ",\n    ")
                let value = sortedKeys(RecordJSON.compacted(RecordJSON.value(of: .user(user))))
                sink.append(value.printed(style: style, indent: Array("    ".utf8)))
            }
            sink.append(raw: "\n  ]")
        }
        sink.append(raw: "\n}\n")
    }

    // MARK: - Private

    private static func writeArray<T>(_ records: [T], to sink: inout ExportSink, _ members: (T, inout ExportSink) -> Void) {
        guard !records.isEmpty else { return sink.append(raw: "[]") }
        sink.append(raw: "[")
        for (index, record) in records.enumerated() {
            sink.append(raw: index == 0 ? "\n    {" : ",\n    {")
            members(record, &sink)
            sink.append(raw: "\n    }")
        }
        sink.append(raw: "\n  ]")
    }

    private static func member(_ key: StaticString, _ value: String, to sink: inout ExportSink, first: Bool = false) {
        open(key, to: &sink, first: first)
        JSONValue.writeString(value, to: &sink)
    }

    /// A numeric id as a number, any other as a string (as ``RecordID`` encodes).
    private static func idMember(_ key: StaticString, _ id: RecordID, to sink: inout ExportSink) {
        open(key, to: &sink, first: false)
        if id.number != nil { sink.append(raw: id.text) } else { JSONValue.writeString(id.text, to: &sink) }
    }

    private static func open(_ key: StaticString, to sink: inout ExportSink, first: Bool) {
        sink.append(raw: first ? "\n      \"" : ",\n      \"")
        sink.append(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        sink.append(raw: "\": ")
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
