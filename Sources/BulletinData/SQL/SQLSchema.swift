/// What a SQL database holds, read from its catalogue (SQLite's `sqlite_schema` and `PRAGMA`s;
/// PostgreSQL's `pg_catalog`): its tables, their
/// columns, keys and indexes. Read once when the database opens; nothing in it reads a table's rows.
public struct SQLSchema: Hashable, Sendable {
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
        /// The columns a trigram index (PostgreSQL's `pg_trgm`, GIN or GiST) covers, which
        /// answers `ILIKE '%text%'` without reading every row; empty on SQLite.
        public var trigramIndexed: [String] = []
        /// The rows the server estimates the table holds (PostgreSQL's `pg_class.reltuples`,
        /// kept by `ANALYZE`), or `nil` when it has none (SQLite; a table never analysed).
        public var estimatedRows: Int? = nil
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
}

/// Spelling names and text in SQL.
public enum SQLText {
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
