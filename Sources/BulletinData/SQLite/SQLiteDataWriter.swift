import Foundation

/// Saves edits to a SQLite database (issue 25): each write one `BEGIN IMMEDIATE … COMMIT` in
/// the source's connection (``SQLiteDataSource``), the row read again inside it and compared
/// with what the form was opened on; only the changed fields' columns are written.
///
/// Deletes follow the schema: rows removed by `ON DELETE CASCADE` are remembered and put back,
/// with their ids, when the delete is undone. A lock held by another writer is waited for up
/// to `--timeout`, then the save fails with everything typed kept (the form stays open).
/// Bulletin never changes the journal mode, page size or schema.
public struct SQLiteDataWriter: DataWriter, SQLDataWriting, TodoWriting {
    /// The database's source, whose connection the writes go through.
    public let source: SQLiteDataSource
    /// Refused writes and why: a file opened read-only (`mode=ro`), or one nobody may write.
    public let access: WriteAccess

    /// - Parameter source: The database's source; writes go through its connection.
    public init(source: SQLiteDataSource) {
        self.source = source
        access = Self.access(path: source.path, readOnly: source.readOnly)
    }

    /// Whether the file (and its directory, where SQLite keeps its journal) can be written.
    static func access(path: String, readOnly: Bool) -> WriteAccess {
        if readOnly { return .denied(reason: "the database was opened read-only (mode=ro)") }
        let manager = FileManager.default
        if manager.fileExists(atPath: path), !manager.isWritableFile(atPath: path) {
            return .denied(reason: "\(path) is read-only")
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !manager.isWritableFile(atPath: directory.isEmpty ? "." : directory) {
            return .denied(reason: "\(directory) is read-only, and SQLite keeps its journal beside the database")
        }
        return .allowed
    }

    /// Ends a save's wait for another program's lock now (Esc while saving): the save fails
    /// with nothing written, as it would at `--timeout`.
    public func stopWaiting() { source.writeWait.stop() }

    /// Whether a write waits now for another program's lock (``SQLiteBusyWait/isWaiting``).
    public var isWaitingForOthers: Bool { source.writeWait.isWaiting }

    var database: SQLiteDataSource { source }
    var note: String { "saved to \(source.path)" }

    public func create(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.create(record), original: nil, overwriteIfChanged: false)
    }

    public func update(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await apply(.update(record), original: nil, overwriteIfChanged: false)
    }

    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        try await apply(.delete(kind, id), original: nil, overwriteIfChanged: false)
    }

    /// `UPDATE todos SET completed = ?` after checking the row holds what the screen showed.
    public func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome {
        try await self.completed(completed, of: todo, overwriteIfChanged: overwriteIfChanged)
    }
}
