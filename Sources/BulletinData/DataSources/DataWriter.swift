/// One record of any kind, for writes.
public enum Record: Hashable, Sendable {
    case user(User)
    case post(Post)
    case comment(Comment)

    /// The record's kind.
    public var kind: RecordKind {
        switch self {
        case .user: .user
        case .post: .post
        case .comment: .comment
        }
    }

    /// The record's id.
    public var id: RecordID {
        switch self {
        case let .user(user): user.id
        case let .post(post): post.id
        case let .comment(comment): comment.id
        }
    }
}

/// The kinds of record Bulletin reads and writes; the raw value is the json-server collection name.
public enum RecordKind: String, Hashable, Sendable, CaseIterable {
    case user = "users"
    case post = "posts"
    case comment = "comments"
}

/// Whether a source accepts writes, and if not, why (shown in the Admin panel).
public enum WriteAccess: Hashable, Sendable {
    /// Writes are accepted.
    case allowed
    /// Writes are refused; `reason` is one sentence such as `GitHub is read-only` or
    /// `started with --read-only`.
    case denied(reason: String)
}

/// What happened to a write.
public struct WriteOutcome: Hashable, Sendable {
    /// The record as stored (a created record gets its id here); `nil` after a delete.
    public var record: Record?
    /// Whether the change is kept: `false` when the server answered but does not keep changes
    /// (the public JSONPlaceholder).
    public var persisted: Bool
    /// One line for the status line or panel, such as `saved to /root/.local/share/bulletin/db.json`
    /// or `the server accepted the change but does not keep it`; `nil` for nothing to add.
    public var note: String?

    public init(record: Record?, persisted: Bool, note: String? = nil) {
        self.record = record
        self.persisted = persisted
        self.note = note
    }
}

/// Changes a source's records where the data lives: an atomic save for files, POST/PATCH (or
/// PUT)/DELETE for REST APIs (see ``RESTDataWriter``), a copy under `$XDG_DATA_HOME/bulletin/`
/// for the embedded data set.
///
/// After a successful write the source it belongs to answers reads with the change.
/// Every method throws a ``DataError`` naming the file or URL; a failed write changes nothing.
///
/// CONTRACT (issue 8): declared first so the forms and the writers can be built side by side.
public protocol DataWriter: Sendable {
    /// Whether writes are accepted.
    var access: WriteAccess { get }

    /// Creates `record`; its id is ignored and a new one is chosen (max id + 1 for files,
    /// the server's for REST).
    func create(_ record: Record) async throws(DataError) -> WriteOutcome

    /// Replaces the record with `record.id` by `record`.
    /// - Throws: ``DataError/notFound(_:location:)`` when there is no such record.
    func update(_ record: Record) async throws(DataError) -> WriteOutcome

    /// Deletes the record of `kind` with `id` (a user's posts and a post's comments stay, as in json-server).
    /// - Throws: ``DataError/notFound(_:location:)`` when there is no such record.
    func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome

    /// Replaces the record with `record.id` by `record`, changing only what differs from
    /// `original` (the record as the form opened with it): a REST writer sends just those
    /// members, so members the person did not touch (and ones Bulletin does not model) stay
    /// as the server holds them. Default: ``update(_:)``.
    /// - Throws: As ``update(_:)``.
    func update(_ record: Record, original: Record) async throws(DataError) -> WriteOutcome

    /// Puts back a record deleted earlier in this run under its own id where the writer can
    /// (a REST writer POSTs it with its id, and falls back to an id the server chooses, saying
    /// so in the note). Default: ``create(_:)``. File writers go through
    /// ``restore(_:overwriteIfChanged:)`` instead, which keeps the id in the file.
    /// - Throws: As ``create(_:)``.
    func recreate(_ record: Record) async throws(DataError) -> WriteOutcome

    /// After a create failed in a way that may still have reached the server
    /// (``DataError/mayHaveReachedServer``): the record the server made from `record`, found
    /// by reading its collection again, or `nil` when it is not there (so sending it again
    /// makes no duplicate). Default: `nil`, for writers whose failures never leave that doubt.
    /// - Throws: ``DataError`` when the collection cannot be read (then nobody knows: do not send).
    func locateCreated(_ record: Record) async throws(DataError) -> Record?

    /// Esc while a save runs: ends its wait for what another program holds (a database's
    /// lock), so it fails now with nothing written. Default: nothing (a request in flight is
    /// not abandoned: its answer says what happened).
    func stopWaiting()

    /// Whether a write is waiting now for what another program holds (a database's lock), so
    /// Esc means ``stopWaiting()``. Default: `false`.
    var isWaitingForOthers: Bool { get }
}

extension DataWriter {
    /// ``update(_:)``: this writer replaces whole records; a file writer changes the record
    /// equal to `original` where records share an id.
    public func update(_ record: Record, original: Record) async throws(DataError) -> WriteOutcome {
        if let writer = self as? any ChoosingWriter {
            return try await writer.apply(.update(record), original: original, overwriteIfChanged: false)
        }
        return try await update(record)
    }

    /// ``create(_:)``: this writer chooses ids itself.
    public func recreate(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await create(record)
    }

    /// `nil`: this writer's failures never leave a create half-known.
    public func locateCreated(_ record: Record) async throws(DataError) -> Record? { nil }

    /// Nothing to stop: this writer never waits on another program.
    public func stopWaiting() {}

    /// `false`: this writer never waits on another program.
    public var isWaitingForOthers: Bool { false }
}

/// A writer that refuses everything, for GitHub and `--read-only`.
public struct ReadOnlyWriter: DataWriter {
    public let reason: String
    public init(reason: String) { self.reason = reason }
    public var access: WriteAccess { .denied(reason: reason) }
    public func create(_ record: Record) async throws(DataError) -> WriteOutcome { throw .readOnly(reason: reason) }
    public func update(_ record: Record) async throws(DataError) -> WriteOutcome { throw .readOnly(reason: reason) }
    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        throw .readOnly(reason: reason)
    }
}

// MARK: - Saving over a file that changed on disk (issue 8, writes)

extension DataWriter {
    /// Creates `record`; with `overwriteIfChanged` a file source saves even when the file
    /// changed on disk since it was loaded (after the person said so). Writers without files
    /// ignore the flag.
    /// - Throws: As ``create(_:)``; without the flag, a file source throws
    ///   ``DataError/changedOnDisk(path:)`` when the file changed.
    public func create(_ record: Record, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        if overwriteIfChanged, let writer = self as? any OverwritingWriter {
            return try await writer.apply(.create(record), overwriteIfChanged: true)
        }
        return try await create(record)
    }

    /// Puts back a record deleted earlier in this run (undo), keeping its id where the writer
    /// can choose ids (files: a user's posts and a post's comments then point at it again; a
    /// new id only if another record took that one meanwhile); elsewhere it is
    /// ``recreate(_:)`` (REST: POST with its id, else the server's). `overwriteIfChanged` as in
    /// ``create(_:overwriteIfChanged:)``.
    /// - Throws: As ``create(_:)``.
    public func restore(_ record: Record, overwriteIfChanged: Bool = false) async throws(DataError) -> WriteOutcome {
        if let writer = self as? any OverwritingWriter {
            return try await writer.apply(.restore(record), overwriteIfChanged: overwriteIfChanged)
        }
        return try await recreate(record)
    }

    /// Replaces the record with `record.id`; `overwriteIfChanged` as in ``create(_:overwriteIfChanged:)``.
    /// - Parameter original: The record as the form opened with it, when known: then only
    ///   what differs from it is changed (``update(_:original:)``: a REST server gets only the
    ///   edited members), and where records share an id (a hand-edited `db.json`) the one equal
    ///   to `original` is the one changed, not the first with the id.
    /// - Throws: As ``update(_:)``.
    public func update(_ record: Record, original: Record? = nil, overwriteIfChanged: Bool = false) async throws(DataError)
        -> WriteOutcome
    {
        if let original, let writer = self as? any ChoosingWriter {
            return try await writer.apply(.update(record), original: original, overwriteIfChanged: overwriteIfChanged)
        }
        if overwriteIfChanged, let writer = self as? any OverwritingWriter {
            return try await writer.apply(.update(record), overwriteIfChanged: true)
        }
        if let original { return try await update(record, original: original) }
        return try await update(record)
    }

    /// Deletes the record of `kind` with `id`; `overwriteIfChanged` as in ``create(_:overwriteIfChanged:)``.
    /// - Parameter original: The record the person chose to delete, when known: where records
    ///   share an id, a file writer removes the one equal to it (not the first with the id), and
    ///   a REST writer sends nothing unless the server's record under the id is that one and
    ///   the only one (``DataError/writeNotSent(url:reason:)``).
    /// - Throws: As ``delete(_:id:)``.
    public func delete(_ kind: RecordKind, id: RecordID, original: Record? = nil, overwriteIfChanged: Bool) async throws(DataError)
        -> WriteOutcome
    {
        if let original, let writer = self as? any ChoosingWriter {
            return try await writer.apply(.delete(kind, id), original: original, overwriteIfChanged: overwriteIfChanged)
        }
        if overwriteIfChanged, let writer = self as? any OverwritingWriter {
            return try await writer.apply(.delete(kind, id), overwriteIfChanged: true)
        }
        return try await delete(kind, id: id)
    }
}

/// A writer that saves to a file and can be told to overwrite changes made on disk.
protocol OverwritingWriter: DataWriter {
    func apply(_ change: RecordChange, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome
}
