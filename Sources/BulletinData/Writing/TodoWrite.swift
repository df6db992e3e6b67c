/// What a todo's save gave: the todo as the data now holds it, and whether the change is kept.
public struct TodoWriteOutcome: Hashable, Sendable {
    /// The todo as stored after the write (on a server that does not keep changes: as it
    /// holds it, so the screen shows the truth).
    public var todo: Todo
    /// Whether the change is kept (`false` on the public JSONPlaceholder, which answers but forgets).
    public var persisted: Bool
    /// One line for the status line (`saved to ./db.json`, ``RESTDataWriter/notKeptNote``), or `nil`.
    public var note: String?

    /// Creates an outcome.
    public init(todo: Todo, persisted: Bool, note: String? = nil) {
        self.todo = todo
        self.persisted = persisted
        self.note = note
    }
}

extension DataWriter {
    /// Marks `todo` done or not done where the data lives: a `PATCH /todos/{id}` with
    /// `{"completed": …}` (``RESTDataWriter``), a splice of that one member in a `db.json`
    /// (``FileDataWriter``: every other byte stays), the embedded set's copy.
    ///
    /// A writer without todos (GitHub, DummyJSON, `--read-only`) refuses with its reason.
    /// - Parameters:
    ///   - completed: The new state.
    ///   - todo: The todo as the screen shows it.
    ///   - overwriteIfChanged: A file source saves even when the file changed on disk since it
    ///     was loaded (after the person said so).
    /// - Throws: ``DataError/readOnly(reason:)`` where writes are refused; otherwise as the
    ///   writer's other writes (``DataError/changedOnDisk(path:)``, ``DataError/notFound(_:location:)``,
    ///   an HTTP error, …), the data then unchanged.
    public func setCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool = false) async throws(DataError)
        -> TodoWriteOutcome
    {
        if case let .denied(reason) = access { throw .readOnly(reason: reason) }
        guard let writer = self as? any TodoWriting else { throw .readOnly(reason: "this source cannot change todos") }
        return try await writer.writeCompleted(completed, of: todo, overwriteIfChanged: overwriteIfChanged)
    }
}

/// A writer that can change a todo's `completed`; reached through
/// ``DataWriter/setCompleted(_:of:overwriteIfChanged:)``, which checks ``DataWriter/access`` first.
public protocol TodoWriting: DataWriter {
    /// Saves `completed` as `todo`'s state where the data lives; see
    /// ``DataWriter/setCompleted(_:of:overwriteIfChanged:)`` for what each writer does and throws.
    func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome
}

extension FileDataWriter: TodoWriting {
    /// Splices the todo's `completed` in the file (``FileSaver``).
    public func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome {
        let stored = try await saver.setCompleted(completed, of: todo, overwrite: overwriteIfChanged)
        return TodoWriteOutcome(todo: stored, persisted: true, note: "saved to \(path)")
    }
}

extension EmbeddedDataWriter: TodoWriting {
    /// Makes the copy on the first write, then splices the todo's `completed` in it.
    public func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome {
        let (saver, isFirst) = try copy.openSaver()
        if isFirst { await copy.readsFromCopy() }
        let stored = try await saver.setCompleted(completed, of: todo, overwrite: overwriteIfChanged)
        return TodoWriteOutcome(todo: stored, persisted: true, note: Self.savedNote(copyPath, isFirst: isFirst))
    }
}
