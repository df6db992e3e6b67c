/// Rows that other people changed, added or deleted, as the source learns of them (`--live` on
/// a PostgreSQL database: ``PostgresListener``): which kind, what was done, and to which ids.
public struct DataChange: Hashable, Sendable {
    /// What was done to the rows.
    public enum Operation: String, Hashable, Sendable {
        case insert = "INSERT", update = "UPDATE", delete = "DELETE"
        /// The whole table was emptied (`TRUNCATE`): ``DataChange/ids`` is `nil`.
        case truncate = "TRUNCATE"
    }

    /// The kind whose table changed.
    public var kind: SQLLayout.Kind
    /// What was done.
    public var operation: Operation
    /// The ids of the rows changed, or `nil` when they are too many to name (over 100 in one
    /// statement) or not known (a `TRUNCATE`): then any row of the kind may have changed.
    public var ids: [RecordID]?

    /// Creates a change.
    public init(kind: SQLLayout.Kind, operation: Operation, ids: [RecordID]?) {
        self.kind = kind
        self.operation = operation
        self.ids = ids
    }

    /// Whether the change may concern the record `id` of `kind`: its kind, and its id among
    /// ``ids`` (or ``ids`` unknown).
    public func mayConcern(_ kind: SQLLayout.Kind, id: RecordID) -> Bool {
        self.kind == kind && (ids?.contains(id) ?? true)
    }
}

/// What a watching source reports (``LiveChanges/events()``), in the order it happens.
public enum LiveEvent: Hashable, Sendable {
    /// Watching: changes to these kinds will be reported (those whose tables have the change
    /// triggers; `missing` names the kinds' tables that have none).
    case watching(kinds: [SQLLayout.Kind], missing: [String])
    /// The database has no change triggers: `hint` says how to install them
    /// (`bulletin db install-notify URL`). Nothing is watched, and nothing polls.
    case notInstalled(hint: String)
    /// Rows others changed (one or more statements' worth, in order).
    case changed([DataChange])
    /// The connection that watches was lost (`reason` in words); the next try is in `retryIn` seconds.
    case lost(reason: String, retryIn: Double)
    /// Watching again after a loss: anything may have changed meanwhile, so every screen reads again.
    case restored
    /// Watching has stopped for good: connecting failed in a way trying again cannot mend (a
    /// wrong password, no such role or database, a connection string libpq cannot read).
    case stopped(reason: String)
}

/// A source's stream of others' changes (issue 26 item 4). Started by the first call to
/// ``events()``, which one consumer makes (the app's ``LiveUpdates``); ended by ``stop()``.
public protocol LiveChanges: AnyObject, Sendable {
    /// The events from now on, until ``stop()``. Call once.
    func events() -> AsyncStream<LiveEvent>
    /// Stops watching (closes its connection); the stream ends.
    func stop()
}
