import BulletinData
import Observation
import ViewState

/// One list of records of a JSONPlaceholder kind beside a user's posts (their albums, their
/// todos) or under an album (its photos): loaded on its own, with the filter, sort and jump
/// of every list (``FindBar``) over its columns.
///
/// A failed load shows in this list only (its heading counts `—`); `r` retries it.
@MainActor
@Observable
public final class RecordListModel<Row: Sendable & Identifiable>: FindableList where Row.ID == RecordID {
    /// One column: its heading, whether it sorts as numbers, and a row's text in it.
    public struct Column: Sendable {
        public var title: String
        public var numeric: Bool
        public var text: @Sendable (Row) -> String

        /// Creates a column.
        public init(_ title: String, numeric: Bool = false, text: @escaping @Sendable (Row) -> String) {
            self.title = title
            self.numeric = numeric
            self.text = text
        }
    }

    // MARK: - Properties

    /// What a row is called (`album`, `todo`, `photo`), for headings and messages.
    public let name: KindName
    /// The table's columns, left to right.
    public let columns: [Column]
    /// The rows' load and reload (``ScreenLoad``): a failed reload keeps the rows and says why.
    public let loader = ScreenLoad<[Row]>()
    /// Where the rows are: not asked for yet, on their way, here, or failed.
    public var state: LoadState<[Row]> { loader.state }
    /// Why the last reload failed while the rows loaded before stay shown (``ScreenLoad/reloadError``).
    public var reloadError: DataError? { loader.reloadError }
    /// `Not reloaded: …` after a failed reload, as on every list; `nil` otherwise.
    public var reloadFailureText: String? { loader.reloadFailureText }
    /// The list's filter, sort and jump state; rows show in `find.finder.order` (the selection is the finder's).
    public let find: FindBar
    /// Columns the ID column needs to show the loaded ids whole (4 to 12).
    public private(set) var idWidth = 4
    /// What Enter on a row does (open an album); `nil`: rows do not open.
    @ObservationIgnored public var onOpen: ((Row) -> Void)?
    @ObservationIgnored private let fetch: @Sendable () async throws(DataError) -> [Row]

    // MARK: - Init

    /// - Parameters:
    ///   - name: What one row is called.
    ///   - columns: The columns; the first is the id.
    ///   - fetch: Reads the rows (captures only the source and ids).
    public init(name: KindName, columns: [Column], fetch: @escaping @Sendable () async throws(DataError) -> [Row]) {
        self.name = name
        self.columns = columns
        self.fetch = fetch
        find = FindBar(columns: columns.map { ListFinder.Column($0.title, numeric: $0.numeric) }, noun: name.singular)
    }

    // MARK: - Presentation

    /// The rows, in the source's order (empty until loaded).
    public var rows: [Row] { state.value ?? [] }

    /// `Albums (10)`; `Albums (…)` while the first load runs, `Albums (—)` when it failed.
    public var heading: String {
        switch state {
        case .idle, .loading: "\(name.title) (…)"
        case .failed: "\(name.title) (—)"
        case let .loaded(rows): "\(name.title) (\(rows.count))"
        }
    }

    /// Why moving and finding do nothing: the list did not load.
    public var rowsUnavailableReason: String? { state.error == nil ? nil : "the \(name.plural) did not load" }

    /// The text of the cell at display position `row` in `column`.
    public func cell(row: Int, column: Int) -> String {
        guard let record = self.row(at: row), columns.indices.contains(column) else { return "" }
        return columns[column].text(record)
    }

    // MARK: - Loading

    /// Loads unless loaded or loading already.
    public func start() { loader.start(reload) }

    /// Loads the rows (`r`); rows shown stay during a reload, and a failed reload keeps them
    /// and says why (``reloadError``).
    public func reload() {
        loader.reload(fetch, value: { $0 }) { [weak self] rows in
            if let rows { self?.show(rows) }
        }
    }

    /// The list left the screen: the load in flight is cancelled.
    public func stop() { loader.stop() }

    /// Loads and waits for the result (tests).
    public func load() async {
        reload()
        await wait()
    }

    /// Waits for the load in flight and the finder (tests, and a screen's own `load()`).
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func wait() async {
        await loader.wait()
        await find.finder.waitUntilIdle()
    }

    /// Puts `row` in place of the row with its id (after a save), keeping the filter, sort and selection.
    public func replace(_ row: Row) {
        guard var rows = state.value, let index = rows.firstIndex(where: { $0.id == row.id }) else { return }
        rows[index] = row
        loader.show(rows)
        show(rows)
    }

    private func show(_ rows: [Row]) {
        let columns = columns
        idWidth = idWidthNeeded(by: rows, id: { $0.id })
        index(rows, text: { row, column in columns[column].text(row) }, id: { $0.id })
    }

    // MARK: - Intents

    /// Enter: opens the selected row where rows open.
    public func openSelected() {
        guard let row = selectedRow else { return }
        onOpen?(row)
    }
}

extension RecordListModel where Row == Album {
    /// A user's albums: ID and title.
    public static func albums(of userID: RecordID, source: any DataSource) -> RecordListModel<Album> {
        RecordListModel(name: SourceVocabulary.albums, columns: [
            Column("ID", numeric: true) { $0.id.text },
            Column("Title") { $0.title },
        ]) { () async throws(DataError) in try await source.albums(userID: userID) }
    }
}

extension RecordListModel where Row == Todo {
    /// The mark a todo shows for its state: `✓` done, `☐` not done.
    public nonisolated static func mark(_ todo: Todo) -> String { todo.completed ? "✓" : "☐" }

    /// A user's todos: ID, done (✓ / ☐) and title.
    public static func todos(of userID: RecordID, source: any DataSource) -> RecordListModel<Todo> {
        RecordListModel(name: SourceVocabulary.todos, columns: [
            Column("ID", numeric: true) { $0.id.text },
            Column("Done") { mark($0) },
            Column("Title") { $0.title },
        ]) { () async throws(DataError) in try await source.todos(userID: userID) }
    }
}

extension RecordListModel where Row == Photo {
    /// An album's photos: ID, title, URL and thumbnail URL.
    public static func photos(of albumID: RecordID, source: any DataSource) -> RecordListModel<Photo> {
        RecordListModel(name: SourceVocabulary.photos, columns: [
            Column("ID", numeric: true) { $0.id.text },
            Column("Title") { $0.title },
            Column("URL") { $0.url },
            Column("Thumbnail") { $0.thumbnailUrl },
        ]) { () async throws(DataError) in try await source.photos(albumID: albumID) }
    }
}
