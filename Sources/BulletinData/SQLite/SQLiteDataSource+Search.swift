import Foundation

// Search on a SQLite database (issue 25 item 4): the posts' and comments' FTS5 indexes answer each
// query with its first rows in id order and, asked apart, the count; a table without one is read
// whole when it is small (``TextSearchQuery/scanLimit`` rows), else not searched, with the SQL that
// makes the index. Every read goes through Search's own read-only connection, which the task's
// cancellation interrupts.

extension SQLiteDataSource {
    /// Search through the posts' and comments' FTS5 indexes (or a read of a small table).
    public nonisolated var textSearching: (any TextSearching)? { SQLTextSearch(source: self) }

    /// How `kind` is searched: its FTS5 index; else a read of the table when it has at most
    /// ``TextSearchQuery/scanLimit`` rows (counted no further than that); else not, with the SQL
    /// that makes the index. Found once.
    func searchMethod(_ kind: TextSearchKind) async throws(DataError) -> TextSearchMethod {
        if let known = searchMethods[kind] { return known }
        let (_, schema, layout) = try open()
        let searched = kind.searched
        let method: TextSearchMethod
        if let map = layout.table(searched.kind), case let columns = searched.fields.compactMap(map.column), !columns.isEmpty {
            if let index = SQLiteFullText.table(indexing: map, columns: columns, schema: schema) {
                method = .fullText(table: index)
            } else {
                let limit = TextSearchQuery.scanLimit
                let rows = try await searchRead("SELECT count(*) FROM (SELECT 1 FROM \(SQLText.quote(map.table)) LIMIT \(limit + 1))", [])
                let count = Int(rows.first?.first?.integer ?? 0)
                method = count <= limit ? .scan(rows: count)
                    : .unavailable(advice: SQLiteFullText.creation("\(map.table)_fts", of: map.table, columns: columns, id: map.id))
            }
        } else {
            method = .absent
        }
        searchMethods[kind] = method
        return method
    }

    /// At most `limit` rows of `kind` matching `query` in id order, decoded as `T` (a row that
    /// cannot be read is skipped and recorded, as in every list).
    func searchRows<T: Decodable>(_ kind: TextSearchKind, _ query: String, limit: Int, wholeWords: Bool,
                                  as type: T.Type) async throws(DataError) -> [T] {
        guard let search = try await searchSQL(kind, query, wholeWords: wholeWords),
              let table = try open().schema.table(named: search.map.table) else { return [] }
        let quote = SQLText.quote
        let id = quote(search.map.id)
        let condition = search.index.map { "\(id) IN (SELECT rowid FROM \($0) WHERE \($0) MATCH ? ORDER BY rowid LIMIT \(limit))" }
            ?? search.condition
        let rows = try await searchRead("SELECT \(SQLRecords.selectList(table)) FROM \(quote(search.map.table)) "
                                        + "WHERE \(condition) ORDER BY \(id) LIMIT \(limit)", search.values)
        let kind = kind.searched.kind
        let records = rows.map { SQLRecords.json(table, values: $0, kind: kind, map: search.map) }
        return try decodeAll(kind, records[...], as: T.self)
    }

    /// How many rows of `kind` match `query` (the index's `count(*)`, or the table's with the scan's condition).
    func searchCount(_ kind: TextSearchKind, _ query: String) async throws(DataError) -> Int {
        guard let search = try await searchSQL(kind, query, wholeWords: false) else { return 0 }
        let sql = search.index.map { "SELECT count(*) FROM \($0) WHERE \($0) MATCH ?" }
            ?? "SELECT count(*) FROM \(SQLText.quote(search.map.table)) WHERE \(search.condition)"
        return Int(try await searchRead(sql, search.values).first?.first?.integer ?? 0)
    }

    /// The search of `kind` for `query`: through the index (`index`, quoted; `values` the `MATCH`
    /// operand) or by the folded substring test of each searched column (`condition`); `nil` when
    /// the kind is not searched or the query has nothing to match.
    private func searchSQL(_ kind: TextSearchKind, _ query: String, wholeWords: Bool)
        async throws(DataError) -> (map: SQLLayout.TableMap, index: String?, condition: String, values: [SQLValue])? {
        let method = try await searchMethod(kind)
        guard let map = try open().layout.table(kind.searched.kind) else { return nil }
        switch method {
        case let .fullText(table):
            guard let phrase = TextSearchQuery.phrase(query, wholeWords: wholeWords) else { return nil }
            return (map, SQLText.quote(table), "", [.text(phrase)])
        case .scan, .substring, .scanEveryRow:   // the last two are PostgreSQL's
            let folded = TextFolding.fold(query)
            let columns = kind.searched.fields.compactMap(map.column)
            guard !folded.isEmpty, !columns.isEmpty else { return nil }
            let condition = "(" + columns.map { "bulletin_contains(\(SQLText.quote($0)), ?)" }.joined(separator: " OR ") + ")"
            return (map, nil, condition, columns.map { _ in .text(folded) })
        case .unavailable, .absent:
            return nil
        }
    }

    /// A read on Search's connection that the task's cancellation interrupts (``DataError/cancelled``).
    func searchRead(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        let reader = searchReader
        let result: Result<[[SQLValue]], DataError> = await withTaskCancellationHandler {
            do throws(DataError) {
                try Task.checkCancellation(or: .cancelled)
                return .success(try await read(sql, values, through: reader))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            reader.interrupt()
        }
        return try result.get()
    }
}
