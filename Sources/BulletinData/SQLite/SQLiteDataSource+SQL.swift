import Foundation

// What a SQLite file gives the shared SQL layer (``SQLRecordSource``): its connections, its
// errors in Bulletin's words, and its write transaction, `BEGIN IMMEDIATE … COMMIT` on the
// source's own connection, whose wait for another program's lock Esc ends (``SQLiteBusyWait``).

extension SQLiteDataSource {
    /// The file's path names it in errors and row issues.
    public nonisolated var location: String { path }

    nonisolated var dialect: SQLDialect { .sqlite }

    func layoutAndSchema() throws(DataError) -> (schema: SQLSchema, layout: SQLLayout) {
        let opened = try open()
        return (opened.schema, opened.layout)
    }

    func readRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        try run { connection throws(SQLiteError) in try connection.rows(sql, values) }
    }

    func windowRows(_ sql: String, _ values: [SQLValue]) async throws(DataError) -> [[SQLValue]] {
        try await read(sql, values, through: windowReader)
    }

    nonisolated func cancelWindowReads() { windowReader.interrupt() }

    /// Runs a read on `reader`'s connection, its errors in Bulletin's words (an interrupted one
    /// as ``DataError/cancelled``), recorded in the request log as a read of the file.
    func read(_ sql: String, _ values: [SQLValue], through reader: SQLiteWindowReader) async throws(DataError) -> [[SQLValue]] {
        let started = Date()
        do throws(SQLiteError) {
            let rows = try await reader.rows(sql, values)
            log?.record(RequestRecord(date: started, method: "READ", path: path, status: .read,
                                      milliseconds: RequestRecord.milliseconds(since: started)))
            return rows
        } catch {
            if error.primaryCode == 9 { throw .cancelled }   // SQLITE_INTERRUPT: Esc, or a newer query
            let failure = Self.dataError(error)
            log?.record(failure)
            throw failure
        }
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`; any error rolls it back.
    func transaction<T>(_ body: (any SQLSession) throws(DataError) -> T) async throws(DataError) -> T {
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
            let value = try body(SQLiteSession(connection: connection))
            do { try connection.execute("COMMIT") } catch { throw Self.dataError(error) }
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
}

/// A SQLite connection as the shared layer's ``SQLSession``: its errors as ``DataError``s.
final class SQLiteSession: SQLSession {
    let connection: SQLiteConnection

    init(connection: SQLiteConnection) { self.connection = connection }

    func rows(_ sql: String, _ values: [SQLValue]) throws(DataError) -> [[SQLValue]] {
        do { return try connection.rows(sql, values) } catch { throw SQLiteDataSource.dataError(error) }
    }

    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws(DataError) -> Int {
        do {
            let statement = try connection.prepare(sql)
            try statement.bind(values)
            _ = try statement.step()
            return connection.changes
        } catch {
            throw SQLiteDataSource.dataError(error)
        }
    }
}
