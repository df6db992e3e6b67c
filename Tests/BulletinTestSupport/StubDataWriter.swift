import BulletinData

/// An in-memory ``DataWriter`` for tests: writes go into a ``StubDataSource`` (so later reads
/// see them), can be told to fail, and are logged.
public actor StubDataWriter: DataWriter, TodoWriting {
    public nonisolated let access: WriteAccess
    private let source: StubDataSource
    private var failures: [DataError] = []
    private let note: String?
    private let persisted: Bool
    /// The writes received, in order: `create post`, `update post 3`, `delete user 2`.
    public private(set) var log: [String] = []

    /// - Parameters:
    ///   - source: Where the records live; reads through it see the writes.
    ///   - access: What ``access`` reports (writes are still carried out: see ``ReadOnlyWriter`` for refusing).
    ///   - note: The outcome's note, such as `saved to stub`.
    ///   - persisted: The outcome's `persisted`.
    public init(source: StubDataSource, access: WriteAccess = .allowed, note: String? = "saved to stub", persisted: Bool = true) {
        self.source = source
        self.access = access
        self.note = note
        self.persisted = persisted
    }

    /// Makes the next write fail with `error` (each call queues one failure).
    public func failNext(with error: DataError) { failures.append(error) }

    public func create(_ record: Record) async throws(DataError) -> WriteOutcome {
        try check("create \(record.kind.name)")
        let stored = record.with(id: await source.nextID(for: record.kind))
        await source.store(stored)
        return WriteOutcome(record: stored, persisted: persisted, note: note)
    }

    public func update(_ record: Record) async throws(DataError) -> WriteOutcome {
        try check("update \(record.kind.name) \(record.id)")
        guard await source.contains(record.kind, id: record.id) else {
            throw .notFound("\(record.kind.name) \(record.id)", location: "stub")
        }
        await source.store(record)
        return WriteOutcome(record: record, persisted: persisted, note: note)
    }

    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        try check("delete \(kind.name) \(id)")
        guard await source.remove(kind, id: id) else { throw .notFound("\(kind.name) \(id)", location: "stub") }
        return WriteOutcome(record: nil, persisted: persisted, note: note)
    }

    /// Writes the todo into the source (`toggle todo 3`); a queued failure is thrown instead.
    public func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError)
        -> TodoWriteOutcome
    {
        try check("toggle todo \(todo.id)")
        var stored = todo
        stored.completed = completed
        if persisted { await source.store(stored) }
        return TodoWriteOutcome(todo: persisted ? stored : todo, persisted: persisted, note: note)
    }

    private func check(_ entry: String) throws(DataError) {
        log.append(entry)
        if !failures.isEmpty { throw failures.removeFirst() }
    }
}

extension StubDataSource {
    /// Replaces the record with the same kind and id, or appends it.
    public func store(_ record: Record) {
        switch record {
        case let .user(user): replaceOrAppend(user, in: &users)
        case let .post(post): replaceOrAppend(post, in: &posts)
        case let .comment(comment): replaceOrAppend(comment, in: &comments)
        }
    }

    /// Removes the record; `false` when there was none.
    public func remove(_ kind: RecordKind, id: RecordID) -> Bool {
        guard contains(kind, id: id) else { return false }
        switch kind {
        case .user: users.removeAll { $0.id == id }
        case .post: posts.removeAll { $0.id == id }
        case .comment: comments.removeAll { $0.id == id }
        }
        return true
    }

    /// Whether a record of `kind` has `id`.
    public func contains(_ kind: RecordKind, id: RecordID) -> Bool {
        ids(of: kind).contains(id)
    }

    /// The largest numeric id of `kind` plus one, as json-server picks.
    public func nextID(for kind: RecordKind) -> RecordID {
        RecordID((ids(of: kind).compactMap(\.number).max() ?? 0) + 1)
    }

    private func ids(of kind: RecordKind) -> [RecordID] {
        switch kind {
        case .user: users.map(\.id)
        case .post: posts.map(\.id)
        case .comment: comments.map(\.id)
        }
    }

    private func replaceOrAppend<T: Identifiable>(_ value: T, in list: inout [T]) where T.ID == RecordID {
        if let index = list.firstIndex(where: { $0.id == value.id }) { list[index] = value } else { list.append(value) }
    }
}

extension Record {
    /// The same record with another id.
    public func with(id: RecordID) -> Record {
        switch self {
        case var .user(user): user.id = id; return .user(user)
        case var .post(post): post.id = id; return .post(post)
        case var .comment(comment): comment.id = id; return .comment(comment)
        }
    }
}

extension RecordKind {
    /// `user`, `post`, `comment` (the case name), for the log.
    var name: String { String(describing: self) }
}
