import BulletinData
import MVVMC
import Observation

/// A user's profile and their posts, loaded together.
public struct UserDetail: Sendable, Equatable {
    public var user: User
    public var posts: [Post]

    public init(user: User, posts: [Post]) {
        self.user = user
        self.posts = posts
    }
}

/// The user detail screen: the profile above the list of the user's posts.
@MainActor
@Observable
public final class UserDetailViewModel {
    // MARK: - Properties

    public let userID: RecordID
    public private(set) var state: LoadState<UserDetail> = .idle
    /// The selected post.
    public var selection = ListSelection()
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<UserListRoute>
    @ObservationIgnored private let runner = LoadRunner()
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Router<EditRequest>?

    // MARK: - Init

    public init(userID: RecordID, source: any DataSource, router: Router<UserListRoute>) {
        self.userID = userID
        self.source = source
        self.router = router
    }

    // MARK: - Presentation

    /// The user's name once loaded, `User 3` before.
    public var title: String { state.value?.user.name ?? "User \(userID)" }

    /// The profile, one labelled line per field; missing fields show `—`.
    public var profile: [DetailField] {
        guard let user = state.value?.user else { return [] }
        let address = user.address
        let company = user.company
        return [
            DetailField("Name", user.name),
            DetailField("Username", user.username),
            DetailField("Email", Display.text(user.email)),
            DetailField("Phone", Display.text(user.phone)),
            DetailField("Website", Display.text(user.website)),
            DetailField(
                "Address",
                Display.joined([address?.street, address?.suite, address?.city, address?.zipcode])),
            DetailField("Company", Display.joined([company?.name, company?.catchPhrase], separator: " — ")),
        ]
    }

    /// The user's posts (empty until loaded).
    public var posts: [Post] { state.value?.posts ?? [] }

    /// The heading above the posts, such as `Posts (10)`.
    public var postsHeading: String { "Posts (\(posts.count))" }

    /// The text of one row of the posts list: `id` and `title` columns.
    public func postCell(row: Int, column: PostColumn) -> String {
        guard posts.indices.contains(row) else { return "" }
        switch column {
        case .id: return posts[row].id.text
        case .title: return posts[row].title
        }
    }

    /// The posts list's columns.
    public enum PostColumn: CaseIterable, Sendable {
        case id, title

        public var title: String {
            switch self {
            case .id: "ID"
            case .title: "Title"
            }
        }
    }

    // MARK: - Intents

    /// The screen appeared: load unless already loaded or loading.
    public func start() {
        if case .idle = state { reload() }
    }

    /// Loads the user and their posts together (`r` retries).
    public func reload() {
        let reloading = !state.isIdle
        state = .loading
        runner.run(reloading: reloading, { [source, userID] () async throws(DataError) in
            async let user = attempt { () async throws(DataError) in try await source.user(id: userID) }
            async let posts = attempt { () async throws(DataError) in try await source.posts(userID: userID) }
            return UserDetail(user: try await user.get(), posts: try await posts.get())
        }) { [weak self] outcome in
            self?.state = outcome
            self?.selection.clamp(count: outcome.value?.posts.count ?? 0)
        }
    }

    /// The screen left the stack: the load in flight is cancelled and its result dropped.
    public func cancelLoad() { runner.cancel() }

    /// Loads and waits for the result.
    public func load() async {
        reload()
        await runner.wait()
    }

    public func moveSelection(by delta: Int) { selection.move(by: delta, count: posts.count) }
    public func selectFirst() { selection.moveToFirst() }
    public func selectLast() { selection.moveToLast(count: posts.count) }

    /// The user pressed Enter on the selected post.
    public func openSelected() {
        guard posts.indices.contains(selection.index) else { return }
        router.go(.post(id: posts[selection.index].id, userID: userID))
    }
}
