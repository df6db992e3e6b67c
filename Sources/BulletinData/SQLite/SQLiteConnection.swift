import CSQLite

/// What SQLite said when a call failed: the database file, SQLite's extended result code
/// (`SQLITE_BUSY` is 5, `SQLITE_READONLY` 8, …: https://sqlite.org/rescode.html) and its
/// message (`sqlite3_errmsg`), with the statement that failed when there was one.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// The extended result code.
    public var code: Int32
    /// SQLite's words (`database is locked`, `no such table: users`).
    public var message: String

    /// The primary result code (the extended code's low byte): `SQLITE_BUSY` for `SQLITE_BUSY_SNAPSHOT`.
    public var primaryCode: Int32 { code & 0xFF }
    /// Whether another connection holds the lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// Whether the file or the connection does not take writes (`SQLITE_READONLY`, `SQLITE_PERM`).
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_PERM }
    /// Whether the disk is full (`SQLITE_FULL`).
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    /// Whether the file is not a database, or a damaged one (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }

    /// `/tmp/app.db: database is locked`.
    public var description: String { "\(path): \(message)" }
}

/// One connection to a SQLite database file (`sqlite3_open_v2`), with its statements.
///
/// Not shareable across threads at once: whoever owns it (a source's actor) uses it from one
/// task at a time. Bulletin never changes the database's journal mode, page size or schema on
/// its own; opening sets only this connection's busy timeout and turns foreign keys on for it
/// (so `ON DELETE CASCADE` does what the schema says).
public final class SQLiteConnection {
    /// The database file as given.
    public let path: String
    /// Whether the connection was opened read-only (`SQLITE_OPEN_READONLY`).
    public let isReadOnly: Bool
    let handle: OpaquePointer
    /// The busy handler's state, kept alive as long as the handle that calls it.
    /// Told when each statement has its answer, so it no longer counts as waiting.
    let busyWait: SQLiteBusyWait?

    /// Opens `path` (it must exist: Bulletin never creates a database by opening one, except
    /// `create`).
    /// - Parameters:
    ///   - readOnly: Opens with `SQLITE_OPEN_READONLY` (`sqlite:PATH?mode=ro`, a file nobody may write).
    ///   - create: Creates the file when missing (`bulletin import`).
    ///   - busyTimeout: How long a statement waits for another connection's lock before failing
    ///     with `SQLITE_BUSY` (`--timeout`), in milliseconds.
    ///   - busyWait: Waits for locks instead of `busyTimeout`: a wait that can be stopped early
    ///     (a save's connection, Esc).
    /// - Throws: ``SQLiteError`` naming the file: missing, unreadable, or not a database.
    public init(path: String, readOnly: Bool = false, create: Bool = false, busyTimeout: Int32 = 5000,
                busyWait: SQLiteBusyWait? = nil) throws(SQLiteError) {
        self.path = path
        isReadOnly = readOnly
        var opened: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard result == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_close_v2(opened)
            throw SQLiteError(path: path, code: result, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        self.busyWait = busyWait
        if let busyWait { SQLiteBusyWait.install(busyWait, on: opened) } else { sqlite3_busy_timeout(handle, busyTimeout) }
        // The first read of the file: a file that is not a database fails here, not later.
        try execute("PRAGMA foreign_keys = ON; SELECT count(*) FROM sqlite_schema")
    }

    deinit { sqlite3_close_v2(handle) }

    /// The SQLite library's version (`3.40.1`).
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Runs `sql` (one or more statements, no parameters), discarding any rows.
    /// - Throws: ``SQLiteError`` with SQLite's message.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        busyWait?.ended()
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            throw SQLiteError(path: path, code: sqlite3_extended_errcode(handle),
                              message: message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result)))
        }
    }

    /// Compiles one statement.
    /// - Throws: ``SQLiteError`` (a syntax error, a missing table or column).
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else { throw error(result) }
        return SQLiteStatement(statement, connection: self)
    }

    /// Runs `sql` with `values` bound to its `?` parameters, calling `row` for each row.
    /// - Throws: ``SQLiteError``.
    public func query(_ sql: String, _ values: [SQLValue] = [], row: ([SQLValue]) throws(SQLiteError) -> Void) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() { try row(statement.values()) }
    }

    /// The rows of `sql` with `values` bound, each as its column values.
    /// - Throws: ``SQLiteError``.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try query(sql, values) { rows.append($0) }
        return rows
    }

    /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    public var changes: Int { Int(sqlite3_changes64(handle)) }
    /// The rowid of the last row inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The error SQLite reports for `result` now.
    func error(_ result: Int32) -> SQLiteError {
        SQLiteError(path: path, code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A compiled statement of a ``SQLiteConnection`` (`sqlite3_stmt`): bind, step, read columns,
/// reset to run again with other values.
public final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Resets the statement and binds `values` to its parameters, in order.
    /// - Throws: ``SQLiteError`` (more values than parameters, a value too big).
    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32 = switch value {
            case .null: sqlite3_bind_null(statement, index)
            case let .integer(number): sqlite3_bind_int64(statement, index, number)
            case let .real(number): sqlite3_bind_double(statement, index, number)
            case let .text(text):
                text.utf8CString.withUnsafeBufferPointer { bulletin_sqlite_bind_text(statement, index, $0.baseAddress, Int32($0.count - 1)) }
            case let .blob(bytes): bytes.withUnsafeBytes { bulletin_sqlite_bind_blob(statement, index, $0.baseAddress, Int32($0.count)) }
            }
            guard result == SQLITE_OK else { throw connection.error(result) }
        }
    }

    /// Runs the statement to its next row.
    /// - Returns: `true` when a row is there to read, `false` when it is done.
    /// - Throws: ``SQLiteError`` (busy past the timeout, a constraint, disk full).
    public func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(statement)
        connection.busyWait?.ended()
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(result)
        }
    }

    /// How many columns a row has.
    public var columnCount: Int { Int(sqlite3_column_count(statement)) }

    /// The name of column `index` (as the `SELECT` names it).
    public func columnName(_ index: Int) -> String { String(cString: sqlite3_column_name(statement, Int32(index))) }

    /// The value of column `index` of the current row.
    public func value(_ index: Int) -> SQLValue {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// Every column of the current row.
    public func values() -> [SQLValue] { (0..<columnCount).map(value) }
}
