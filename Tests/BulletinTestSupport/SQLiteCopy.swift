import BulletinData
import Foundation

/// A SQLite database made from a json-server `db.json` for tests, as an importer would make it:
/// one table per collection, `id INTEGER PRIMARY KEY`, a column per member (the union over the
/// records, in first-seen order), nested objects (a user's address and company) as JSON text,
/// booleans as 0 and 1, and indexes on `userId`, `postId` and `albumId`.
public enum SQLiteCopy {
    /// Writes the database for the db.json at `json` to `database` (which must not exist).
    /// - Throws: The file's read or JSON errors, or ``SQLiteError``.
    public static func make(from json: URL, to database: URL) throws {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any] ?? [:]
        let connection = try SQLiteConnection(path: database.path, create: true)
        try connection.execute("BEGIN")
        for name in ["users", "posts", "comments", "albums", "photos", "todos"] {
            guard let records = root[name] as? [[String: Any]] else { continue }
            var columns = ["id"]
            for record in records {
                for key in record.keys.sorted() where !columns.contains(key) { columns.append(key) }
            }
            let declared = columns.map { $0 == "id" ? "\"id\" INTEGER PRIMARY KEY" : SQLiteSQL.quote($0) }
            try connection.execute("CREATE TABLE \(name) (\(declared.joined(separator: ", ")))")
            for parent in ["userId", "postId", "albumId"] where columns.contains(parent) {
                try connection.execute("CREATE INDEX \(name)_\(parent) ON \(name)(\(parent))")
            }
            let insert = try connection.prepare("INSERT INTO \(name) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            for record in records {
                try insert.bind(columns.map { value(record[$0]) })
                _ = try insert.step()
            }
        }
        try connection.execute("COMMIT")
    }

    private static func value(_ any: Any?) -> SQLiteValue {
        switch any {
        case nil, is NSNull: return .null
        case let number as NSNumber:
            // JSONSerialization's booleans are NSNumbers of C type `c` (char); its integers are `i`/`q`.
            if String(cString: number.objCType) == "c" { return .integer(number.boolValue ? 1 : 0) }
            if number.doubleValue.rounded() == number.doubleValue, abs(number.doubleValue) < 9e15 { return .integer(number.int64Value) }
            return .real(number.doubleValue)
        case let text as String: return .text(text)
        case let other?:
            let data = (try? JSONSerialization.data(withJSONObject: other, options: [.sortedKeys])) ?? Data()
            return .text(String(decoding: data, as: UTF8.self))
        }
    }
}
