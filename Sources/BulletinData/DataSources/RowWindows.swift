/// What a list read in windows asks its source for (issue 25 item 3): the filter typed at its
/// `/` prompt and the column it is sorted by. A database answers it in SQL, a window of rows at
/// a time by key (keyset pagination: `WHERE (sort, id) > (?, ?) ORDER BY sort, id LIMIT n`), so
/// no read costs more the further down the list it is and no table is read whole.
public struct WindowQuery: Sendable, Hashable {
    /// The filter as typed, taken literally (empty: every row).
    public var filter: String
    /// The field the rows are ordered by (`id`, or a column's: `title`, `author`, `name`, …), then by id.
    public var sortField: String
    /// Whether the order is ascending.
    public var ascending: Bool

    /// A query; by default every row, by id ascending.
    public init(filter: String = "", sortField: String = "id", ascending: Bool = true) {
        self.filter = filter
        self.sortField = sortField
        self.ascending = ascending
    }
}

/// Where a row stands in a ``WindowQuery``'s order: its sort value and its id, as the source
/// reads them (opaque to the list, which hands it back to read the rows after or before it).
public struct WindowKey: Sendable, Hashable {
    /// The row's sort value (`nil`: NULL, or the order is by id alone) and its id.
    package var sort: WindowValue?
    package var id: WindowValue

    package init(sort: WindowValue?, id: WindowValue) {
        self.sort = sort
        self.id = id
    }
}

/// A key's value as a database stores it.
public enum WindowValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// Which rows of a ``WindowQuery``'s order a window read answers.
public enum WindowStart: Sendable, Hashable {
    /// The first rows.
    case first
    /// The last rows.
    case last
    /// The rows after this key.
    case after(WindowKey)
    /// The rows before this key.
    case before(WindowKey)
    /// This row and the rows after it.
    case from(WindowKey)
    /// The rows from this position on (0-based): a far jump, which costs a read up to it.
    case offset(Int)
}

/// One row of a window: the row as the list shows it and its key in the query's order.
public struct Windowed<Row: Sendable>: Sendable {
    public var row: Row
    public var key: WindowKey

    public init(row: Row, key: WindowKey) {
        self.row = row
        self.key = key
    }
}

extension Windowed: Equatable where Row: Equatable {}

/// One row of the Posts list read in windows: the post's list members and its author's name
/// (`nil` when no user has its `userId`).
public struct WindowedPost: Sendable, Equatable {
    public var post: PostSummary
    public var author: String?

    public init(post: PostSummary, author: String?) {
        self.post = post
        self.author = author
    }
}

/// A list a source reads in windows by key (a database's Posts and Users lists): counts,
/// windows, positions and lookups of one ``WindowQuery``, each one query, none reading the
/// whole table unless the query needs it (a sort by a column without an index, a filter no
/// index serves).
public protocol RecordWindows<Row>: Sendable {
    /// What one row of the list is (``WindowedPost``, ``User``).
    associatedtype Row: Sendable

    /// How many rows pass the query's filter (`count(*)`).
    /// - Throws: ``DataError`` naming the database; ``DataError/cancelled`` after ``cancelReads()``.
    func count(_ query: WindowQuery) async throws(DataError) -> Int

    /// At most `limit` rows of the query's order at `start`, in that order (the rows before a
    /// key too, the nearest last).
    /// - Throws: As ``count(_:)``.
    func window(_ query: WindowQuery, start: WindowStart, limit: Int) async throws(DataError) -> [Windowed<Row>]

    /// How many rows come before the row at `key` in the query's order (its 0-based position).
    /// - Throws: As ``count(_:)``.
    func position(of key: WindowKey, _ query: WindowQuery) async throws(DataError) -> Int

    /// Where the row at `key` stands in the query's order, from 0 (the first row) to 1 (the
    /// last), when the source can tell without counting the rows before it (a database's ids in
    /// order, unfiltered: from the smallest and largest id; exact when the ids have no gaps);
    /// `nil` otherwise. Has a default (`nil`).
    /// - Throws: As ``count(_:)``.
    func fraction(of key: WindowKey, _ query: WindowQuery) async throws(DataError) -> Double?

    /// The key of record `id` in the query's order (one lookup by primary key), and whether the
    /// query's filter lets it through; `nil` when no record has that id.
    /// - Throws: As ``count(_:)``.
    func key(id: RecordID, _ query: WindowQuery) async throws(DataError) -> (key: WindowKey, passes: Bool)?

    /// How the query will be answered, for the screen's words while it runs: whether its order
    /// reads an index (else every row is sorted) and whether its filter does (an FTS5 index,
    /// else every row is read).
    func plan(_ query: WindowQuery) async -> WindowPlan

    /// Stops the window reads in flight (Esc on a long sort or filter, a newer keystroke); each
    /// fails with ``DataError/cancelled``. Writes are never stopped.
    func cancelReads()

    /// About how many rows pass the query, when the source knows without counting (a
    /// server's statistics), to show until ``count(_:)`` answers; `nil` otherwise. Has a
    /// default (`nil`).
    func estimate(_ query: WindowQuery) async -> Int?
}

extension RecordWindows {
    public func fraction(of key: WindowKey, _ query: WindowQuery) async throws(DataError) -> Double? { nil }
    public func estimate(_ query: WindowQuery) async -> Int? { nil }
}

/// How a source answers a ``WindowQuery`` (``PostWindows/postPlan(_:)``).
public struct WindowPlan: Sendable, Hashable {
    /// Whether the order is read from an index (the id's, or one on the sort column).
    public var sortIsIndexed: Bool
    /// Whether the filter is answered by an index (FTS5 on the title) rather than by reading every row.
    public var filterIsIndexed: Bool
    /// What the screen can say about it: how to make it quick (`CREATE INDEX …`), or `nil`.
    public var advice: String?

    public init(sortIsIndexed: Bool, filterIsIndexed: Bool, advice: String? = nil) {
        self.sortIsIndexed = sortIsIndexed
        self.filterIsIndexed = filterIsIndexed
        self.advice = advice
    }
}
