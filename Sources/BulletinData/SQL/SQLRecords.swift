import Foundation

/// A row of a kind's table as the JSON record json-server would hold for it: every column a
/// member, in the table's order; a modelled field's column under JSONPlaceholder's name (a
/// mapped `display_name` is `name`, `user_id` is `userId`), every other column under its own
/// name (kept for the raw view and the detail's extra fields).
///
/// Values become JSON as SQLite stores them: integers and reals numbers, text strings (text
/// that holds a JSON object or array, such as an imported user's `address`, that object), NULL
/// `null`, a blob its bytes as UTF-8 text; a todo's `completed` stored as 0 or 1 is `false` or `true`.
enum SQLRecords {
    /// The select list of `map`'s table: every column, quoted, in the table's order.
    static func selectList(_ table: SQLSchema.Table) -> String {
        table.columns.map { SQLText.quote($0.name) }.joined(separator: ", ")
    }

    /// The row's record: `values` are the row's, in `table`'s column order. A column declared
    /// `BOOLEAN` (as ``SQLiteImport`` declares JSON's booleans) reads 0 and 1 as `false` and
    /// `true`, as does a todo's `completed` whatever its declared type.
    static func json(_ table: SQLSchema.Table, values: [SQLValue], kind: SQLLayout.Kind, map: SQLLayout.TableMap) -> JSONValue {
        var fieldOfColumn: [String: String] = [map.id.lowercased(): "id"]
        for (field, column) in map.columns { fieldOfColumn[column.lowercased()] = field }
        var members: [JSONValue.Member] = []
        for (column, value) in zip(table.columns, values) {
            let field = fieldOfColumn[column.name.lowercased()] ?? column.name
            let boolean = (kind == .todos && field == "completed") || ["BOOLEAN", "BOOL"].contains(column.declaredType.uppercased())
            var member = json(value, boolean: boolean)
            // A user's company or address as plain text (a table of its own making): its name, its street.
            if kind == .users, let inner = plainTextMember[field], case .string = member {
                member = .object([JSONValue.Member(key: inner, value: member)])
            }
            members.append(JSONValue.Member(key: field, value: member))
        }
        return .object(members)
    }

    /// A user's structured fields that a table may hold as plain text, and the member that text
    /// is: a `company` column of `text` holding `Acme` is the company named Acme; an `address`
    /// one, its street.
    static let plainTextMember: [String: String] = ["company": "name", "address": "street"]

    /// One value as JSON.
    static func json(_ value: SQLValue, boolean: Bool = false) -> JSONValue {
        switch value {
        case .null: return .null
        case let .integer(number): return boolean && (number == 0 || number == 1) ? .bool(number == 1) : .number(String(number))
        case let .real(number): return number.isFinite ? .number(String(number)) : .string(String(number))
        case let .text(text):
            if boolean, ["true", "false"].contains(text.lowercased()) { return .bool(text.lowercased() == "true") }
            if let first = text.first, first == "{" || first == "[", let parsed = try? JSONValue.parse(Data(text.utf8)) { return parsed }
            return .string(text)
        case let .blob(bytes): return .string(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `record` decoded as a `T` (the same decoding a db.json's records get).
    /// - Parameter location: Names the file, the table and the row (`/data/app.db, table posts, row 3`).
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` with the member that cannot be read.
    static func decode<T: Decodable>(_ type: T.Type, _ record: JSONValue, location: String) throws(DataError) -> T {
        try JSONDecoding.decode(T.self, from: Data(record.printed(style: .compact, indent: [])), location: location)
    }

    /// `value` (a user, post or comment) with the row's `extras` columns that hold a value as
    /// its extra details, shown on its detail screen; other kinds and rows without any as they are.
    static func withExtras<T>(_ value: T, _ extras: [String], of row: JSONValue) -> T {
        guard !extras.isEmpty else { return value }
        let details: [SourceDetail] = extras.compactMap { column in
            guard let member = row[column], member != .null else { return nil }
            let text: String = if case let .string(string) = member { string } else {
                String(decoding: member.printed(style: .compact, indent: []), as: UTF8.self)
            }
            return SourceDetail(column, text)
        }
        guard !details.isEmpty else { return value }
        if var user = value as? User {
            user.profile = .extra(details)
            return user as? T ?? value
        }
        if var post = value as? Post {
            post.details = .extra(details)
            return post as? T ?? value
        }
        if var comment = value as? Comment {
            comment.details = .extra(details)
            return comment as? T ?? value
        }
        return value
    }

    /// An id column's value as a record id (a whole number as a number, text as text); `nil` for NULL.
    static func recordID(_ value: SQLValue) -> RecordID? {
        switch value {
        case let .integer(number): RecordID(Int(number))
        case .null: nil
        default: value.text.map { RecordID($0) }
        }
    }
}
