import Foundation

/// A row a delete removed with its record through `ON DELETE CASCADE`: its table, columns and
/// values, put back as they were by undo.
struct SQLRemovedRow: Sendable {
    var table: String
    var columns: [String]
    var values: [SQLValue]
    /// Whether the table numbers a column `GENERATED ALWAYS AS IDENTITY`, so putting the row
    /// back with its id needs `OVERRIDING SYSTEM VALUE`.
    var overridesIdentity = false

    init(table: SQLSchema.Table, values: [SQLValue]) {
        self.table = table.name
        columns = table.columns.map(\.name)
        self.values = values
        overridesIdentity = table.columns.contains { $0.generation == .always }
    }
}

// Writes to a SQL database (issues 25 and 26): each one transaction (SQLite's `BEGIN IMMEDIATE …
// COMMIT`; PostgreSQL's `BEGIN … COMMIT`, the row read `FOR UPDATE` so that no other save
// changes it until this one ends), in which the row is read again and compared with what the
// form or the delete was opened on. A
// change made there since is refused as ``DataError/recordChanged(path:record:)`` (asked as a
// db.json changed on disk is) unless the person said to overwrite. Only the columns of the
// fields that changed are written: columns Bulletin does not model, and fields not edited,
// keep what the database holds.

extension SQLRecordSource {
    /// Applies `change`; `original` is the record as the form (or the delete) was opened on.
    /// - Returns: The record as stored (a created or restored record with its id), `nil` after a delete.
    /// - Throws: ``DataError/recordChanged(path:record:)`` when the row changed since `original` was
    ///   read (and `overwrite` is off); ``DataError/notFound(_:location:)``; a lock held past the
    ///   timeout, a full disk or a read-only file as ``DataError/unwritableFile(path:reason:)``
    ///   or ``DataError/readOnlyFile(path:)``; a field the table has no column for as
    ///   ``DataError/writeRefused(location:reason:)``. The database is unchanged after any of them.
    func apply(_ change: RecordChange, original: Record?, overwrite: Bool) async throws(DataError) -> Record? {
        let kind: RecordKind = switch change {
        case let .create(record), let .restore(record), let .update(record): record.kind
        case let .delete(kind, _): kind
        }
        let layoutKind = Self.layoutKind(kind)
        let (schema, layout) = try layoutAndSchema()
        guard let map = layout.table(layoutKind), let table = schema.table(named: map.table) else {
            throw .writeRefused(location: location, reason: "the database has no \(layoutKind.rawValue) table")
        }
        if case .create = change, dialect.transactionID != nil { creating[kind] = .pending }
        let stored = try await transaction { session throws(DataError) -> Record? in
            switch change {
            case let .create(record):
                if let query = dialect.transactionID, let id = try session.rows(query, []).first?.first?.text {
                    creating[kind] = .transaction(id)
                }
                return try insert(record, keepingID: false, into: map, table: table, session)
            case let .restore(record):
                return try restore(record, map: map, table: table, schema: schema, session)
            case let .update(record):
                let current = try row(of: layoutKind, id: record.id, map: map, table: table, session)
                let stored = try decoded(current, kind: kind, table: map.table)
                let to = RecordJSON.value(of: record)
                // The row holds every field as this save would leave it: an earlier try whose
                // answer was lost (the connection dropped at COMMIT) landed; nothing is sent twice.
                if changes(from: RecordJSON.value(of: stored), to: to).isEmpty { return stored }
                if let original, !overwrite, stored != original { throw .recordChanged(path: location, record: record.label) }
                try write(changes(from: RecordJSON.value(of: original ?? stored), to: to), of: record.id, in: map, table: table, session)
                return try decoded(try row(of: layoutKind, id: record.id, map: map, table: table, session), kind: kind, table: map.table)
            case let .delete(_, id):
                let current = try row(of: layoutKind, id: id, map: map, table: table, session)
                if let original, !overwrite, try decoded(current, kind: kind, table: map.table) != original {
                    throw .recordChanged(path: location, record: original.label)
                }
                // The row itself first (every column, the unmodelled ones too), then what cascades.
                let own = SQLRemovedRow(table: table, values: try columnValues(of: id, map: map, table: table, session))
                let removed = [own] + (try cascadedRows(of: map.table, id: id, schema: schema, session))
                try session.run("DELETE FROM \(SQLText.quote(map.table)) WHERE \(SQLText.quote(map.id)) = ?", [Self.key(id)])
                cascaded[Self.key(kind, id)] = removed
                return nil
            }
        }
        // Its answer came: nothing is left to look for, or to put back again.
        if case .create = change { creating[kind] = nil }
        if case let .restore(record) = change { cascaded[Self.key(record.kind, record.id)] = nil }
        return stored
    }

    /// Saves a todo's `completed` (`UPDATE todos SET completed = ?`), after checking the row
    /// still holds what the screen showed.
    /// - Throws: As ``apply(_:original:overwrite:)``.
    func setCompleted(_ completed: Bool, of todo: Todo, overwrite: Bool) async throws(DataError) -> Todo {
        let (schema, layout) = try layoutAndSchema()
        guard let map = layout.table(.todos), let table = schema.table(named: map.table), let column = map.column("completed") else {
            throw .writeRefused(location: location, reason: "the database has no todos table with a completed column")
        }
        return try await transaction { session throws(DataError) in
            let current = try row(of: .todos, id: todo.id, map: map, table: table, session)
            let stored = try decodeRow(current, as: Todo.self, map: map, kind: .todos)
            if !overwrite, stored != todo { throw .recordChanged(path: location, record: "todo \(todo.id)") }
            try write([(column, .integer(completed ? 1 : 0))], of: todo.id, in: map, session)
            let after = try row(of: .todos, id: todo.id, map: map, table: table, session)
            return try decodeRow(after, as: Todo.self, map: map, kind: .todos)
        }
    }

    /// Whether the database holds a row of `kind` with `id` (a delete whose answer was lost is
    /// known to have landed when it does not).
    /// - Throws: As a read of the table.
    func exists(_ kind: RecordKind, id: RecordID) async throws(DataError) -> Bool {
        guard let map = try layoutAndSchema().layout.table(Self.layoutKind(kind)) else { return false }
        return !(try await readRows("SELECT 1 FROM \(SQLText.quote(map.table)) WHERE \(SQLText.quote(map.id)) = ?", [Self.key(id)]).isEmpty)
    }

    /// The newest row of `record`'s kind holding every one of its fields (its id aside) that
    /// the last create of its kind inserted, as a record; `nil` when none does. A create whose
    /// answer was lost (the connection dropped at `COMMIT`) is looked for so before it is sent
    /// again (``DataWriter/locateCreated(_:)``). Where the engine names the transaction that
    /// inserted a row (PostgreSQL's `xmin`), only the last create's transaction counts, so a row
    /// someone else made with the same fields is not taken for it; a create whose transaction
    /// never began has inserted nothing.
    /// - Throws: As a read of the table.
    func locate(_ record: Record) async throws(DataError) -> Record? {
        if creating[record.kind] == .pending { return nil }
        let layoutKind = Self.layoutKind(record.kind)
        let (schema, layout) = try layoutAndSchema()
        guard let map = layout.table(layoutKind), let table = schema.table(named: map.table),
              case let .object(members) = RecordJSON.compacted(RecordJSON.value(of: record)) else { return nil }
        var conditions: [String] = []
        var values: [SQLValue] = []
        for member in members where member.key != "id" {
            guard let column = map.column(member.key) else { continue }
            conditions.append("\(SQLText.quote(column)) = ?")
            values.append(Self.stored(member.value, field: member.key, column: table.column(named: column)))
        }
        guard !conditions.isEmpty else { return nil }
        if case let .transaction(id)? = creating[record.kind] {
            conditions.append("xmin::text = ?")
            values.append(.text(id))
        }
        let rows = try await readRows("SELECT \(SQLRecords.selectList(table)) FROM \(SQLText.quote(map.table)) WHERE "
                                      + conditions.joined(separator: " AND ") + " ORDER BY \(SQLText.quote(map.id)) DESC LIMIT 1", values)
        guard let row = rows.first else { return nil }
        return try decoded(SQLRecords.json(table, values: row, kind: layoutKind, map: map), kind: record.kind, table: map.table)
    }

    /// Puts back `record` and the rows its delete removed, with their ids: the row as it was,
    /// every column, when this run deleted it; a record not deleted in this run is inserted from
    /// its fields. When another record took the id meanwhile it gets a new one, and the rows that
    /// pointed at it point at the new one. A row with the id that equals `record` is an earlier
    /// try whose answer was lost (the connection dropped at `COMMIT`): it landed, so nothing is
    /// put back twice. The rows to put back are kept until a try's answer comes.
    private func restore(_ record: Record, map: SQLLayout.TableMap, table: SQLSchema.Table, schema: SQLSchema,
                         _ session: any SQLSession) throws(DataError) -> Record {
        do throws(DataError) {
            let current = try decoded(try row(of: Self.layoutKind(record.kind), id: record.id, map: map, table: table, session),
                                      kind: record.kind, table: map.table)
            if current == record { return current }
        } catch {
            guard case .notFound = error else { throw error }
        }
        guard var rows = cascaded[Self.key(record.kind, record.id)], !rows.isEmpty else {
            return try insert(record, keepingID: true, into: map, table: table, session)
        }
        let own = rows.removeFirst()
        let restored = try insert(record, keepingID: true, into: map, table: table, session)
        if restored.id == record.id {
            // The row as it was replaces the one made from the record's fields (same id).
            try session.run("DELETE FROM \(SQLText.quote(map.table)) WHERE \(SQLText.quote(map.id)) = ?", [Self.key(record.id)])
            try reinsert(own, session)
        }
        for var row in rows {
            if restored.id != record.id, let child = schema.table(named: row.table) {
                for foreignKey in child.foreignKeys where foreignKey.table.lowercased() == map.table.lowercased() {
                    if let index = row.columns.firstIndex(of: foreignKey.column), row.values[index] == Self.key(record.id) {
                        row.values[index] = Self.key(restored.id)
                    }
                }
            }
            try reinsert(row, session)
        }
        return try decoded(try self.row(of: Self.layoutKind(record.kind), id: restored.id, map: map, table: table, session),
                           kind: record.kind, table: map.table)
    }

    /// The column values of the row with `id`, in the table's order.
    private func columnValues(of id: RecordID, map: SQLLayout.TableMap, table: SQLSchema.Table,
                              _ session: any SQLSession) throws(DataError) -> [SQLValue] {
        try session.rows("SELECT \(SQLRecords.selectList(table)) FROM \(SQLText.quote(map.table)) "
                         + "WHERE \(SQLText.quote(map.id)) = ?", [Self.key(id)]).first ?? []
    }

    /// `value` of `field` as its `column` stores it: a user's company or address that is only
    /// its name or street (``SQLRecords/plainTextMember``) goes back as that text where the
    /// column is not JSON (`json`, `jsonb`), so a table that holds them as plain text keeps
    /// them so; anything else as ``sqlValue(_:)`` gives it.
    static func stored(_ value: JSONValue, field: String, column: SQLSchema.Column?) -> SQLValue {
        guard let inner = SQLRecords.plainTextMember[field], case let .object(members) = value,
              let column, !column.declaredType.lowercased().hasPrefix("json") else { return sqlValue(value) }
        let present = members.filter { $0.value != .null }
        guard present.count == 1, present[0].key == inner, case let .string(text) = present[0].value else { return sqlValue(value) }
        return .text(text)
    }

    /// Drops what undo would have put back (a source switch, tests).
    func forgetCascades() { cascaded = [:] }

    // MARK: - Private

    /// The row of `kind` with `id`, as a record (every column), locked until the transaction
    /// ends where the engine locks rows (``SQLDialect/lockingRead``).
    private func row(of kind: SQLLayout.Kind, id: RecordID, map: SQLLayout.TableMap, table: SQLSchema.Table,
                     _ session: any SQLSession) throws(DataError) -> JSONValue {
        let rows = try session.rows("SELECT \(SQLRecords.selectList(table)) FROM \(SQLText.quote(map.table)) "
                                    + "WHERE \(SQLText.quote(map.id)) = ?" + dialect.lockingRead, [Self.key(id)])
        guard let values = rows.first else { throw .notFound("\(kind.rawValue.dropLast()) \(id)", location: location) }
        return SQLRecords.json(table, values: values, kind: kind, map: map)
    }

    private func decoded(_ row: JSONValue, kind: RecordKind, table: String) throws(DataError) -> Record {
        // As the source reads it (its extra columns too), so it compares equal to what a form opened on.
        let layoutKind = Self.layoutKind(kind)
        let map = try layoutAndSchema().layout.table(layoutKind)
        switch kind {
        case .user: return .user(try decodeRow(row, as: User.self, map: map, kind: layoutKind))
        case .post: return .post(try decodeRow(row, as: Post.self, map: map, kind: layoutKind))
        case .comment: return .comment(try decodeRow(row, as: Comment.self, map: map, kind: layoutKind))
        }
    }

    /// The members of `to` that differ from `from`, as (field, value) pairs (top level: a user's
    /// address is one member).
    private func changes(from: JSONValue, to: JSONValue) -> [(String, JSONValue)] {
        guard case let .object(members) = to else { return [] }
        return members.filter { $0.key != "id" && from[$0.key] != $0.value }.map { ($0.key, $0.value) }
    }

    /// `UPDATE table SET column = ? … WHERE id = ?` for the fields changed.
    private func write(_ fields: [(String, JSONValue)], of id: RecordID, in map: SQLLayout.TableMap, table: SQLSchema.Table,
                       _ session: any SQLSession) throws(DataError) {
        var assignments: [(String, SQLValue)] = []
        for (field, value) in fields {
            guard let column = map.column(field) ?? map.extraColumns.first(where: { $0.lowercased() == field.lowercased() }) else {
                throw .writeRefused(location: location, reason: "table \(map.table) has no column for \(field)")
            }
            assignments.append((column, Self.stored(value, field: field, column: table.column(named: column))))
        }
        try write(assignments, of: id, in: map, session)
    }

    private func write(_ assignments: [(String, SQLValue)], of id: RecordID, in map: SQLLayout.TableMap,
                       _ session: any SQLSession) throws(DataError) {
        guard !assignments.isEmpty else { return }
        let set = assignments.map { "\(SQLText.quote($0.0)) = ?" }.joined(separator: ", ")
        try session.run("UPDATE \(SQLText.quote(map.table)) SET \(set) WHERE \(SQLText.quote(map.id)) = ?", assignments.map(\.1) + [Self.key(id)])
    }

    /// `INSERT` of `record`'s non-null fields; its id kept (restore) unless taken. A new id comes
    /// from the column's sequence where the server numbers rows (`serial`, identity: `RETURNING`
    /// tells which), else it is the largest integer id + 1 (as json-server chooses), read while
    /// no other save may insert (SQLite's write lock; PostgreSQL's ``SQLDialect/lockForNewKey(_:)``).
    private func insert(_ record: Record, keepingID: Bool, into map: SQLLayout.TableMap, table: SQLSchema.Table,
                        _ session: any SQLSession) throws(DataError) -> Record {
        let quotedTable = SQLText.quote(map.table)
        let quotedID = SQLText.quote(map.id)
        let generation = table.column(named: map.id)?.generation ?? .none
        var taken = false
        if keepingID { taken = try !session.rows("SELECT 1 FROM \(quotedTable) WHERE \(quotedID) = ?", [Self.key(record.id)]).isEmpty }
        let numbered = (!keepingID || taken) && generation != .none
        var id = record.id
        if (!keepingID || taken) && !numbered {
            if let lock = dialect.lockForNewKey(quotedTable) { try session.run(lock, []) }
            let largest = try session.rows("SELECT max(CAST(\(quotedID) AS INTEGER)) FROM \(quotedTable)", []).first?.first?.integer ?? 0
            id = RecordID(Int(largest) + 1)
        }
        guard case let .object(members) = RecordJSON.compacted(RecordJSON.value(of: record.with(id: id))) else { return record }
        var columns: [String] = []
        var values: [SQLValue] = []
        for member in members where !(numbered && member.key == "id") {
            let column = member.key == "id" ? map.id : map.column(member.key)
            guard let column else {
                throw .writeRefused(location: location, reason: "table \(map.table) has no column for \(member.key)")
            }
            columns.append(column)
            values.append(member.key == "id" ? Self.key(id) : Self.stored(member.value, field: member.key, column: table.column(named: column)))
        }
        let overriding = !numbered && generation == .always ? " OVERRIDING SYSTEM VALUE" : ""
        let insert = "INSERT INTO \(quotedTable) (\(columns.map(SQLText.quote).joined(separator: ", ")))\(overriding) "
            + "VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        if numbered {
            guard let given = try session.rows(insert + " RETURNING \(quotedID)", values).first?.first else {
                throw .writeRefused(location: location, reason: "table \(map.table) gave no id for the new row")
            }
            id = given.integer.map { RecordID(Int($0)) } ?? RecordID(given.text ?? "")
        } else {
            try session.run(insert, values)
        }
        return try decoded(try row(of: Self.layoutKind(record.kind), id: id, map: map, table: table, session), kind: record.kind,
                           table: map.table)
    }

    /// The rows that deleting `id` from `table` removes with it through `ON DELETE CASCADE`,
    /// children before their own children (the order they go back in), read before the delete.
    private func cascadedRows(of table: String, id: RecordID, schema: SQLSchema,
                              _ session: any SQLSession) throws(DataError) -> [SQLRemovedRow] {
        var removed: [SQLRemovedRow] = []
        var queue: [(table: String, key: String, value: SQLValue)] = []
        if let parent = schema.table(named: table), let key = parent.primaryKey.first ?? parent.column(named: "id")?.name {
            queue.append((parent.name, key, Self.key(id)))
        }
        var seen = 0
        while !queue.isEmpty, seen < 1_000_000 {
            let (parentTable, parentKey, value) = queue.removeFirst()
            for child in schema.tables {
                for foreignKey in child.foreignKeys where foreignKey.table.lowercased() == parentTable.lowercased()
                    && foreignKey.onDelete.uppercased() == "CASCADE"
                    && (foreignKey.referencedColumn ?? parentKey).lowercased() == parentKey.lowercased() {
                    let columns = child.columns.map(\.name)
                    let rows = try session.rows("SELECT \(SQLRecords.selectList(child)) FROM \(SQLText.quote(child.name)) "
                                                + "WHERE \(SQLText.quote(foreignKey.column)) = ?", [value])
                    seen += rows.count
                    let childKey = child.primaryKey.first ?? child.column(named: "id")?.name
                    for values in rows {
                        removed.append(SQLRemovedRow(table: child, values: values))
                        if let childKey, let index = columns.firstIndex(of: childKey) { queue.append((child.name, childKey, values[index])) }
                    }
                }
            }
        }
        return removed
    }

    private func reinsert(_ row: SQLRemovedRow, _ session: any SQLSession) throws(DataError) {
        let columns = row.columns.map(SQLText.quote).joined(separator: ", ")
        let overriding = row.overridesIdentity ? " OVERRIDING SYSTEM VALUE" : ""
        try session.run("INSERT INTO \(SQLText.quote(row.table)) (\(columns))\(overriding) "
                        + "VALUES (\(row.columns.map { _ in "?" }.joined(separator: ", ")))", row.values)
    }
}
