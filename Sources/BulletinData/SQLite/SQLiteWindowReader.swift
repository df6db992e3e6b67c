import CSQLite
import Synchronization

/// The connection a SQLite source's windowed lists read through (``PostWindows``), and another
/// that its Search reads through: a read-only connection to the same file, so a long count, sort
/// or filter never holds back a save on the source's own connection, and Esc (``interrupt()``)
/// stops only its own reads.
///
/// It registers ``SQLiteConnection/registerFoldedContains()`` (`bulletin_contains`), the
/// filter's literal, case- and accent-insensitive match for columns no full-text index covers.
actor SQLiteWindowReader {
    let path: String
    private let busyTimeout: Int32
    /// Whether a read whose task is cancelled fails before it starts (Search's reader).
    private let checksCancellation: Bool
    private var connection: SQLiteConnection?
    /// The open connection's handle, for ``interrupt()`` from any thread.
    private nonisolated let interruptible = Mutex<SQLiteHandle?>(nil)

    init(path: String, busyTimeout: Int32, checksCancellation: Bool = false) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.checksCancellation = checksCancellation
    }

    /// The rows of `sql` with `values` bound.
    /// - Throws: ``SQLiteError``; an interrupted read as `SQLITE_INTERRUPT` (9).
    func rows(_ sql: String, _ values: [SQLValue]) throws(SQLiteError) -> [[SQLValue]] {
        let connection = try open()
        // Search's reads: one whose task was cancelled while it waited for the connection is not
        // started (the interrupt then found nothing running to stop).
        if checksCancellation, Task.isCancelled { throw SQLiteError(path: path, code: 9, message: "interrupted") }
        return try connection.rows(sql, values)
    }

    /// Stops the statement running on the reader's connection now (`sqlite3_interrupt`); it fails
    /// with `SQLITE_INTERRUPT`. Safe from any thread; does nothing when none runs.
    nonisolated func interrupt() {
        interruptible.withLock { handle in
            if let handle { sqlite3_interrupt(handle.pointer) }
        }
    }

    private func open() throws(SQLiteError) -> SQLiteConnection {
        if let connection { return connection }
        let opened = try SQLiteConnection(path: path, readOnly: true, busyTimeout: busyTimeout)
        try opened.registerFoldedContains()
        connection = opened
        interruptible.withLock { $0 = SQLiteHandle(pointer: opened.handle) }
        return opened
    }
}

/// A connection's handle carried to another thread for `sqlite3_interrupt`, which SQLite allows
/// from any thread while the connection is open (the reader keeps it open as long as it lives).
struct SQLiteHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

extension SQLiteConnection {
    /// Registers `bulletin_contains(text, needle)`: 1 when `text`, folded as the list filter folds
    /// (``TextFolding``: case and accents ignored), contains `needle` (already folded) as a
    /// literal substring; 0 otherwise, and for NULL. Deterministic, so SQLite may cache it.
    /// - Throws: ``SQLiteError`` when SQLite refuses the function.
    func registerFoldedContains() throws(SQLiteError) {
        let result = sqlite3_create_function_v2(handle, "bulletin_contains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
                                                { context, count, arguments in
            guard count == 2, let arguments, let text = sqlite3_value_text(arguments[0]),
                  let needle = sqlite3_value_text(arguments[1]) else { return sqlite3_result_int(context, 0) }
            let textCount = Int(sqlite3_value_bytes(arguments[0]))
            let needleCount = Int(sqlite3_value_bytes(arguments[1]))
            let haystack = TextFolding.foldedUTF8(String(decoding: UnsafeBufferPointer(start: text, count: textCount), as: UTF8.self))
            let found = FoldedBytes.contains(haystack, UnsafeBufferPointer(start: needle, count: needleCount))
            sqlite3_result_int(context, found ? 1 : 0)
        }, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result) }
    }
}

/// The substring test of `bulletin_contains`.
enum FoldedBytes {
    /// Whether `needle` occurs in `haystack` (an empty needle occurs everywhere).
    static func contains(_ haystack: [UInt8], _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            guard let at = haystack[start...last].firstIndex(of: first) else { return false }
            var matched = true
            for offset in 1..<needle.count where haystack[at + offset] != needle[offset] {
                matched = false
                break
            }
            if matched { return true }
            start = at + 1
        }
        return false
    }
}
