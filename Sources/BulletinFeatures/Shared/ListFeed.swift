import BulletinData

/// One read of a list's rows: the rows (in the source's order), the records skipped on the
/// way, where the next page starts, and the finder's index when the reader built it already
/// (the Posts list indexes its batches while a big file is still read).
public struct ListPage<Row: Sendable>: Sendable {
    /// The rows read, in the source's order.
    public var rows: [Row]
    /// The records that could not be read (``RecordIssue``), for the status line.
    public var issues: [RecordIssue]
    /// Where the next page starts; `nil` when this is the last (or the only) page.
    public var next: PageCursor?
    /// The finder's index and id map of ``rows``, when the reader built them; `nil`: the
    /// list's finder indexes the rows itself.
    var prebuilt: (index: FindIndex, rowsByID: RowIDs)?

    /// A page of `rows`.
    public init(rows: [Row], issues: [RecordIssue] = [], next: PageCursor? = nil) {
        self.rows = rows
        self.issues = issues
        self.next = next
    }

    /// A page whose index the reader built (``PostBatchIndexer``).
    init(rows: [Row], issues: [RecordIssue], index: FindIndex, rowsByID: RowIDs) {
        self.init(rows: rows, issues: issues)
        prebuilt = (index, rowsByID)
    }
}

/// Where a list's rows come from (``RecordListModel``): the first read, the pages after it
/// where the source pages (DummyJSON's and GitHub's users), and whether rows arrive in batches
/// before the whole is read (the Posts list of a big file).
///
/// The closures capture only the source and ids; they run off the main actor.
public struct ListFeed<Row: Sendable>: Sendable {
    /// Reads the first page (or everything). When `batches` is given, the reader may send it
    /// rows as they arrive, in order, before it returns (they show at once); its answer is then
    /// the whole list.
    public var first: @Sendable (_ batches: RowBatches<Row>?) async throws(DataError) -> ListPage<Row>
    /// Reads the page at a cursor a page before returned; `nil` when the source does not page.
    public var page: (@Sendable (PageCursor) async throws(DataError) -> ListPage<Row>)?
    /// Whether ``first`` sends batches (the list then asks for them on a first load).
    public var sendsBatches: Bool
    /// Where the source reads the list in windows by key (a database), or `nil`: the list is
    /// read by ``first`` (and its pages) and held whole.
    public var windows: ListWindows<Row>?

    /// A feed from its parts.
    public init(
        sendsBatches: Bool = false,
        first: @escaping @Sendable (_ batches: RowBatches<Row>?) async throws(DataError) -> ListPage<Row>,
        page: (@Sendable (PageCursor) async throws(DataError) -> ListPage<Row>)? = nil
    ) {
        self.first = first
        self.page = page
        self.sendsBatches = sendsBatches
    }

    /// A list read whole in one go, every record readable.
    public static func whole(_ read: @escaping @Sendable () async throws(DataError) -> [Row]) -> ListFeed {
        ListFeed { _ throws(DataError) in ListPage(rows: try await read()) }
    }

    /// A list read whole in one go, with the records skipped on the way.
    public static func whole(_ read: @escaping @Sendable () async throws(DataError) -> RecordList<Row>) -> ListFeed {
        ListFeed { _ throws(DataError) in
            let list = try await read()
            return ListPage(rows: list.records, issues: list.issues)
        }
    }
}

/// A list read in windows by key (a source's ``RecordWindows``): its count, window, position
/// and lookup of a ``WindowQuery``, each row with its key and made into the list's row, and the
/// field each column sorts by.
public struct ListWindows<Row: Sendable>: Sendable {
    /// How many rows pass the query.
    public var count: @Sendable (WindowQuery) async throws(DataError) -> Int
    /// At most `limit` rows at a start, in the query's order.
    public var window: @Sendable (_ query: WindowQuery, _ start: WindowStart, _ limit: Int) async throws(DataError)
        -> [(row: Row, key: WindowKey)]
    /// The display position of the row at a key.
    public var position: @Sendable (WindowKey, WindowQuery) async throws(DataError) -> Int
    /// Where the row at a key stands, 0 to 1, when the source can tell without counting (``RecordWindows/fraction(of:_:)``).
    public var fraction: @Sendable (WindowKey, WindowQuery) async throws(DataError) -> Double?
    /// The key of the row with an id, and whether the filter lets it through; `nil`: no such row.
    public var key: @Sendable (RecordID, WindowQuery) async throws(DataError) -> (key: WindowKey, passes: Bool)?
    /// How the source answers a query (an index, or every row read).
    public var plan: @Sendable (WindowQuery) async -> WindowPlan
    /// Stops the reads in flight.
    public var cancel: @Sendable () -> Void
    /// About how many rows pass a query, from the source's statistics (``RecordWindows/estimate(_:)``).
    public var estimate: @Sendable (WindowQuery) async -> Int?
    /// The field each column sorts by (`id`, `author`, `title`, `name`, …), left to right.
    public var sortFields: [String]
    /// What the source's filter looks in, for the help: `the title's text, the author's name or the id`.
    public var filterMatches: String

    /// The list of `windows`, each of its rows made into the list's by `map`.
    /// - Parameter filterMatches: What the source's filter looks in (``filterMatches``).
    public init<Source: Sendable>(sortFields: [String], filterMatches: String, _ windows: any RecordWindows<Source>,
                                  map: @escaping @Sendable (Source) -> Row) {
        self.sortFields = sortFields
        self.filterMatches = filterMatches
        count = { query throws(DataError) in try await windows.count(query) }
        window = { query, start, limit throws(DataError) in
            try await windows.window(query, start: start, limit: limit).map { (map($0.row), $0.key) }
        }
        position = { key, query throws(DataError) in try await windows.position(of: key, query) }
        fraction = { key, query throws(DataError) in try await windows.fraction(of: key, query) }
        key = { id, query throws(DataError) in try await windows.key(id: id, query) }
        plan = { query in await windows.plan(query) }
        cancel = { windows.cancelReads() }
        estimate = { query in await windows.estimate(query) }
    }
}

/// Whether more rows can be loaded below the ones shown (a source that pages).
public enum ListPaging: Equatable, Sendable {
    /// Every row is loaded.
    case complete
    /// Another page exists; it loads when the selection nears the end.
    case more
    /// The next page is on its way.
    case loading
    /// The next page failed; Enter on the last row or `r` tries it again.
    case failed(DataError)
}
