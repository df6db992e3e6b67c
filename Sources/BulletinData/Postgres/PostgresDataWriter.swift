/// Saves edits to a PostgreSQL database (issue 26 item 3): each write one `BEGIN … COMMIT` on
/// the source's connection (``PostgresDataSource``), the row read `FOR UPDATE` inside it and
/// compared with what the form was opened on, so that of two people saving the same post the
/// second is asked (overwrite, or reload) instead of silently replacing the first's change.
/// Only the changed fields' columns are written.
///
/// A role that may read but not write the kinds' tables, or a server that takes no writes,
/// makes the writer refuse with the server's reason (``access``, known once the database opened).
public struct PostgresDataWriter: DataWriter, SQLDataWriting, TodoWriting {
    /// The database's source, whose connection the writes go through.
    public let source: PostgresDataSource

    /// - Parameter source: The database's source; writes go through its connection.
    public init(source: PostgresDataSource) { self.source = source }

    /// Refused when the connected role may not change the tables, or the server takes no writes.
    public var access: WriteAccess {
        source.writeDenial.withLock { $0 }.map { .denied(reason: $0) } ?? .allowed
    }

    /// Ends a save waiting for a row another session holds (Esc while saving): its statement is
    /// cancelled on the server and the transaction rolled back, nothing written, as at `--timeout`.
    public func stopWaiting() { source.stopWaitingWrite() }

    /// Whether a write is in its transaction now (``PostgresDataSource/writeIsRunning``).
    public var isWaitingForOthers: Bool { source.writeIsRunning }

    var database: PostgresDataSource { source }
    var note: String { "saved to \(source.location)" }

    public func create(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.create(record), original: nil, overwriteIfChanged: false)
    }

    public func update(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.update(record), original: nil, overwriteIfChanged: false)
    }

    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        try await apply(.delete(kind, id), original: nil, overwriteIfChanged: false)
    }

    /// The row a create left when its answer was lost (the connection dropped at `COMMIT`):
    /// the newest holding every field of `record`, or `nil` (then sending it again is safe).
    public func locateCreated(_ record: Record) async throws(DataError) -> Record? { try await located(record) }

    /// `UPDATE todos SET completed = ?` after checking the row holds what the screen showed.
    public func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome {
        try await self.completed(completed, of: todo, overwriteIfChanged: overwriteIfChanged)
    }
}
