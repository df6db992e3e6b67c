import BulletinData
import MVVMC
import Observation

/// The User List screen: one row per user, in aligned columns.
@MainActor
@Observable
public final class UserListViewModel {
    /// The table's columns, left to right.
    public enum Column: CaseIterable, Sendable {
        case id, name, username, email, company

        /// The column's header text.
        public var title: String {
            switch self {
            case .id: "ID"
            case .name: "Name"
            case .username: "Username"
            case .email: "Email"
            case .company: "Company"
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

    public private(set) var state: LoadState<[User]> = .idle
    public var selection = ListSelection()
    /// Users the loads skipped or read with a field blanked; empty when every record was read.
    public private(set) var issues: [RecordIssue] = []
    /// Whether more pages remain, are loading, or failed.
    public private(set) var paging: Paging = .complete
    @ObservationIgnored private var nextCursor: PageCursor?
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<UserListRoute>
    @ObservationIgnored private let runner = LoadRunner()
    @ObservationIgnored private let pageRunner = LoadRunner()
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Router<EditRequest>?

    // MARK: - Init

    public init(source: any DataSource, router: Router<UserListRoute>) {
        self.source = source
        self.router = router
    }

    // MARK: - Presentation

    /// The loaded users (empty until loaded).
    public var users: [User] { state.value ?? [] }

    /// How far a long load has got (`reading 45% of 12.3 MB`), while loading; `nil` otherwise.
    public var loadProgressText: String? { state.isLoading ? source.loadProgress?.text : nil }

    /// How many rows the table has: the users, plus a last "loading more" row while pages remain.
    public var rowCount: Int { users.count + (paging == .complete || state.value == nil ? 0 : 1) }

    /// The text of the last row while pages remain: `Loading more…`, or the failure with how to retry.
    public var pagingRowText: String? {
        switch paging {
        case .complete: nil
        case .more, .loading: "Loading more…"
        case let .failed(error): "Could not load more: \(error.description) (Enter or r retries)"
        }
    }

    /// The text of one cell; missing optional fields show as `—`.
    public func cell(row: Int, column: Column) -> String {
        if row == users.count, let pagingRowText, state.value != nil { return column == .name ? pagingRowText : "" }
        guard users.indices.contains(row) else { return "" }
        let user = users[row]
        switch column {
        case .id: return user.id.text
        case .name: return user.name
        case .username: return user.username
        case .email: return Display.text(user.email)
        case .company: return Display.text(user.company?.name)
        }
    }

    /// A summary for the status line, such as `10 users`, or
    /// `9 users · 1 record skipped: users[3].name null` when records could not be read.
    public var summary: String {
        switch state {
        case .idle, .loading: "Loading users…"
        case let .loaded(users):
            [Display.count(users.count, "user", "users") + (paging == .complete ? "" : " so far"),
             RecordIssue.summary(of: issues)]
                .compactMap { $0 }.joined(separator: " · ")
        case .failed: "Failed to load users"
        }
    }

    // MARK: - Intents

    /// The screen appeared: load unless already loaded or loading.
    public func start() {
        if case .idle = state { reload() }
    }

    /// The user asked to load again (`r`), or the screen first appeared. When only the next
    /// page failed, `r` retries that page and keeps the users already loaded.
    public func reload() {
        if case .failed = paging, state.value != nil { return loadMore() }
        let reloading = !state.isIdle
        state = .loading
        pageRunner.cancel()
        runner.run(reloading: reloading, { [source] () async throws(DataError) in try await source.userPage(after: nil) }) {
            [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case let .loaded(page):
                issues = page.list.issues
                state = .loaded(page.list.records)
                setNext(page.next)
            case let .failed(error):
                state = .failed(error)
                setNext(nil)
            case .idle, .loading: break
            }
            selection.clamp(count: rowCount)
        }
    }

    /// The screen left the stack: the loads in flight (first page and next page) are
    /// cancelled and their results dropped.
    public func cancelLoad() {
        runner.cancel()
        pageRunner.cancel()
    }

    /// Loads and waits for the first page (tests and deep links).
    public func load() async {
        reload()
        await runner.wait()
        await pageRunner.wait()
    }

    /// Waits for the page in flight, if any (tests).
    public func waitForPage() async { await pageRunner.wait() }

    /// The user moved the selection by `delta` rows (PageUp/PageDown pass the page size).
    public func moveSelection(by delta: Int) {
        selection.move(by: delta, count: rowCount)
        loadMoreIfNear()
    }

    /// Home key.
    public func selectFirst() { selection.moveToFirst() }

    /// End key.
    public func selectLast() {
        selection.moveToLast(count: rowCount)
        loadMoreIfNear()
    }

    /// The user pressed Enter on the selected user (or on a failed "loading more" row: retry it).
    public func openSelected() {
        if selection.index == users.count, case .failed = paging { return loadMore() }
        guard users.indices.contains(selection.index) else { return }
        router.go(.user(id: users[selection.index].id))
    }

    // MARK: - Paging

    private func setNext(_ cursor: PageCursor?) {
        nextCursor = cursor
        paging = cursor == nil ? .complete : .more
    }

    /// Asks for the next page when the selection is within ``prefetchDistance`` rows of the end.
    private func loadMoreIfNear() {
        guard case .more = paging, selection.index >= users.count - Self.prefetchDistance else { return }
        loadMore()
    }

    /// Loads the next page and appends it; a failure keeps what is loaded and marks the last row.
    private func loadMore() {
        guard let cursor = nextCursor, state.value != nil else { return }
        paging = .loading
        pageRunner.run({ [source] () async throws(DataError) in try await source.userPage(after: cursor) }) {
            [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case let .loaded(page):
                state = .loaded(users + page.list.records)
                issues += page.list.issues
                setNext(page.next)
                loadMoreIfNear()
            case let .failed(error): paging = .failed(error)
            case .idle, .loading: break
            }
        }
    }
}
