import Foundation

/// One connection the shared SQL layer reads and writes through inside a write's transaction
/// (``SQLRecordSource/transaction(_:)``), its failures already in Bulletin's words. Parameters
/// are `?`, bound in order (a PostgreSQL connection numbers them).
protocol SQLSession: AnyObject {
    /// The rows of `sql` with `values` bound, each its column values in the select list's order.
    /// - Throws: ``DataError`` naming the database.
    func rows(_ sql: String, _ values: [SQLValue]) throws(DataError) -> [[SQLValue]]
    /// Runs one statement that returns no rows (`INSERT`, `UPDATE`, `DELETE`).
    /// - Returns: How many rows it changed.
    /// - Throws: ``DataError`` naming the database.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws(DataError) -> Int
}

/// A SQL database as a source: what SQLite files (``SQLiteDataSource``) and PostgreSQL servers
/// (``PostgresDataSource``) share, so that reading kinds through their ``SQLLayout``, windows by
/// key (``SQLRecordSource+Windows.swift``) and writes that never overwrite a change made since
/// the form opened (``SQLRecordSource+Writing.swift``) are one implementation, each engine
/// giving only its connections, its catalogue and its ``SQLDialect``.
protocol SQLRecordSource: Actor {
    /// Names the database in errors and in the issues of rows that cannot be read (a file's
    /// path; a server's URL without its password).
    nonisolated var location: String { get }
    /// The engine's SQL.
    nonisolated var dialect: SQLDialect { get }
    /// The schema and layout, opening the database on first use.
    /// - Throws: The open's failure (the database missing or unreachable, none of the kinds).
    func layoutAndSchema() throws(DataError) -> (schema: SQLSchema, layout: SQLLayout)
    /// The rows of `sql` through the source's own connection, logged as a read.
    /// - Throws: ``DataError`` naming the database.
    func readRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]]
    /// The rows of `sql` through the windowed lists' connection, which ``cancelWindowReads()``
    /// stops; a stopped read throws ``DataError/cancelled``.
    func windowRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]]
    /// The rows of a count (`SELECT count(*) …` of a list's query), on a connection where it
    /// holds up no window read (PostgreSQL: a connection of its own, as `count(*)` of ten
    /// million rows takes a quarter of a second or more); ``cancelWindowReads()`` stops it too.
    /// Has a default: ``windowRows(_:_:)``.
    func countRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]]
    /// Stops the windowed lists' running reads and counts (Esc, a newer query); safe from any thread.
    nonisolated func cancelWindowReads()
    /// Runs `body` in one transaction of the source's own connection, which takes the write
    /// lock (SQLite) or whose reads of the row lock it (``SQLDialect/lockingRead``); any error
    /// rolls it back.
    func transaction<T>(_ body: (any SQLSession) throws(DataError) -> T) async throws(DataError) -> T
    /// Every record or field left out so far this run.
    var issues: [RecordIssue] { get set }
    /// The rows a delete removed with its record (`ON DELETE CASCADE`), by ``key(_:_:)``.
    var cascaded: [String: [SQLRemovedRow]] { get set }
    /// The last create of each kind, as far as it got (``SQLCreateMark``), for ``locate(_:)``.
    var creating: [RecordKind: SQLCreateMark] { get set }

    // Search (``SQLTextSearch``), through the engine's own indexes.

    /// How `kind` is searched (``TextSearching/method(for:)``).
    func searchMethod(_ kind: TextSearchKind) async throws(DataError) -> TextSearchMethod
    /// At most `limit` rows of `kind` matching `query` in id order, decoded as `T`.
    func searchRows<T: Decodable>(_ kind: TextSearchKind, _ query: String, limit: Int, wholeWords: Bool,
                                  as type: T.Type) async throws(DataError) -> [T]
    /// How many rows of `kind` match `query`.
    func searchCount(_ kind: TextSearchKind, _ query: String) async throws(DataError) -> Int
}

/// How far the last create of a kind got, for telling whether it landed when its answer was
/// lost (``SQLRecordSource/locate(_:)``).
enum SQLCreateMark: Hashable, Sendable {
    /// Its transaction's id was never read: its `INSERT`, sent after that, was not sent.
    case pending
    /// It ran in the transaction with this id (PostgreSQL's `xid`, as `xmin` holds it): a row it
    /// inserted has it as its `xmin`.
    case transaction(String)
}

extension SQLRecordSource {
    /// On the windows' own connection (SQLite, whose counts read the file as fast as windows do).
    func countRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        try await windowRows(sql, values)
    }
}

extension TextSearchKind {
    /// The kind's table and the fields searched: posts by title and body, comments by name and body.
    var searched: (kind: SQLLayout.Kind, fields: [String]) {
        switch self {
        case .posts: (.posts, ["title", "body"])
        case .comments: (.comments, ["name", "body"])
        }
    }
}

/// A SQL database source's ``TextSearching``: each call handed to the source, which searches
/// through its engine's indexes (SQLite's FTS5; PostgreSQL's `tsvector`, `pg_trgm`) or rows.
struct SQLTextSearch<Source: SQLRecordSource>: TextSearching {
    let source: Source

    func method(for kind: TextSearchKind) async throws(DataError) -> TextSearchMethod { try await source.searchMethod(kind) }

    func posts(matching query: String, limit: Int, wholeWords: Bool) async throws(DataError) -> [Post] {
        try await source.searchRows(.posts, query, limit: limit, wholeWords: wholeWords, as: Post.self)
    }

    func comments(matching query: String, limit: Int, wholeWords: Bool) async throws(DataError) -> [Comment] {
        try await source.searchRows(.comments, query, limit: limit, wholeWords: wholeWords, as: Comment.self)
    }

    func count(matching query: String, in kind: TextSearchKind) async throws(DataError) -> Int {
        try await source.searchCount(kind, query)
    }
}

extension SQLRecordSource {
    /// The rows of `kind`'s table (those whose `field` equals `value`, when given; those after
    /// the id `after`; at most `limit`), ordered by id, as records.
    func records(_ kind: SQLLayout.Kind, where field: String? = nil, equals value: RecordID? = nil,
                 after: SQLValue? = nil, limit: Int? = nil) async throws(DataError) -> [JSONValue] {
        let (schema, layout) = try layoutAndSchema()
        guard let map = layout.table(kind), let table = schema.table(named: map.table) else { return [] }
        var sql = "SELECT \(SQLRecords.selectList(table)) FROM \(SQLText.quote(map.table))"
        var values: [SQLValue] = []
        var conditions: [String] = []
        if let field, let value, let column = field == "id" ? map.id : map.column(field) {
            conditions.append("\(SQLText.quote(column)) = ?")
            values.append(Self.key(value))
        }
        if let after {
            conditions.append("\(SQLText.quote(map.id)) > ?")
            values.append(after)
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY \(SQLText.quote(map.id))"
        if let limit { sql += " LIMIT \(limit)" }
        return try await readRows(sql, values).map { SQLRecords.json(table, values: $0, kind: kind, map: map) }
    }

    /// Every row of `kind` (under `parent`, when given) decoded as `T`; a row that cannot be
    /// read is skipped and recorded as an issue, the others are kept.
    func list<T: Decodable>(_ kind: SQLLayout.Kind, parent: RecordID? = nil, as type: T.Type) async throws(DataError) -> [T] {
        try decodeAll(kind, try await records(kind, where: parent == nil ? nil : kind.parent?.field, equals: parent)[...], as: T.self)
    }

    /// ``list(_:parent:as:)`` with the issues it found.
    func recordList<T: Decodable>(_ kind: SQLLayout.Kind, as type: T.Type) async throws(DataError) -> RecordList<T> {
        let before = issues.count
        let records = try await list(kind, as: T.self)
        return RecordList(records: records, issues: Array(issues[before...]))
    }

    /// The row of `kind` with `id` decoded as `T`.
    /// - Throws: ``DataError/notFound(_:location:)`` (`user 7`) when there is none.
    func one<T: Decodable>(_ kind: SQLLayout.Kind, id: RecordID, as type: T.Type) async throws(DataError) -> T {
        let missing = DataError.notFound("\(kind.rawValue.dropLast()) \(id)", location: location)
        // `abc` names no row of a table whose ids are whole numbers (PostgreSQL would refuse to compare).
        let (schema, layout) = try layoutAndSchema()
        if id.number == nil, let map = layout.table(kind),
           let declared = schema.table(named: map.table)?.column(named: map.id)?.declaredType.lowercased(),
           declared.contains("int") || declared.contains("serial") {
            throw missing
        }
        guard let row = try await records(kind, where: "id", equals: id).first else { throw missing }
        return try decodeRow(row, as: T.self, map: try layoutAndSchema().layout.table(kind), kind: kind)
    }

    /// The row as JSON, every column a member (the ones Bulletin does not model too), two-space indented.
    /// - Throws: ``DataError/notFound(_:location:)`` when there is no such row.
    func rawRow(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String {
        guard let record = try await records(Self.layoutKind(kind), where: "id", equals: id).first else {
            throw .notFound("\(kind.rawValue.dropLast()) \(id)", location: location)
        }
        return String(decoding: record.printed(), as: UTF8.self)
    }

    /// `rows` of `kind` decoded as `T`, a row that cannot be read skipped and recorded as an issue.
    func decodeAll<T: Decodable>(_ kind: SQLLayout.Kind, _ rows: ArraySlice<JSONValue>, as type: T.Type) throws(DataError) -> [T] {
        let map = try layoutAndSchema().layout.table(kind)
        var decoded: [T] = []
        for row in rows {
            do {
                decoded.append(try decodeRow(row, as: T.self, map: map, kind: kind))
            } catch let DataError.malformedJSON(path: member, location: location, reason: reason) {
                issues.append(RecordIssue(path: member, reason: reason, effect: .skipped, location: location))
            } catch {
                issues.append(RecordIssue(path: "$", reason: "\(error)", effect: .skipped,
                                          location: rowLocation(map?.table ?? kind.rawValue, row)))
            }
        }
        return decoded
    }

    /// One row of `kind`'s table (`map`) as the source reads it: decoded as `T`, its extra
    /// columns as the record's extra details (``SQLRecords/withExtras(_:_:of:)``); the reads and
    /// the writer's comparisons all go through here.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` naming the database, table and row.
    func decodeRow<T: Decodable>(_ row: JSONValue, as type: T.Type, map: SQLLayout.TableMap?, kind: SQLLayout.Kind) throws(DataError) -> T {
        let value = try SQLRecords.decode(T.self, row, location: rowLocation(map?.table ?? kind.rawValue, row))
        return SQLRecords.withExtras(value, map?.extraColumns ?? [], of: row)
    }

    /// `/data/app.db, table posts, row 3`.
    nonisolated func rowLocation(_ table: String, _ row: JSONValue) -> String {
        guard case let .object(members) = row, let id = members.first(where: { $0.key == "id" })?.value else {
            return "\(location), table \(table)"
        }
        let text: String = switch id {
        case let .number(number): number
        case let .string(string): string
        default: "?"
        }
        return "\(location), table \(table), row \(text)"
    }

    /// The rule the schema declares on the children's foreign key (posts for a user, comments
    /// for a post); ``ChildDeleteRule/kept`` when none is declared or the database cannot be read.
    func declaredChildDeleteRule(of kind: RecordKind) -> ChildDeleteRule {
        let child: SQLLayout.Kind = switch kind {
        case .user: .posts
        case .post: .comments
        case .comment: .comments
        }
        guard kind != .comment, let rule = try? layoutAndSchema().layout.table(child)?.onParentDelete?.uppercased() else { return .kept }
        return switch rule {
        case "CASCADE": .cascade
        case "SET NULL", "SET DEFAULT": .setNull
        case "NO ACTION", "RESTRICT": .restrict
        default: .kept
        }
    }

    /// The vocabulary of a database laid out as `layout`: JSONPlaceholder's words, with a user's
    /// Albums and Todos tabs only where there are tables for them.
    static func vocabulary(of layout: SQLLayout) -> SourceVocabulary {
        var vocabulary = SourceVocabulary.jsonPlaceholder
        vocabulary.userLists = vocabulary.userLists.filter { list in
            switch list {
            case .posts: true
            case .albums: layout.table(.albums) != nil
            case .todos: layout.table(.todos) != nil
            }
        }
        return vocabulary
    }

    /// An id column's value as a record id (a whole number as a number, text as text); `nil` for NULL.
    static func recordID(_ value: SQLValue) -> RecordID? { SQLRecords.recordID(value) }

    static func layoutKind(_ kind: RecordKind) -> SQLLayout.Kind {
        switch kind {
        case .user: .users
        case .post: .posts
        case .comment: .comments
        }
    }

    static func key(_ kind: RecordKind, _ id: RecordID) -> String { "\(kind.rawValue)/\(id.text)" }

    /// An id as the database compares it: a whole number as an integer, any other as text.
    static func key(_ id: RecordID) -> SQLValue { id.number.map { .integer(Int64($0)) } ?? .text(id.text) }

    /// A JSON value as a column's value: numbers as integers or reals, booleans 0 and 1, objects
    /// and arrays as their compact JSON text.
    static func sqlValue(_ value: JSONValue) -> SQLValue {
        switch value {
        case .null: .null
        case let .bool(flag): .integer(flag ? 1 : 0)
        case let .number(text): Int64(text).map(SQLValue.integer) ?? Double(text).map(SQLValue.real) ?? .text(text)
        case let .string(text): .text(text)
        case .object, .array: .text(String(decoding: value.printed(style: .compact, indent: []), as: UTF8.self))
        }
    }
}
