import Foundation

// The Posts and Users lists of a SQL database in windows by key (``RecordWindows``, issue 25
// item 3, issue 26 item 2): each read is one `SELECT … WHERE (sort, id) > (?, ?) ORDER BY sort,
// id LIMIT n` on the windows' own connection (``SQLRecordSource/windowRows(_:_:)``), so a window
// costs the same anywhere in ten million rows, and Esc stops a long one. SQLite and PostgreSQL
// read them through this one implementation.

/// A row a SQL list reads in windows: the kind whose table it comes from, its SQL, and how
/// a selected row (``SQLWindowSQL/select``) becomes it.
protocol SQLWindowRow: Sendable {
    /// The SQL of `query` on the row's table; `nil` when the database has none.
    static func sql(_ query: WindowQuery, layout: SQLLayout, schema: SQLSchema, dialect: SQLDialect) -> SQLWindowSQL?
    /// The table's name in Bulletin's words, for "no posts table".
    static var table: String { get }
    /// The kind whose table the rows come from.
    static var kind: SQLLayout.Kind { get }
    /// The row from its selected values (the key's two come last), and the issue that kept it
    /// from being read whole.
    static func row(_ values: [SQLValue], _ sql: SQLWindowSQL, in source: some SQLRecordSource,
                    schema: SQLSchema, layout: SQLLayout) -> (row: Self, issue: RecordIssue?)
}

extension WindowedPost: SQLWindowRow {
    static func sql(_ query: WindowQuery, layout: SQLLayout, schema: SQLSchema, dialect: SQLDialect) -> SQLWindowSQL? {
        SQLWindowSQL.posts(query, layout: layout, schema: schema, dialect: dialect)
    }
    static var table: String { "posts table" }
    static var kind: SQLLayout.Kind { .posts }
    static func row(_ values: [SQLValue], _ sql: SQLWindowSQL, in source: some SQLRecordSource,
                    schema: SQLSchema, layout: SQLLayout) -> (row: WindowedPost, issue: RecordIssue?) {
        (WindowedPost(post: PostSummary(id: SQLRecords.recordID(values[0]) ?? RecordID(""),
                                        userId: SQLRecords.recordID(values[1]) ?? RecordID(""), title: values[2].text ?? ""),
                      author: values[3] == .null ? nil : values[3].text), nil)
    }
}

extension User: SQLWindowRow {
    static func sql(_ query: WindowQuery, layout: SQLLayout, schema: SQLSchema, dialect: SQLDialect) -> SQLWindowSQL? {
        SQLWindowSQL.users(query, layout: layout, schema: schema, dialect: dialect)
    }
    static var table: String { "users table" }
    static var kind: SQLLayout.Kind { .users }
    /// The user the row's columns make, as a source's `users()` reads one; a row that cannot
    /// be read keeps its place as its id and `—`, and is named in the source's issues.
    static func row(_ values: [SQLValue], _ sql: SQLWindowSQL, in source: some SQLRecordSource,
                    schema: SQLSchema, layout: SQLLayout) -> (row: User, issue: RecordIssue?) {
        let id = SQLRecords.recordID(values[values.count - 1]) ?? RecordID("")
        guard let map = layout.table(.users), let table = schema.table(named: map.table) else { return (User(id: id, name: "—", username: ""), nil) }
        let record = SQLRecords.json(table, values: Array(values.prefix(sql.columns.count)), kind: .users, map: map)
        let location = source.rowLocation(map.table, record)
        do {
            let user = try SQLRecords.decode(User.self, record, location: location)
            return (SQLRecords.withExtras(user, map.extraColumns, of: record), nil)
        } catch {
            return (User(id: id, name: "—", username: ""), RecordIssue(path: "$", reason: error.description, effect: .skipped, location: location))
        }
    }
}

/// A SQL source's list of `Row`s in windows (its `postWindows` and `userWindows`).
struct SQLWindows<Row: SQLWindowRow, Source: SQLRecordSource>: RecordWindows {
    let source: Source

    func count(_ query: WindowQuery) async throws(DataError) -> Int {
        try await source.windowCount(try await source.windowSQL(query, Row.self))
    }

    func window(_ query: WindowQuery, start: WindowStart, limit: Int) async throws(DataError) -> [Windowed<Row>] {
        try await source.window(query, start: start, limit: limit, as: Row.self)
    }

    func position(of key: WindowKey, _ query: WindowQuery) async throws(DataError) -> Int {
        try await source.windowPosition(of: key, query, try await source.windowSQL(query, Row.self))
    }

    func key(id: RecordID, _ query: WindowQuery) async throws(DataError) -> (key: WindowKey, passes: Bool)? {
        try await source.windowKey(id: id, try await source.windowSQL(query, Row.self))
    }

    func fraction(of key: WindowKey, _ query: WindowQuery) async throws(DataError) -> Double? {
        try await source.windowFraction(of: key, query, try await source.windowSQL(query, Row.self))
    }

    func plan(_ query: WindowQuery) async -> WindowPlan {
        (try? await source.windowSQL(query, Row.self))?.plan ?? WindowPlan(sortIsIndexed: true, filterIsIndexed: true)
    }

    func estimate(_ query: WindowQuery) async -> Int? { await source.windowEstimate(query, Row.self) }

    func cancelReads() { source.cancelWindowReads() }
}

/// The parts of a sort column's order (``SQLWindowSQL``), in ascending order.
enum SQLWindowSegment: Equatable {
    /// Every row, by id (the order is the id's).
    case all
    /// The rows whose sort value is NULL, by id (first in SQLite's ascending order).
    case nulls
    /// The rows with a sort value, by value and id.
    case values
}

extension SQLRecordSource {
    typealias Segment = SQLWindowSegment

    /// The SQL of `query` for `Row`'s table.
    /// - Throws: ``DataError/notFound(_:location:)`` when the database has no such table.
    func windowSQL<Row: SQLWindowRow>(_ query: WindowQuery, _ type: Row.Type) throws(DataError) -> SQLWindowSQL {
        let (schema, layout) = try layoutAndSchema()
        guard let sql = Row.sql(query, layout: layout, schema: schema, dialect: dialect) else { throw .notFound(Row.table, location: location) }
        return sql
    }

    /// The planner's estimate of an unfiltered list's rows (PostgreSQL's `pg_class.reltuples`,
    /// which `ANALYZE` and autovacuum keep: 0.1 ms where `count(*)` of ten million rows takes a
    /// quarter of a second or more); `nil` with a filter, on SQLite, for a table never analysed,
    /// or when it cannot be read.
    func windowEstimate<Row: SQLWindowRow>(_ query: WindowQuery, _ type: Row.Type) async -> Int? {
        guard query.filter.isEmpty, dialect == .postgres, let table = (try? layoutAndSchema())?.layout.table(Row.kind)?.table,
              let rows = try? await read("SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass(?)", [.text(SQLText.quote(table))]),
              let estimate = rows.first?.first?.integer, estimate >= 0 else { return nil }
        return Int(estimate)
    }

    func windowCount(_ sql: SQLWindowSQL) async throws(DataError) -> Int {
        if let ids = sql.fullText { return try await fullTextCount(ids, sql) }
        if let arms = sql.countArms {
            let union = arms.map { "SELECT \(sql.id) FROM \(sql.tableOnly) WHERE \($0.sql)" }.joined(separator: " UNION ")
            let rows = try await countRows("SELECT count(*) FROM (\(union)) AS matched", arms.map(\.value))
            return Int(rows.first?.first?.integer ?? 0)
        }
        var statement = "SELECT count(*) FROM \(sql.tableOnly)"
        if let filter = sql.filter { statement += " WHERE " + filter.sql }
        let rows = try await countRows(statement, sql.filter?.values ?? [])
        return Int(rows.first?.first?.integer ?? 0)
    }

    func window<Row: SQLWindowRow>(_ query: WindowQuery, start: WindowStart, limit: Int,
                                      as type: Row.Type) async throws(DataError) -> [Windowed<Row>] {
        let sql = try windowSQL(query, Row.self)
        let limit = max(0, limit)
        let rows: [[SQLValue]]
        switch start {
        case .first: rows = try await physical(sql, forward: query.ascending, from: nil, inclusive: false, limit: limit)
        case .last: rows = try await physical(sql, forward: !query.ascending, from: nil, inclusive: false, limit: limit).reversed()
        case let .after(key): rows = try await physical(sql, forward: query.ascending, from: key, inclusive: false, limit: limit)
        case let .from(key): rows = try await physical(sql, forward: query.ascending, from: key, inclusive: true, limit: limit)
        case let .before(key):
            rows = try await physical(sql, forward: !query.ascending, from: key, inclusive: false, limit: limit).reversed()
        case let .offset(position):
            let direction = query.ascending ? "ASC" : "DESC"
            var statement = "SELECT \(sql.select) FROM \(sql.from)"
            if let filter = sql.filter { statement += " WHERE " + filter.sql }
            // NULLs where the segments put them (first when ascending) on both engines: SQLite
            // sorts them first by itself, PostgreSQL last.
            let nulls = query.ascending ? "NULLS FIRST" : "NULLS LAST"
            let order = (sql.sort.map { ["\($0) \(direction) \(nulls)"] } ?? []) + ["\(sql.id) \(direction)"]
            statement += " ORDER BY " + order.joined(separator: ", ") + " LIMIT 1 OFFSET \(max(0, position))"
            guard let row = try await read(statement, sql.filter?.values ?? []).first else { return [] }
            return try await window(query, start: .from(Self.windowKey(row)), limit: limit, as: Row.self)
        }
        let (schema, layout) = try layoutAndSchema()
        return rows.map { values in
            let (row, issue) = Row.row(values, sql, in: self, schema: schema, layout: layout)
            if let issue { issues.append(issue) }
            return Windowed(row: row, key: Self.windowKey(values))
        }
    }

    func windowPosition(of key: WindowKey, _ query: WindowQuery, _ sql: SQLWindowSQL) async throws(DataError) -> Int {
        let segments = Self.segments(sql)
        let own = Self.segment(of: key, sql)
        guard let at = segments.firstIndex(of: own) else { return 0 }
        // Ascending: the rows physically before the key; descending: those after it.
        let counted = query.ascending ? Array(segments[..<at]) : Array(segments[(at + 1)...])
        var position = try await count(sql, own, bound: (key, query.ascending ? "<" : ">"))
        for segment in counted { position += try await count(sql, segment, bound: nil) }
        return position
    }

    func windowKey(id: RecordID, _ sql: SQLWindowSQL) async throws(DataError) -> (key: WindowKey, passes: Bool)? {
        let passes = sql.filter.map { "CASE WHEN \($0.sql) THEN 1 ELSE 0 END" } ?? "1"
        let statement = "SELECT \(sql.select), \(passes) FROM \(sql.from) WHERE \(sql.id) = ? LIMIT 1"
        guard let row = try await read(statement, (sql.filter?.values ?? []) + [Self.key(id)]).first else { return nil }
        return (Self.windowKey(Array(row.dropLast())), row.last?.integer == 1)
    }

    /// ``RecordWindows/fraction(of:_:)``: in an unfiltered order by integer id, the key's id
    /// between the smallest and the largest (two lookups at the ends of the primary key).
    func windowFraction(of key: WindowKey, _ query: WindowQuery, _ sql: SQLWindowSQL) async throws(DataError) -> Double? {
        guard sql.sort == nil, sql.filter == nil, case let .integer(id) = key.id else { return nil }
        let ends = try await read("SELECT (SELECT min(\(sql.id)) FROM \(sql.tableOnly)), (SELECT max(\(sql.id)) FROM \(sql.tableOnly))", [])
        guard let low = ends.first?[0].integer, let high = ends.first?[1].integer else { return nil }
        guard high > low else { return 0 }
        let fraction = Double(min(max(id, low), high) - low) / Double(high - low)
        return query.ascending ? fraction : 1 - fraction
    }

    // MARK: - Private

    /// At most `limit` rows from `key` (or the start) in the physical order, ascending when
    /// `forward`: the key's segment from the key on, then the segments after it.
    private func physical(_ sql: SQLWindowSQL, forward: Bool, from key: WindowKey?, inclusive: Bool,
                          limit: Int) async throws(DataError) -> [[SQLValue]] {
        let segments = forward ? Self.segments(sql) : Self.segments(sql).reversed()
        let first = key.map { Self.segment(of: $0, sql) }.flatMap { segments.firstIndex(of: $0) } ?? 0
        var rows: [[SQLValue]] = []
        for (index, segment) in segments.enumerated() where index >= first && rows.count < limit {
            let op = forward ? (inclusive ? ">=" : ">") : (inclusive ? "<=" : "<")
            let bound = index == first ? key.map { ($0, op) } : nil
            if segment == .all, let ids = sql.fullText {
                rows += try await fullTextWindow(ids, sql, forward: forward, bound: bound, limit: limit - rows.count)
                continue
            }
            var (statement, values) = Self.conditions(sql, segment, bound: bound)
            statement = "SELECT \(sql.select) FROM \(sql.from)" + statement
            let direction = forward ? "ASC" : "DESC"
            let order = segment == .values ? ["\(sql.sort!) \(direction)", "\(sql.id) \(direction)"] : ["\(sql.id) \(direction)"]
            statement += " ORDER BY " + order.joined(separator: ", ") + " LIMIT \(limit - rows.count)"
            rows += try await read(statement, values)
        }
        return rows
    }

    /// A window in id order of a filter through the FTS5 index: each set of ids read from the
    /// bound on, at most `limit` of each, so the first rows of a text most titles hold (`f`)
    /// cost what those of a rare one do, where `id IN (all of them)` reads them all first.
    private func fullTextWindow(_ ids: SQLWindowSQL.FullTextIDs, _ sql: SQLWindowSQL, forward: Bool,
                                bound: (key: WindowKey, op: String)?, limit: Int) async throws(DataError) -> [[SQLValue]] {
        let direction = forward ? "ASC" : "DESC"
        var arms = ["SELECT * FROM (SELECT rowid FROM \(ids.table) WHERE \(ids.table) MATCH ?"
                    + (bound.map { " AND rowid \($0.op) ?" } ?? "") + " ORDER BY rowid \(direction) LIMIT \(limit))"]
        var values: [SQLValue] = [ids.match] + (bound.map { [$0.key.id.sqlValue] } ?? [])
        if let authors = ids.authorPosts {
            arms.append("SELECT * FROM (\(authors.sql)" + (bound.map { " AND \(authors.id) \($0.op) ?" } ?? "")
                        + " ORDER BY \(authors.id) \(direction) LIMIT \(limit))")
            values += [authors.value] + (bound.map { [$0.key.id.sqlValue] } ?? [])
        }
        if let number = ids.number {
            arms.append("SELECT ?")
            values.append(.integer(number))
        }
        var statement = "SELECT \(sql.select) FROM \(sql.from) WHERE \(sql.id) IN (\(arms.joined(separator: " UNION ")))"
        if let bound {
            statement += " AND \(sql.id) \(bound.op) ?"
            values.append(bound.key.id.sqlValue)
        }
        statement += " ORDER BY \(sql.id) \(direction) LIMIT \(limit)"
        return try await read(statement, values)
    }

    /// The count of a filter through the FTS5 index as a sum, with nothing held: the title's
    /// matches, the matching authors' posts whose title does not match, and the id typed when
    /// neither holds it.
    private func fullTextCount(_ ids: SQLWindowSQL.FullTextIDs, _ sql: SQLWindowSQL) async throws(DataError) -> Int {
        let titled = "EXISTS (SELECT 1 FROM \(ids.table) WHERE \(ids.table) MATCH ? AND rowid = \(sql.id))"
        var parts = ["(SELECT count(*) FROM \(ids.table) WHERE \(ids.table) MATCH ?)"]
        var values: [SQLValue] = [ids.match]
        if let authors = ids.authorPosts {
            // The title's matches read once into a set (`NOT IN`), not looked up in the index
            // post by post: for `f` on 10M posts, 1.8 s against three minutes.
            let matched = "(SELECT rowid FROM \(ids.table) WHERE \(ids.table) MATCH ?)"
            parts.append("(SELECT count(*) FROM \(sql.tableOnly) WHERE \(sql.id) IN (\(authors.sql)) AND \(sql.id) NOT IN \(matched))")
            values += [authors.value, ids.match]
        }
        if let number = ids.number {
            let byAuthor = ids.authorPosts.map { " AND \(sql.id) NOT IN (\($0.sql))" } ?? ""
            parts.append("(SELECT count(*) FROM \(sql.tableOnly) WHERE \(sql.id) = ? AND NOT \(titled)\(byAuthor))")
            values += [.integer(number), ids.match] + (ids.authorPosts.map { [$0.value] } ?? [])
        }
        let rows = try await read("SELECT " + parts.joined(separator: " + "), values)
        return Int(rows.first?.first?.integer ?? 0)
    }

    private func count(_ sql: SQLWindowSQL, _ segment: Segment, bound: (WindowKey, String)?) async throws(DataError) -> Int {
        let (conditions, values) = Self.conditions(sql, segment, bound: bound)
        let from = sql.sort != nil && sql.sortNeedsJoin ? sql.from : sql.tableOnly
        return Int(try await read("SELECT count(*) FROM \(from)" + conditions, values).first?.first?.integer ?? 0)
    }

    /// ` WHERE …` of `segment` (the filter, the segment's own condition, the bound on the key).
    private static func conditions(_ sql: SQLWindowSQL, _ segment: Segment,
                                   bound: (key: WindowKey, op: String)?) -> (String, [SQLValue]) {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let filter = sql.filter {
            conditions.append(filter.sql)
            values += filter.values
        }
        switch segment {
        case .all, .nulls:
            if segment == .nulls, let sort = sql.sort { conditions.append("\(sort) IS NULL") }
            if let bound {
                conditions.append("\(sql.id) \(bound.op) ?")
                values.append(bound.key.id.sqlValue)
            }
        case .values:
            if sql.sortIsNullable, let sort = sql.sort { conditions.append("\(sort) IS NOT NULL") }
            if let bound, let sort = sql.sort, let value = bound.key.sort {
                conditions.append("(\(sort), \(sql.id)) \(bound.op) (?, ?)")
                values += [value.sqlValue, bound.key.id.sqlValue]
            }
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }

    private static func segments(_ sql: SQLWindowSQL) -> [Segment] {
        sql.sort == nil ? [.all] : sql.sortIsNullable ? [.nulls, .values] : [.values]
    }

    private static func segment(of key: WindowKey, _ sql: SQLWindowSQL) -> Segment {
        sql.sort == nil ? .all : key.sort == nil ? .nulls : .values
    }

    private func read(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        try await windowRows(sql, values)
    }

    /// A row's key: its sort value and id, the last two values selected.
    private static func windowKey(_ row: [SQLValue]) -> WindowKey {
        WindowKey(sort: WindowValue(row[row.count - 2]), id: WindowValue(row[row.count - 1]) ?? .integer(0))
    }
}

extension WindowValue {
    /// A column's value as a key's (`nil` for NULL).
    init?(_ value: SQLValue) {
        switch value {
        case .null: return nil
        case let .integer(number): self = .integer(number)
        case let .real(number): self = .real(number)
        case let .text(text): self = .text(text)
        case let .blob(bytes): self = .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The value bound to a statement.
    var sqlValue: SQLValue {
        switch self {
        case let .integer(number): .integer(number)
        case let .real(number): .real(number)
        case let .text(text): .text(text)
        }
    }
}
