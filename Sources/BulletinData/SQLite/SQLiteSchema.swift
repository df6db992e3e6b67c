/// What a SQLite database holds, read from its catalogue (`sqlite_schema`, `PRAGMA table_info`,
/// `foreign_key_list`, `index_list`): its tables, their columns, keys and indexes. Read once
/// when the database opens; nothing in it reads a table's rows.
public struct SQLiteSchema: Hashable, Sendable {
    /// One column of a table, as `PRAGMA table_info` gives it.
    public struct Column: Hashable, Sendable {
        /// The column's name, as declared.
        public var name: String
        /// The declared type (`INTEGER`, `TEXT`, `varchar(80)`; empty when none was declared).
        public var declaredType: String
        /// Its position in the primary key (1-based), or 0 when it is not part of it.
        public var primaryKeyPosition: Int
        /// Whether it was declared `NOT NULL`.
        public var notNull: Bool
    }

    /// A declared foreign key (`PRAGMA foreign_key_list`): `column` refers to `table`.`referencedColumn`.
    public struct ForeignKey: Hashable, Sendable {
        /// The referring column of this table.
        public var column: String
        /// The table referred to.
        public var table: String
        /// The column referred to; `nil` when the declaration names none (the other table's primary key).
        public var referencedColumn: String?
        /// What a delete of the referred row does (`CASCADE`, `SET NULL`, `NO ACTION`, …), as declared.
        public var onDelete: String
    }

    /// One table (or view; a full-text index is a table whose ``fullTextColumns`` are set).
    public struct Table: Hashable, Sendable {
        /// The table's name, as declared.
        public var name: String
        /// Its columns, in declaration order.
        public var columns: [Column]
        /// Its declared foreign keys.
        public var foreignKeys: [ForeignKey]
        /// The columns of each of its indexes (the primary key's included), first column first.
        public var indexes: [[String]]
        /// Whether it is a view (read, never written).
        public var isView: Bool
        /// For an FTS5 table (`CREATE VIRTUAL TABLE … USING fts5(…)`): its indexed columns and
        /// the table whose rows it indexes (`content=`), else `nil`.
        public var fullText: FullText?

        /// The column named `name`, matched as SQLite matches names (ASCII case-insensitively).
        public func column(named name: String) -> Column? {
            columns.first { $0.name.lowercased() == name.lowercased() }
        }

        /// The primary key's columns, in key order (empty for a table keyed by its rowid only).
        public var primaryKey: [String] {
            columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }.map(\.name)
        }

        /// Whether an index (or the primary key) starts with `column`: a sort or a prefix filter
        /// on it reads the index instead of every row.
        public func isIndexed(_ column: String) -> Bool {
            primaryKey.first?.lowercased() == column.lowercased() || indexes.contains { $0.first?.lowercased() == column.lowercased() }
        }
    }

    /// An FTS5 table's declaration.
    public struct FullText: Hashable, Sendable {
        /// The indexed columns.
        public var columns: [String]
        /// The table whose rows it indexes (external content, `content=posts`), or `nil` when it
        /// holds its own text.
        public var contentTable: String?
    }

    /// The tables and views, in the catalogue's order, without SQLite's own (`sqlite_…`) and
    /// the shadow tables of full-text indexes.
    public var tables: [Table]

    /// The table named `name`, matched ASCII case-insensitively.
    public func table(named name: String) -> Table? {
        tables.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The names of the tables a person would recognise as theirs (no full-text indexes).
    public var tableNames: [String] { tables.filter { $0.fullText == nil }.map(\.name) }

    /// Reads the schema of `connection`'s database.
    /// - Throws: ``SQLiteError`` when the catalogue cannot be read.
    public static func read(from connection: SQLiteConnection) throws(SQLiteError) -> SQLiteSchema {
        var entries: [(name: String, type: String, sql: String)] = []
        try connection.query("SELECT name, type, coalesce(sql, '') FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY rowid") { row in
            entries.append((row[0].text ?? "", row[1].text ?? "", row[2].text ?? ""))
        }
        let fullText = entries.compactMap { entry in Self.fullText(declaredBy: entry.sql).map { (entry.name, $0) } }
        let shadows = Set(fullText.flatMap { name, _ in ["data", "idx", "content", "docsize", "config"].map { "\(name)_\($0)".lowercased() } })
        var tables: [Table] = []
        for entry in entries where !entry.name.lowercased().hasPrefix("sqlite_") && !shadows.contains(entry.name.lowercased()) {
            let quoted = SQLiteSQL.quote(entry.name)
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
                try connection.query("PRAGMA index_info(\(SQLiteSQL.quote(index)))") { row in
                    if let name = row[2].text { names.append(name) }
                }
                indexes.append(names)
            }
            let text = fullText.first { $0.0 == entry.name }?.1
            tables.append(Table(name: entry.name, columns: text.map { $0.columns.map { Column(name: $0, declaredType: "", primaryKeyPosition: 0, notNull: false) } } ?? columns,
                                foreignKeys: foreignKeys, indexes: indexes, isView: entry.type == "view", fullText: text))
        }
        return SQLiteSchema(tables: tables)
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
                let value = SQLiteSQL.unquote(item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces))
                if key == "content", !value.isEmpty { content = value }
            } else if let name = item.split(separator: " ").first {
                columns.append(SQLiteSQL.unquote(String(name)))
            }
        }
        return FullText(columns: columns, contentTable: content)
    }
}

/// Spelling names and text in SQL.
public enum SQLiteSQL {
    /// `name` as an SQL identifier: in double quotes, a quote inside doubled (`"my ""table"""`).
    public static func quote(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// An identifier or string without its quotes (`"posts"`, `'posts'`, `[posts]`, `` `posts` ``).
    static func unquote(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, let last = text.last else { return text }
        let pairs: [Character: Character] = ["\"": "\"", "'": "'", "[": "]", "`": "`"]
        guard pairs[first] == last else { return text }
        let inner = String(text.dropFirst().dropLast())
        return first == "[" ? inner : inner.replacingOccurrences(of: String(first) + String(first), with: String(first))
    }
}
