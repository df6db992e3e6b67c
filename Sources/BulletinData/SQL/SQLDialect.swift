/// What differs between the SQL engines the shared SQL layer speaks to (``SQLWindowSQL``, the
/// writes): how a filter matches text anywhere in a column, how a user's company name is read
/// from the JSON stored for it, and which indexes serve a filter.
///
/// Parameters are written `?` for both: a PostgreSQL connection numbers them (`$1`, `$2`, …)
/// before sending (``PostgresConnection``).
public enum SQLDialect: Sendable, Hashable {
    /// SQLite 3: `bulletin_contains` (registered on each reading connection) folds case and
    /// accents; FTS5 tables index text.
    case sqlite
    /// PostgreSQL: `ILIKE` (case folded as the server's locale does; a `pg_trgm` GIN or GiST
    /// index answers it without reading every row).
    case postgres

    /// The query that reads the running transaction's id as a row's `xmin` holds it (`txid_current()`
    /// without its epoch, as text), for knowing later which rows a create inserted; `nil` where
    /// rows carry no such id (SQLite).
    var transactionID: String? {
        switch self {
        case .sqlite: nil
        case .postgres: "SELECT (txid_current() % 4294967296)::text"
        }
    }

    /// A predicate that holds when `expression` contains the text bound to its one `?`
    /// (``containsValue(_:)``) as a literal substring, case ignored.
    func contains(_ expression: String) -> String {
        switch self {
        case .sqlite: "bulletin_contains(\(expression), ?)"
        case .postgres: "\(expression) ILIKE ? ESCAPE '\\'"
        }
    }

    /// The value bound to ``contains(_:)``'s `?` for the text typed: SQLite's folded text
    /// (``TextFolding``); PostgreSQL's `%text%` with `%`, `_` and `\` escaped.
    func containsValue(_ text: String) -> SQLValue {
        switch self {
        case .sqlite: return .text(TextFolding.fold(text))
        case .postgres:
            var escaped = ""
            for character in text.trimmingCharacters(in: .whitespaces) {
                if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return .text("%" + escaped + "%")
        }
    }

    /// The company's name of a user's `company` column (`column`, qualified) declared
    /// `declaredType`: the JSON text `bulletin import` stores read for its `name`, else the text.
    func companyName(_ column: String, declaredType: String) -> String {
        switch self {
        case .sqlite: return "CASE WHEN json_valid(\(column)) THEN json_extract(\(column), '$.name') ELSE \(column) END"
        case .postgres:
            let type = declaredType.lowercased()
            return type == "json" || type == "jsonb" ? "(\(column) ->> 'name')" : "(\(column))::text"
        }
    }

    /// Whether `table` has an index that answers ``contains(_:)`` on `column` (PostgreSQL's
    /// trigram indexes; SQLite has none, its titles are indexed by FTS5 instead).
    func containsIsIndexed(_ column: String, in table: SQLSchema.Table?) -> Bool {
        switch self {
        case .sqlite: false
        case .postgres: table?.trigramIndexed.contains { $0.lowercased() == column.lowercased() } ?? false
        }
    }

    /// The statement that keeps other saves from inserting into `table` (quoted) until this
    /// transaction ends, so that the largest id + 1 read next stays free: none on SQLite, whose
    /// `BEGIN IMMEDIATE` already holds the database's write lock; PostgreSQL's
    /// `LOCK TABLE … IN SHARE ROW EXCLUSIVE MODE` (reads go on; other writes to it wait).
    func lockForNewKey(_ table: String) -> String? {
        switch self {
        case .sqlite: nil
        case .postgres: "LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE"
        }
    }

    /// The SQL that makes ``contains(_:)`` on `table`'s `column` quick, for the screen's advice.
    func containsAdvice(table: String, column: String) -> String {
        switch self {
        case .sqlite: "no FTS5 index on the titles: every post is read (bulletin import makes one)"
        case .postgres: "no trigram index on \(table).\(column): every row is read "
            + "(CREATE EXTENSION pg_trgm; CREATE INDEX ON \(SQLText.quote(table)) USING gin (\(SQLText.quote(column)) gin_trgm_ops))"
        }
    }

    /// What a write's read of its row ends with, so that no other transaction changes the row
    /// between this one's comparison and its `UPDATE`: PostgreSQL's ` FOR UPDATE` (under READ
    /// COMMITTED, another save of the row waits for this one to end, then reads what it wrote);
    /// nothing on SQLite, whose `BEGIN IMMEDIATE` already holds the whole database.
    var lockingRead: String {
        switch self {
        case .sqlite: ""
        case .postgres: " FOR UPDATE"
        }
    }

    /// A predicate that holds for no row (`WHERE` of a filter with nothing to match).
    static let noRow = "(1 = 0)"
}
