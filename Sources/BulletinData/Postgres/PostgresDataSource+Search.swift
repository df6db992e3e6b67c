import Foundation

// Search on a PostgreSQL database (issue 26 item 2): a `tsvector` column with a GIN index
// answers with the query's words (`@@ to_tsquery`, the server's default text search
// configuration); trigram indexes on every searched column answer `ILIKE '%text%'`; else every
// row is read for each query, bounded by `--timeout`, and Esc (the task's cancellation) stops
// it on the server. Each query reads its first rows in id order and, asked apart, the count,
// through Search's own connection.

extension PostgresDataSource {
    /// Search through the database's indexes, or a read of every row (``TextSearchMethod``).
    public nonisolated var textSearching: (any TextSearching)? { SQLTextSearch(source: self) }

    /// How `kind` is searched: a `tsvector` column with an index; else trigram indexes on each
    /// searched column (posts' title and body, comments' name and body); else every row.
    func searchMethod(_ kind: TextSearchKind) async throws(DataError) -> TextSearchMethod {
        let (schema, layout) = try layoutAndSchema()
        let searched = kind.searched
        guard let map = layout.table(searched.kind), let table = schema.table(named: map.table),
              case let columns = searched.fields.compactMap(map.column), !columns.isEmpty else { return .absent }
        if let vector = table.columns.first(where: { $0.declaredType == "tsvector" && table.isIndexed($0.name) }) {
            return .fullText(table: "\(table.name).\(vector.name)")
        }
        if columns.allSatisfy({ dialect.containsIsIndexed($0, in: table) }) {
            return .substring(index: columns.map { "\(table.name).\($0)" }.joined(separator: ", "))
        }
        let quote = SQLText.quote
        let advice = "CREATE EXTENSION pg_trgm; "
            + columns.map { "CREATE INDEX ON \(quote(table.name)) USING gin (\(quote($0)) gin_trgm_ops);" }.joined(separator: " ")
        // The planner's estimate, or a table's count where that is small or unknown (never
        // analysed; a view's, which may be costly to read, is not counted), on Search's
        // connection, which Esc stops.
        var rows = table.estimatedRows ?? -1
        if rows < TextSearchMethod.smallTable, !table.isView {
            rows = Int(try await searchRead("SELECT count(*) FROM \(quote(table.name))", []).first?.first?.integer ?? 0)
        }
        return .scanEveryRow(rows: max(0, rows), advice: rows >= 0 && rows < TextSearchMethod.smallTable ? "" : advice)
    }

    /// At most `limit` rows of `kind` matching `query` in id order, decoded as `T` (a row that
    /// cannot be read is skipped and recorded, as in every list).
    func searchRows<T: Decodable>(_ kind: TextSearchKind, _ query: String, limit: Int, wholeWords: Bool,
                                  as type: T.Type) async throws(DataError) -> [T] {
        guard let search = try await searchSQL(kind, query, wholeWords: wholeWords),
              let table = try layoutAndSchema().schema.table(named: search.map.table) else { return [] }
        let rows = try await searchRead("SELECT \(SQLRecords.selectList(table)) FROM \(SQLText.quote(search.map.table)) "
                                        + "WHERE \(search.condition) ORDER BY \(SQLText.quote(search.map.id)) LIMIT \(max(0, limit))",
                                        search.values)
        let layoutKind = kind.searched.kind
        let records = rows.map { SQLRecords.json(table, values: $0, kind: layoutKind, map: search.map) }
        return try decodeAll(layoutKind, records[...], as: T.self)
    }

    /// How many rows of `kind` match `query`.
    func searchCount(_ kind: TextSearchKind, _ query: String) async throws(DataError) -> Int {
        guard let search = try await searchSQL(kind, query, wholeWords: false) else { return 0 }
        let sql = "SELECT count(*) FROM \(SQLText.quote(search.map.table)) WHERE \(search.condition)"
        return Int(try await searchRead(sql, search.values).first?.first?.integer ?? 0)
    }

    /// The `tsquery` for `query`: its words in a row (`<->`), the last a prefix (`:*`) unless
    /// `wholeWords`; `nil` without words. Words are letters and digits only, so nothing typed
    /// is the query's syntax.
    static func textQuery(_ query: String, wholeWords: Bool) -> String? {
        let words = TextSearchQuery.words(query)
        guard !words.isEmpty else { return nil }
        return words.joined(separator: " <-> ") + (wholeWords ? "" : ":*")
    }

    // MARK: - Private

    /// The condition that finds `query` in `kind` and its values; `nil` when the kind is not
    /// searched or the query has nothing to match.
    private func searchSQL(_ kind: TextSearchKind, _ query: String, wholeWords: Bool)
        async throws(DataError) -> (map: SQLLayout.TableMap, condition: String, values: [SQLValue])? {
        let method = try await searchMethod(kind)
        guard let map = try layoutAndSchema().layout.table(kind.searched.kind) else { return nil }
        switch method {
        case let .fullText(column):
            guard let text = Self.textQuery(query, wholeWords: wholeWords) else { return nil }
            let name = String(column.split(separator: ".").last ?? "")
            return (map, "\(SQLText.quote(name)) @@ to_tsquery(?)", [.text(text)])
        case .substring, .scanEveryRow, .scan:
            let columns = kind.searched.fields.compactMap(map.column)
            guard !query.trimmingCharacters(in: .whitespaces).isEmpty, !columns.isEmpty else { return nil }
            let condition = "(" + columns.map { dialect.contains(SQLText.quote($0)) }.joined(separator: " OR ") + ")"
            return (map, condition, columns.map { _ in dialect.containsValue(query) })
        case .unavailable, .absent:
            return nil
        }
    }

    /// A read on Search's connection that the task's cancellation stops on the server
    /// (``DataError/cancelled``).
    private func searchRead(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        let reader = searchReader
        let log = log
        let result: Result<[[SQLValue]], DataError> = await withTaskCancellationHandler {
            do throws(DataError) {
                try Task.checkCancellation(or: .cancelled)
                return .success(try await reader.read(sql, values, log: log))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            reader.cancel()
        }
        return try result.get()
    }
}
