/// What a SQL database's writer (``SQLiteDataWriter``, ``PostgresDataWriter``) does the same
/// whatever the engine: refuse when ``access`` says so, else hand the change to its source's
/// transaction (``SQLRecordSource/apply(_:original:overwrite:)``) and say where it went.
protocol SQLDataWriting: ChoosingWriter, OverwritingWriter, TodoWriting {
    associatedtype Source: SQLRecordSource
    /// The database's source, whose connection the writes go through.
    var database: Source { get }
    /// `saved to PATH-OR-URL`, the outcome's note.
    var note: String { get }
}

extension SQLDataWriting {
    func apply(_ change: RecordChange, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        try await apply(change, original: nil, overwriteIfChanged: overwriteIfChanged)
    }

    func apply(_ change: RecordChange, original: Record?, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        if case let .denied(reason) = access { throw .readOnly(reason: reason) }
        do throws(DataError) {
            let stored = try await database.apply(change, original: original, overwrite: overwriteIfChanged)
            return WriteOutcome(record: stored, persisted: true, note: note)
        } catch {
            // A delete whose answer was lost (the connection dropped at COMMIT) landed when its
            // row is gone: said so, and undone as any delete is (what it removed was noted first).
            guard error.mayHaveReachedServer, case let .delete(kind, id) = change,
                  (try? await database.exists(kind, id: id)) == false else { throw error }
            return WriteOutcome(record: nil, persisted: true, note: note + "; the connection was lost as it was deleted, and the row is gone")
        }
    }

    /// The record a create whose answer was lost left in the database (``SQLRecordSource/locate(_:)``).
    func located(_ record: Record) async throws(DataError) -> Record? { try await database.locate(record) }

    /// `UPDATE todos SET completed = ?` after checking the row holds what the screen showed.
    func completed(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome {
        if case let .denied(reason) = access { throw .readOnly(reason: reason) }
        let stored = try await database.setCompleted(completed, of: todo, overwrite: overwriteIfChanged)
        return TodoWriteOutcome(todo: stored, persisted: true, note: note)
    }
}
