import Foundation

/// A row a delete removed with its record through `ON DELETE CASCADE`: its table, columns and
/// values, put back as they were by undo.
struct SQLiteRemovedRow: Sendable {
    var table: String
    var columns: [String]
    var values: [SQLiteValue]
}

// Writes to a SQLite database (issue 25): each one transaction, `BEGIN IMMEDIATE … COMMIT`, in
// which the row is read again and compared with what the form or the delete was opened on. A
// change made there since is refused as ``DataError/recordChanged(path:record:)`` (asked as a
// db.json changed on disk is) unless the person said to overwrite. Only the columns of the
// fields that changed are written: columns Bulletin does not model, and fields not edited,
// keep what the database holds.

extension SQLiteDataSource {
    /// Applies `change`; `original` is the record as the form (or the delete) was opened on.
    /// - Returns: The record as stored (a created or restored record with its id), `nil` after a delete.
    /// - Throws: ``DataError/recordChanged(path:record:)`` when the row changed since `original` was
    ///   read (and `overwrite` is off); ``DataError/notFound(_:location:)``; a lock held past the
    ///   timeout, a full disk or a read-only file as ``DataError/unwritableFile(path:reason:)``
    ///   or ``DataError/readOnlyFile(path:)``; a field the table has no column for as
    ///   ``DataError/unwritableFile(path:reason:)``. The database is unchanged after any of them.
    func apply(_ change: RecordChange, original: Record?, overwrite: Bool) throws(DataError) -> Record? {
        let kind: RecordKind = switch change {
        case let .create(record), let .restore(record), let .update(record): record.kind
        case let .delete(kind, _): kind
        }
        let layoutKind = Self.layoutKind(kind)
        let (_, schema, layout) = try open()
        guard let map = layout.table(layoutKind), let table = schema.table(named: map.table) else {
            throw .unwritableFile(path: path, reason: "the database has no \(layoutKind.rawValue) table")
        }
        return try transaction { connection throws(DataError) in
            switch change {
            case let .create(record):
                return try insert(record, keepingID: false, into: map, table: table, connection)
            case let .restore(record):
                return try restore(record, map: map, table: table, schema: schema, connection)
            case let .update(record):
                let current = try row(of: layoutKind, id: record.id, map: map, table: table, connection)
                let stored = try decoded(current, kind: kind, table: map.table)
                if let original, !overwrite, stored != original { throw .recordChanged(path: path, record: record.label) }
                let from = RecordJSON.value(of: original ?? stored)
                let to = RecordJSON.value(of: record)
                try write(changes(from: from, to: to), of: record.id, in: map, connection)
                return try decoded(try row(of: layoutKind, id: record.id, map: map, table: table, connection), kind: kind, table: map.table)
            case let .delete(_, id):
                let current = try row(of: layoutKind, id: id, map: map, table: table, connection)
                if let original, !overwrite, try decoded(current, kind: kind, table: map.table) != original {
                    throw .recordChanged(path: path, record: original.label)
                }
                // The row itself first (every column, the unmodelled ones too), then what cascades.
                let own = SQLiteRemovedRow(table: table.name, columns: table.columns.map(\.name),
                                           values: try rawRow(of: id, map: map, table: table, connection))
                let removed = [own] + (try cascadedRows(of: map.table, id: id, schema: schema, connection))
                try sql(connection) { connection throws(SQLiteError) in
                    let statement = try connection.prepare("DELETE FROM \(SQLiteSQL.quote(map.table)) WHERE \(SQLiteSQL.quote(map.id)) = ?")
                    try statement.bind([Self.key(id)])
                    _ = try statement.step()
                }
                cascaded[Self.key(kind, id)] = removed
                return nil
            }
        }
    }

    /// Saves a todo's `completed` (`UPDATE todos SET completed = ?`), after checking the row
    /// still holds what the screen showed.
    /// - Throws: As ``apply(_:original:overwrite:)``.
    func setCompleted(_ completed: Bool, of todo: Todo, overwrite: Bool) throws(DataError) -> Todo {
        let (_, schema, layout) = try open()
        guard let map = layout.table(.todos), let table = schema.table(named: map.table), let column = map.column("completed") else {
            throw .unwritableFile(path: path, reason: "the database has no todos table with a completed column")
        }
        return try transaction { connection throws(DataError) in
            let current = try row(of: .todos, id: todo.id, map: map, table: table, connection)
            let stored = try decodeRow(current, as: Todo.self, map: map, kind: .todos)
            if !overwrite, stored != todo { throw .recordChanged(path: path, record: "todo \(todo.id)") }
            try write([(column, .integer(completed ? 1 : 0))], of: todo.id, in: map, connection)
            let after = try row(of: .todos, id: todo.id, map: map, table: table, connection)
            return try decodeRow(after, as: Todo.self, map: map, kind: .todos)
        }
    }

    /// Puts back `record` and the rows its delete removed, with their ids: the row as it was,
    /// every column, when this run deleted it; a record not deleted in this run is inserted from
    /// its fields. When another record took the id meanwhile it gets a new one, and the rows that
    /// pointed at it point at the new one.
    private func restore(_ record: Record, map: SQLiteLayout.TableMap, table: SQLiteSchema.Table, schema: SQLiteSchema,
                         _ connection: SQLiteConnection) throws(DataError) -> Record {
        guard var rows = cascaded.removeValue(forKey: Self.key(record.kind, record.id)), !rows.isEmpty else {
            return try insert(record, keepingID: true, into: map, table: table, connection)
        }
        let own = rows.removeFirst()
        let restored = try insert(record, keepingID: true, into: map, table: table, connection)
        if restored.id == record.id {
            // The row as it was replaces the one made from the record's fields (same id).
            try sql(connection) { connection throws(SQLiteError) in
                let statement = try connection.prepare("DELETE FROM \(SQLiteSQL.quote(map.table)) WHERE \(SQLiteSQL.quote(map.id)) = ?")
                try statement.bind([Self.key(record.id)])
                _ = try statement.step()
            }
            try reinsert(own, connection)
        }
        for var row in rows {
            if restored.id != record.id, let child = schema.table(named: row.table) {
                for foreignKey in child.foreignKeys where foreignKey.table.lowercased() == map.table.lowercased() {
                    if let index = row.columns.firstIndex(of: foreignKey.column), row.values[index] == Self.key(record.id) {
                        row.values[index] = Self.key(restored.id)
                    }
                }
            }
            try reinsert(row, connection)
        }
        return try decoded(try self.row(of: Self.layoutKind(record.kind), id: restored.id, map: map, table: table, connection),
                           kind: record.kind, table: map.table)
    }

    /// The column values of the row with `id`, in the table's order.
    private func rawRow(of id: RecordID, map: SQLiteLayout.TableMap, table: SQLiteSchema.Table,
                        _ connection: SQLiteConnection) throws(DataError) -> [SQLiteValue] {
        try sql(connection) { connection throws(SQLiteError) in
            try connection.rows("SELECT \(SQLiteRecords.selectList(table)) FROM \(SQLiteSQL.quote(map.table)) "
                                + "WHERE \(SQLiteSQL.quote(map.id)) = ?", [Self.key(id)]).first ?? []
        }
    }

    /// Drops what undo would have put back (a source switch, tests).
    func forgetCascades() { cascaded = [:] }

    // MARK: - Private

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`; any error rolls it back.
    private func transaction<T>(_ body: (SQLiteConnection) throws(DataError) -> T) throws(DataError) -> T {
        let connection = try open().connection
        let started = Date()
        // A stop asked before the transaction (Esc while the save was starting) ends its wait;
        // after it, the next write waits again.
        defer { writeWait.reset() }
        do throws(DataError) {
            do { try connection.execute("BEGIN IMMEDIATE") } catch {
                guard error.isBusy, writeWait.isStopped else { throw Self.dataError(error) }
                throw DataError.unwritableFile(path: path, reason: "stopped waiting for another program that is writing to the database; nothing was written")
            }
            let value = try body(connection)
            try sql(connection) { connection throws(SQLiteError) in try connection.execute("COMMIT") }
            log?.record(RequestRecord(date: started, method: "WRITE", path: path, status: .read,
                                      milliseconds: RequestRecord.milliseconds(since: started)))
            return value
        } catch {
            try? connection.execute("ROLLBACK")
            log?.record(RequestRecord(date: started, method: "WRITE", path: path, status: .failed,
                                      milliseconds: RequestRecord.milliseconds(since: started)))
            log?.record(error)
            throw error
        }
    }

    private func sql<T>(_ connection: SQLiteConnection, _ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(DataError) -> T {
        do { return try body(connection) } catch { throw Self.dataError(error) }
    }

    /// The row of `kind` with `id`, as a record (every column).
    private func row(of kind: SQLiteLayout.Kind, id: RecordID, map: SQLiteLayout.TableMap, table: SQLiteSchema.Table,
                     _ connection: SQLiteConnection) throws(DataError) -> JSONValue {
        let rows = try sql(connection) { connection throws(SQLiteError) in
            try connection.rows("SELECT \(SQLiteRecords.selectList(table)) FROM \(SQLiteSQL.quote(map.table)) "
                                + "WHERE \(SQLiteSQL.quote(map.id)) = ?", [Self.key(id)])
        }
        guard let values = rows.first else { throw .notFound("\(kind.rawValue.dropLast()) \(id)", location: path) }
        return SQLiteRecords.json(table, values: values, kind: kind, map: map)
    }

    private func decoded(_ row: JSONValue, kind: RecordKind, table: String) throws(DataError) -> Record {
        // As the source reads it (its extra columns too), so it compares equal to what a form opened on.
        let layoutKind = Self.layoutKind(kind)
        let map = try open().layout.table(layoutKind)
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
    private func write(_ fields: [(String, JSONValue)], of id: RecordID, in map: SQLiteLayout.TableMap,
                       _ connection: SQLiteConnection) throws(DataError) {
        var assignments: [(String, SQLiteValue)] = []
        for (field, value) in fields {
            guard let column = map.column(field) ?? map.extraColumns.first(where: { $0.lowercased() == field.lowercased() }) else {
                throw .unwritableFile(path: path, reason: "table \(map.table) has no column for \(field)")
            }
            assignments.append((column, Self.sqliteValue(value)))
        }
        try write(assignments, of: id, in: map, connection)
    }

    private func write(_ assignments: [(String, SQLiteValue)], of id: RecordID, in map: SQLiteLayout.TableMap,
                       _ connection: SQLiteConnection) throws(DataError) {
        guard !assignments.isEmpty else { return }
        let set = assignments.map { "\(SQLiteSQL.quote($0.0)) = ?" }.joined(separator: ", ")
        try sql(connection) { connection throws(SQLiteError) in
            let statement = try connection.prepare("UPDATE \(SQLiteSQL.quote(map.table)) SET \(set) WHERE \(SQLiteSQL.quote(map.id)) = ?")
            try statement.bind(assignments.map(\.1) + [Self.key(id)])
            _ = try statement.step()
        }
    }

    /// `INSERT` of `record`'s non-null fields; its id kept (restore) unless taken, else the
    /// largest integer id + 1 (as json-server chooses).
    private func insert(_ record: Record, keepingID: Bool, into map: SQLiteLayout.TableMap, table: SQLiteSchema.Table,
                        _ connection: SQLiteConnection) throws(DataError) -> Record {
        let quotedTable = SQLiteSQL.quote(map.table)
        let quotedID = SQLiteSQL.quote(map.id)
        let taken = try sql(connection) { connection throws(SQLiteError) in
            try !connection.rows("SELECT 1 FROM \(quotedTable) WHERE \(quotedID) = ?", [Self.key(record.id)]).isEmpty
        }
        var id = record.id
        if !keepingID || taken {
            let largest = try sql(connection) { connection throws(SQLiteError) in
                try connection.rows("SELECT max(CAST(\(quotedID) AS INTEGER)) FROM \(quotedTable)").first?.first?.integer ?? 0
            }
            id = RecordID(Int(largest) + 1)
        }
        guard case let .object(members) = RecordJSON.compacted(RecordJSON.value(of: record.with(id: id))) else { return record }
        var columns: [String] = []
        var values: [SQLiteValue] = []
        for member in members {
            let column = member.key == "id" ? map.id : map.column(member.key)
            guard let column else {
                throw .unwritableFile(path: path, reason: "table \(map.table) has no column for \(member.key)")
            }
            columns.append(column)
            values.append(member.key == "id" ? Self.key(id) : Self.sqliteValue(member.value))
        }
        try sql(connection) { connection throws(SQLiteError) in
            let statement = try connection.prepare("INSERT INTO \(quotedTable) (\(columns.map(SQLiteSQL.quote).joined(separator: ", "))) "
                                                   + "VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            try statement.bind(values)
            _ = try statement.step()
        }
        return try decoded(try row(of: Self.layoutKind(record.kind), id: id, map: map, table: table, connection), kind: record.kind,
                           table: map.table)
    }

    /// The rows that deleting `id` from `table` removes with it through `ON DELETE CASCADE`,
    /// children before their own children (the order they go back in), read before the delete.
    private func cascadedRows(of table: String, id: RecordID, schema: SQLiteSchema,
                              _ connection: SQLiteConnection) throws(DataError) -> [SQLiteRemovedRow] {
        var removed: [SQLiteRemovedRow] = []
        var queue: [(table: String, key: String, value: SQLiteValue)] = []
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
                    let rows = try sql(connection) { connection throws(SQLiteError) in
                        try connection.rows("SELECT \(SQLiteRecords.selectList(child)) FROM \(SQLiteSQL.quote(child.name)) "
                                            + "WHERE \(SQLiteSQL.quote(foreignKey.column)) = ?", [value])
                    }
                    seen += rows.count
                    let childKey = child.primaryKey.first ?? child.column(named: "id")?.name
                    for values in rows {
                        removed.append(SQLiteRemovedRow(table: child.name, columns: columns, values: values))
                        if let childKey, let index = columns.firstIndex(of: childKey) { queue.append((child.name, childKey, values[index])) }
                    }
                }
            }
        }
        return removed
    }

    private func reinsert(_ row: SQLiteRemovedRow, _ connection: SQLiteConnection) throws(DataError) {
        try sql(connection) { connection throws(SQLiteError) in
            let statement = try connection.prepare("INSERT INTO \(SQLiteSQL.quote(row.table)) "
                                                   + "(\(row.columns.map(SQLiteSQL.quote).joined(separator: ", "))) "
                                                   + "VALUES (\(row.columns.map { _ in "?" }.joined(separator: ", ")))")
            try statement.bind(row.values)
            _ = try statement.step()
        }
    }

    static func layoutKind(_ kind: RecordKind) -> SQLiteLayout.Kind {
        switch kind {
        case .user: .users
        case .post: .posts
        case .comment: .comments
        }
    }

    static func key(_ kind: RecordKind, _ id: RecordID) -> String { "\(kind.rawValue)/\(id.text)" }

    /// An id as SQLite compares it: a whole number as an integer, any other as text.
    static func key(_ id: RecordID) -> SQLiteValue { id.number.map { .integer(Int64($0)) } ?? .text(id.text) }

    /// A JSON value as a column's value: numbers as integers or reals, booleans 0 and 1, objects
    /// and arrays as their compact JSON text.
    static func sqliteValue(_ value: JSONValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case let .bool(flag): .integer(flag ? 1 : 0)
        case let .number(text): Int64(text).map(SQLiteValue.integer) ?? Double(text).map(SQLiteValue.real) ?? .text(text)
        case let .string(text): .text(text)
        case .object, .array: .text(String(decoding: value.printed(style: .compact, indent: []), as: UTF8.self))
        }
    }
}
