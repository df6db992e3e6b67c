// Reading a SQLite database's ``SQLSchema`` from its catalogue: `sqlite_schema`, then
// `PRAGMA table_info`, `foreign_key_list`, `index_list` and `index_info` of each table.
extension SQLSchema {
    /// Reads the schema of `connection`'s database.
    /// - Throws: ``SQLiteError`` when the catalogue cannot be read.
    public static func read(from connection: SQLiteConnection) throws(SQLiteError) -> SQLSchema {
        var entries: [(name: String, type: String, sql: String)] = []
        try connection.query("SELECT name, type, coalesce(sql, '') FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY rowid") { row in
            entries.append((row[0].text ?? "", row[1].text ?? "", row[2].text ?? ""))
        }
        let fullText = entries.compactMap { entry in Self.fullText(declaredBy: entry.sql).map { (entry.name, $0) } }
        let shadows = Set(fullText.flatMap { name, _ in ["data", "idx", "content", "docsize", "config"].map { "\(name)_\($0)".lowercased() } })
        var tables: [Table] = []
        for entry in entries where !entry.name.lowercased().hasPrefix("sqlite_") && !shadows.contains(entry.name.lowercased()) {
            let quoted = SQLText.quote(entry.name)
            var columns: [Column] = []
            try connection.query("PRAGMA table_info(\(quoted))") { row in
                columns.append(Column(name: row[1].text ?? "", declaredType: row[2].text ?? "",
                                      primaryKeyPosition: Int(row[5].integer ?? 0), notNull: row[3].integer == 1))
            }
            var foreignKeys: [ForeignKey] = []
            try connection.query("PRAGMA foreign_key_list(\(quoted))") { row in
                foreignKeys.append(ForeignKey(column: row[3].text ?? "", table: row[2].text ?? "", referencedColumn: row[4].text,
                                              onDelete: row[6].text ?? "NO ACTION"))
            }
            var indexNames: [String] = []
            try connection.query("PRAGMA index_list(\(quoted))") { row in indexNames.append(row[1].text ?? "") }
            var indexes: [[String]] = []
            for index in indexNames {
                var names: [String] = []
                try connection.query("PRAGMA index_info(\(SQLText.quote(index)))") { row in
                    if let name = row[2].text { names.append(name) }
                }
                indexes.append(names)
            }
            let text = fullText.first { $0.0 == entry.name }?.1
            tables.append(Table(name: entry.name, columns: text.map { $0.columns.map { Column(name: $0, declaredType: "", primaryKeyPosition: 0, notNull: false) } } ?? columns,
                                foreignKeys: foreignKeys, indexes: indexes, isView: entry.type == "view", fullText: text))
        }
        return SQLSchema(tables: tables)
    }

    /// The columns and `content=` of `CREATE VIRTUAL TABLE x USING fts5(title, body, content=posts, …)`,
    /// or `nil` for any other declaration.
    static func fullText(declaredBy sql: String) -> FullText? {
        let lowered = sql.lowercased()
        guard lowered.hasPrefix("create virtual table"), let using = lowered.range(of: "using fts5"),
              let open = sql[using.upperBound...].firstIndex(of: "("), let close = sql.lastIndex(of: ")"), open < close
        else { return nil }
        var columns: [String] = []
        var content: String?
        for part in sql[sql.index(after: open)..<close].split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces)
            if let equals = item.firstIndex(of: "=") {
                let key = item[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                let value = SQLText.unquote(item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces))
                if key == "content", !value.isEmpty { content = value }
            } else if let name = item.split(separator: " ").first {
                columns.append(SQLText.unquote(String(name)))
            }
        }
        return FullText(columns: columns, contentTable: content)
    }
}
