import BulletinData
import MVVMC
import Observation
import ViewState

/// The User List screen: one row per user, in aligned columns (the source's: ``columns``),
/// filtered and sorted by its ``FindBar`` (over the users loaded so far).
@MainActor
@Observable
public final class UserListViewModel: FindableScreen, FindableList, LoadingScreen {
    /// A column the table can show; which ones it shows, left to right, depends on the source
    /// (``columns(for:)``).
    public enum Column: CaseIterable, Sendable {
        case id, name, username, email, company
        /// GitHub's `login`, `type` (User, Organization, Bot) and `site_admin`.
        case login, accountType, siteAdmin
        /// TheMealDB's `strCategoryDescription`.
        case categoryDescription

        /// The column as data: its title, value type (alignment and sort follow) and width policy.
        public var declaration: ListColumn {
            switch self {
            case .id: .id
            case .name: ListColumn("Name", width: ColumnWidth(min: 10, max: 40))
            case .username: ListColumn("Username", width: ColumnWidth(min: 8, max: 30))
            case .email: ListColumn("Email", width: ColumnWidth(min: 10, max: 40))
            case .company: ListColumn("Company", width: ColumnWidth(min: 8, max: 40))
            case .login: ListColumn("Login", width: ColumnWidth(min: 10, max: 40))
            case .accountType: ListColumn("Type", width: ColumnWidth(min: 4, max: 14))
            case .siteAdmin: ListColumn("Site admin", .boolean)
            case .categoryDescription: ListColumn("Description", width: ColumnWidth(min: 10, max: 400))
            }
        }

        /// The column's header text.
        public var title: String { declaration.title }

        /// JSONPlaceholder's columns (every source without its own): id, name, username, email, company.
        public static let standard: [Column] = [.id, .name, .username, .email, .company]
        /// GitHub's: login, type, site admin (what `GET /users` sends; the login is also the id).
        public static let github: [Column] = [.login, .accountType, .siteAdmin]
        /// TheMealDB's categories: the name (also the id `filter.php?c=` takes) and description.
        public static let mealCategories: [Column] = [.name, .categoryDescription]

        /// The columns for `source`'s users, as its declaration's ``SourceDeclaration/userShape``
        /// says: ``github`` for accounts, ``mealCategories`` for categories, ``standard`` for people.
        public static func columns(for source: any DataSource) -> [Column] {
            switch source.descriptor.kind.declaration.userShape {
            case .account: github
            case .mealCategory: mealCategories
            case .person: standard
            }
        }
    }

    /// Whether more users can be loaded below the ones shown.
    public enum Paging: Equatable, Sendable {
        /// Every user is loaded.
        case complete
        /// Another page exists; it loads when the selection nears the end.
        case more
        /// The next page is on its way.
        case loading
        /// The next page failed; Enter on the last row or `r` tries it again.
        case failed(DataError)
    }

    /// How close to the last loaded user the selection gets before the next page is asked for.
    public static let prefetchDistance = 5

    // MARK: - Properties

    /// The first page's load and reload (``ScreenLoad``); pages after it are appended to its value.
    public let loader = ScreenLoad<[User]>()
    /// The columns shown, left to right (``Column/columns(for:)``); filter and sort work on them.
    public let columns: [Column]
    /// The filter, sort and jump state; rows show in `find.finder.order` (the selection is the finder's).
    public let find: FindBar
    /// Users the loads skipped or read with a field blanked; empty when every record was read.
    public private(set) var issues: [RecordIssue] = []
    /// Whether more pages remain, are loading, or failed.
    public private(set) var paging: Paging = .complete { didSet { find.isPartial = paging != .complete } }
    @ObservationIgnored private var nextCursor: PageCursor?
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<UserListRoute>
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Editor?

    // MARK: - Init

    public init(source: any DataSource, router: Router<UserListRoute>) {
        self.source = source
        self.router = router
        columns = Column.columns(for: source)
        find = FindBar(
            columns: columns.map(\.declaration),
            noun: source.vocabulary.users.singular)
    }

    // MARK: - Presentation

    /// The loaded users (empty until loaded).
    public var users: [User] { state.value ?? [] }
    /// The loaded users, as the list's rows.
    public var rows: [User] { users }

    /// How far a long load has got (`reading 45% of 12.3 MB`), while loading; `nil` otherwise.
    public var loadProgressText: String? { state.isLoading ? source.loadProgress?.text : nil }

    /// How many rows the table has: the users shown (all, or those passing the filter), plus
    /// a last "loading more" row while pages remain and no filter is set.
    public var rowCount: Int { find.finder.order.count + (showsPagingRow ? 1 : 0) }

    /// Whether the last row is the "loading more" row (pages remain, no filter hides rows).
    private var showsPagingRow: Bool { paging != .complete && state.value != nil && find.finder.query.isEmpty }

    /// The user shown at display position `row`, if any.
    func user(at row: Int) -> User? { self.row(at: row) }

    /// The text of the last row while pages remain: `Loading more…`, or the failure
    /// (``pagingCanRetry`` says it can be tried again; the screen says how).
    public var pagingRowText: String? {
        switch paging {
        case .complete: nil
        case .more, .loading: "Loading more…"
        case let .failed(error): "Could not load more: \(error.description)"
        }
    }

    /// Whether loading the next page failed and opening the last row (or reloading) tries again.
    public var pagingCanRetry: Bool {
        if case .failed = paging { true } else { false }
    }

    /// Whether display position `row` is the last "loading more" row.
    public func isPagingRow(_ row: Int) -> Bool { row == find.finder.order.count && showsPagingRow }

    /// The text of the cell at display position `row`; missing optional fields show as `—`.
    public func cell(row: Int, column: Column) -> String {
        if row == find.finder.order.count, showsPagingRow, let pagingRowText {
            return column == pagingColumn ? pagingRowText : ""
        }
        guard let user = user(at: row) else { return "" }
        return Self.text(of: user, column: column)
    }

    /// The column the "loading more" row's text is in: the first that is not the id.
    public var pagingColumn: Column { columns.first { $0 != .id } ?? .name }

    /// The text `user` shows in `column` (what the filter matches). A GitHub account's site
    /// admin flag reads `yes` or `no`; what GitHub did not send, `—`.
    nonisolated static func text(of user: User, column: Column) -> String {
        switch column {
        case .id: return user.id.text
        case .name: return user.name
        case .username: return user.username
        case .email: return Display.text(user.email)
        case .company: return Display.text(user.company?.name)
        case .login, .accountType, .siteAdmin: return accountText(of: user, column: column)
        case .categoryDescription:
            guard case let .mealCategory(category) = user.profile else { return Display.missing }
            return Display.text(category.description)
        }
    }

    /// A GitHub column's text: the account's login, type or site admin flag.
    private nonisolated static func accountText(of user: User, column: Column) -> String {
        guard case let .github(account) = user.profile else { return column == .login ? user.username : Display.missing }
        switch column {
        case .accountType: return Display.text(account.type)
        case .siteAdmin: return account.siteAdmin.map { $0 ? "yes" : "no" } ?? Display.missing
        default: return account.login
        }
    }

    /// The source's words: `users`, `categories` on TheMealDB.
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// A summary for the status line, such as `10 users` (`14 categories`), or
    /// `9 users · 1 record skipped: users[3].name null` when records could not be read; after a
    /// failed reload it starts with why (`Not reloaded: Rate limited by … · 10 users`).
    public var summary: String {
        switch state {
        case .idle, .loading: "Loading \(vocabulary.users.plural)…"
        case let .loaded(users):
            [reloadError.map(Display.reloadFailed),
             vocabulary.users.count(users.count) + (paging == .complete ? "" : " so far"),
             RecordIssue.summary(of: issues)]
                .compactMap { $0 }.joined(separator: " · ")
        case .failed: "Failed to load \(vocabulary.users.plural)"
        }
    }

    // MARK: - Intents

    /// `Users` (`Categories` on TheMealDB).
    public var title: String { vocabulary.users.title }

    /// The user asked to load again (`r`), or the screen first appeared. When only the next
    /// page failed, `r` retries that page and keeps the users already loaded. While users are
    /// shown they stay during the reload, and a failed reload keeps them and says why
    /// (``reloadError``, in the summary); only a first load that fails shows the error screen.
    public func reload() {
        if case .failed = paging, state.value != nil { return loadMore() }
        loader.reload({ [source] () async throws(DataError) in try await source.userPage(after: nil) },
                      value: { $0.list.records }) { [weak self] page in
            guard let self else { return }
            if let page {
                issues = page.list.issues
                setNext(page.next)
                indexRows()
            } else if state.error != nil {
                setNext(nil)
                indexRows()
            } else if paging == .loading {
                paging = .more
            }
            selection.clamp(count: rowCount)
        }
    }

    /// The screen left the stack: the loads in flight (first page and next page) are
    /// cancelled and their results dropped.
    public func stop() { loader.stop() }

    /// Loads and waits for the first page (tests and deep links).
    public func load() async {
        reload()
        await loader.wait()
        await loader.waitForPage()
        await find.finder.waitUntilIdle()
    }

    /// Waits for the page in flight, if any, and for the filter over it (tests).
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForPage() async {
        await loader.waitForPage()
        await find.finder.waitUntilIdle()
    }

    /// The user moved the selection by `delta` rows (PageUp/PageDown pass the page size).
    public func moveSelection(by delta: Int) {
        selection.move(by: delta, count: rowCount)
        loadMoreIfNear()
    }

    /// End key.
    public func selectLast() {
        selection.end(count: rowCount)
        loadMoreIfNear()
    }

    /// The user pressed Enter on the selected user (or on a failed "loading more" row: retry it).
    public func openSelected() {
        if selection.selected == find.finder.order.count, showsPagingRow, case .failed = paging { return loadMore() }
        guard let user = user(at: selection.selected) else { return }
        router.go(.user(id: user.id))
    }

    // MARK: - Finding

    /// Hands the loaded users to the finder, which filters and sorts them again.
    private func indexRows() {
        let columns = columns
        index(users, text: { user, column in Self.text(of: user, column: columns[column]) }, id: { $0.id })
    }

    // MARK: - Paging

    private func setNext(_ cursor: PageCursor?) {
        nextCursor = cursor
        paging = cursor == nil ? .complete : .more
    }

    /// Asks for the next page when the selection is within ``prefetchDistance`` rows of the end
    /// of the loaded users (counted from the users, not the finder's order, which may still be
    /// catching up with a page just appended). Never while a filter is set.
    private func loadMoreIfNear() {
        guard case .more = paging, showsPagingRow, selection.selected >= users.count - Self.prefetchDistance else { return }
        loadMore()
    }

    /// Loads the next page and appends it; a failure keeps what is loaded and marks the last row.
    private func loadMore() {
        guard let cursor = nextCursor, state.value != nil else { return }
        paging = .loading
        loader.loadPage({ [source] () async throws(DataError) in try await source.userPage(after: cursor) }) {
            [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case let .loaded(page):
                loader.show(users + page.list.records)
                issues += page.list.issues
                setNext(page.next)
                indexRows()
                loadMoreIfNear()
            case let .failed(error): paging = .failed(error)
            case .idle, .loading: break
            }
        }
    }
}
