import Foundation

/// A json-server `db.json` as json-server writes it: `{"comments": [...], "posts": [...],
/// "users": [...]}`, keys sorted, two-space indent, `"key": value`, empty arrays as `[]`,
/// non-ASCII kept as is, `/` not escaped, absent optional fields left out, and a final newline
/// (as `JSON.stringify(db, null, 2)`). Printed by the same ``JSONValue`` printer as file saves.
public enum DBJSONFormat {
    /// The whole file, UTF-8.
    /// - Throws: Nothing today; kept so ``ExportFormat/encode(_:)`` can add formats that may fail.
    public static func encode(_ data: ExportData) throws(DataError) -> Data {
        let collections: [(String, [Record])] = [
            ("comments", data.comments.map(Record.comment)),
            ("posts", data.posts.map(Record.post)),
            ("users", data.users.map(Record.user)),
        ]
        let root = JSONValue.object(collections.map { name, records in
            JSONValue.Member(key: name, value: .array(records.map { sortedKeys(RecordJSON.compacted(RecordJSON.value(of: $0))) }))
        })
        return Data(root.printed() + [UInt8(ascii: "\n")])
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
