import BulletinData
import MVVMC
import Observation
import ViewState

/// The User List screen: one row per user, in the columns the source's user shape declares
/// (``columns``), filtered and sorted by its ``FindBar``, page by page where the source pages:
/// the users list (``RecordListModel/users(of:)``) with the screen's title, summary and editing.
@MainActor
@Observable
public final class UserListViewModel: ListScreenViewModel {
    /// A column of the users list (``UserColumn``).
    public typealias Column = UserColumn

    // MARK: - Properties

    /// The users, their load, pages, selection and finding.
    public let list: RecordListModel<User>
    /// The columns shown, left to right (``UserColumn/columns(for:)``); filter and sort work on them.
    public let columns: [Column]
    @ObservationIgnored private let source: any DataSource
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Editor?

    // MARK: - Init

    public init(source: any DataSource, router: Router<UserListRoute>) {
        self.source = source
        columns = UserColumn.columns(for: source)
        list = .users(of: source)
        list.onOpen = { user in router.go(.user(id: user.id)) }
    }

    // MARK: - Presentation

    /// The loaded users (empty until loaded).
    public var users: [User] { list.rows }
    /// Where the first page is: not asked for yet, on its way, here, or failed.
    public var state: LoadState<[User]> { list.state }
    /// Whether a reload (`r`) is on its way while the users loaded before stay shown.
    public var isReloading: Bool { list.isReloading }
    /// Why the last reload failed while the users loaded before stay shown.
    public var reloadError: DataError? { list.reloadError }
    /// Users the loads skipped or read with a field blanked; empty when every record was read.
    public var issues: [RecordIssue] { list.issues }
    /// Whether more pages remain, are loading, or failed.
    public var paging: ListPaging { list.paging }
    /// Whether the first load is on its way.
    public var isLoading: Bool { state.isLoading }

    /// How far a long load has got (`reading 45% of 12.3 MB`), while loading; `nil` otherwise.
    public var loadProgressText: String? { state.isLoading ? source.loadProgress?.text : nil }

    /// The user shown at display position `row`, if any.
    func user(at row: Int) -> User? { list.row(at: row) }

    /// The text of the cell at display position `row`; missing optional fields show as `—`,
    /// and the last row while pages remain says so (``RecordListModel/pagingRowText``).
    public func cell(row: Int, column: Column) -> String {
        columns.firstIndex(of: column).map { list.cell(row: row, column: $0) } ?? ""
    }

    /// The column the "loading more" row's text is in: the first that is not the id.
    public var pagingColumn: Column { columns[list.pagingColumn] }

    /// The source's words: `users`, `categories` on TheMealDB.
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// A summary for the status line, such as `10 users` (`14 categories`), or
    /// `9 users · 1 record skipped: users[3].name null` (``RecordListModel/summary(progress:)``).
    public var summary: String { list.summary() }

    /// `Users` (`Categories` on TheMealDB).
    public var title: String { vocabulary.users.title }

    // MARK: - Intents

    /// Loads unless loaded or loading.
    public func start() { list.start() }

    /// The user asked to load again (`r`), or the screen first appeared (``RecordListModel/reload()``).
    public func reload() { list.reload() }

    /// The screen left the stack: the loads in flight are cancelled and their results dropped.
    public func stop() { list.stop() }

    /// Loads and waits for the first page and the finder (tests and deep links).
    public func load() async { await list.load() }

    /// Waits for the page in flight, if any, and for the filter over it (tests).
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForPage() async { await list.wait() }
}
