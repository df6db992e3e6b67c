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

    // MARK: - Properties

    public private(set) var state: LoadState<[User]> = .idle
    public var selection = ListSelection()
    /// Users the last load skipped or read with a field blanked; empty when every record was read.
    public private(set) var issues: [RecordIssue] = []
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<UserListRoute>
    @ObservationIgnored private let runner = LoadRunner()

    // MARK: - Init

    public init(source: any DataSource, router: Router<UserListRoute>) {
        self.source = source
        self.router = router
    }

    // MARK: - Presentation

    /// The loaded users (empty until loaded).
    public var users: [User] { state.value ?? [] }

    /// How many rows the table has.
    public var rowCount: Int { users.count }

    /// The text of one cell; missing optional fields show as `—`.
    public func cell(row: Int, column: Column) -> String {
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
            [Display.count(users.count, "user", "users"), RecordIssue.summary(of: issues)]
                .compactMap { $0 }.joined(separator: " · ")
        case .failed: "Failed to load users"
        }
    }

    // MARK: - Intents

    /// The screen appeared: load unless already loaded or loading.
    public func start() {
        if case .idle = state { reload() }
    }

    /// The user asked to load again (`r`), or the screen first appeared.
    public func reload() {
        let reloading = !state.isIdle
        state = .loading
        runner.run(reloading: reloading, { [source] () async throws(DataError) in try await source.userList() }) { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case let .loaded(list):
                issues = list.issues
                state = .loaded(list.records)
            case let .failed(error): state = .failed(error)
            case .idle, .loading: break
            }
            selection.clamp(count: users.count)
        }
    }

    /// Loads and waits for the result (tests and deep links).
    public func load() async {
        reload()
        await runner.wait()
    }

    /// The user moved the selection by `delta` rows (PageUp/PageDown pass the page size).
    public func moveSelection(by delta: Int) { selection.move(by: delta, count: rowCount) }

    /// Home key.
    public func selectFirst() { selection.moveToFirst() }

    /// End key.
    public func selectLast() { selection.moveToLast(count: rowCount) }

    /// The user pressed Enter on the selected user.
    public func openSelected() {
        guard users.indices.contains(selection.index) else { return }
        router.go(.user(id: users[selection.index].id))
    }
}
