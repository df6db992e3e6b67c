import BulletinData
import MVVMC
import Observation
import ViewState

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
public final class UserDetailViewModel: FindableScreen {
    // MARK: - Properties

    public let userID: RecordID
    public private(set) var state: LoadState<UserDetail> = .idle
    /// The posts list's columns, left to right (``PostColumn/columns(for:)``).
    public let postColumns: [PostColumn]
    /// The posts list's filter, sort and jump state; posts show in `find.finder.order`.
    public let find: FindBar
    /// The selected display position in the posts list (the finder's).
    public var selection: ListState {
        get { find.finder.selection }
        set { find.finder.selection = newValue }
    }
    /// Whether a reload (`r`) is on its way while the profile and posts loaded before stay shown.
    public private(set) var isReloading = false
    /// Why the last reload failed, while what was loaded before stays shown; `nil` after a
    /// reload that worked.
    public private(set) var reloadError: DataError?
    /// The status line's words for ``reloadError`` (`Not reloaded: HTTP 500 from … (showing what
    /// was loaded before)`), or `nil`.
    public var reloadFailureText: String? { reloadError.map(Display.reloadFailed) }
    /// The parts of the user's posts that could not be loaded (``postsNote``).
    public private(set) var postIssues: [RecordIssue] = []
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<UserListRoute>
    @ObservationIgnored private let runner = LoadRunner()
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Editor?
    /// The albums and todos beside the posts, and which list the screen shows (``UserDetailLists``).
    public let lists: UserDetailLists

    // MARK: - Init

    public init(userID: RecordID, source: any DataSource, router: Router<UserListRoute>) {
        self.userID = userID
        self.source = source
        self.router = router
        postColumns = PostColumn.columns(for: source)
        find = FindBar(
            columns: postColumns.map { ListFinder.Column($0.title, numeric: $0 == .id) },
            noun: source.vocabulary.posts.singular)
        lists = UserDetailLists(userID: userID, source: source) { album in router.go(.album(id: album.id, userID: userID)) }
    }

    // MARK: - Presentation

    /// The source's words: `posts`, `repositories` on GitHub, `meals` on TheMealDB.
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// The user's name once loaded, `User 3` before (`Category Dessert` on TheMealDB).
    public var title: String { state.value?.user.name ?? "\(vocabulary.users.singularTitle) \(userID)" }

    /// The profile, one labelled line per field in the source's words (``RecordFields``);
    /// missing fields show `—`.
    public var profile: [DetailField] {
        guard let user = state.value?.user else { return [] }
        return RecordFields.profile(of: user)
    }

    /// Columns the posts' ID column needs to show the loaded ids whole (4 to 12).
    public private(set) var idWidth = 4

    /// The user's posts (empty until loaded).
    public var posts: [Post] { state.value?.posts ?? [] }

    /// The heading above the posts, such as `Posts (10)` (`Repositories (12)` on GitHub).
    public var postsHeading: String { "\(vocabulary.posts.title) (\(posts.count))" }

    /// How many posts the list shows (all, or those passing the filter).
    public var rowCount: Int { find.finder.order.count }

    /// The text of the posts list's cell at display position `row`: `id` and `title` columns.
    public func postCell(row: Int, column: PostColumn) -> String {
        guard let post = post(at: row) else { return "" }
        return Self.text(of: post, column: column)
    }

    /// The text `post` shows in `column` (what the filter matches); a repository's updated
    /// column is the day (`2024-05-01`), its flags `fork`, `archived` or both.
    nonisolated static func text(of post: Post, column: PostColumn) -> String {
        switch column {
        case .id: return post.id.text
        case .title, .name: return post.title
        case .language, .stars, .forks, .updated, .flags:
            guard case let .github(repository) = post.details else { return Display.missing }
            return repositoryText(of: repository, column: column)
        }
    }

    private nonisolated static func repositoryText(of repository: GitHubRepositoryDetails, column: PostColumn) -> String {
        switch column {
        case .language: Display.text(repository.language)
        case .stars: GitHubText.count(repository.stars)
        case .forks: GitHubText.count(repository.forks)
        case .updated: GitHubText.day(repository.updatedAt)
        default: GitHubText.flags(repository) ?? ""
        }
    }

    /// What could not be loaded of the user's posts while the rest is shown (a later page of
    /// repositories that failed, or where Bulletin stopped): `only part read: repositories of
    /// mojombo after page 1 (HTTP 500 from …)`; `nil` when everything was read.
    public var postsNote: String? { RecordIssue.summary(of: postIssues) }

    /// The post shown at display position `row`, if any.
    func post(at row: Int) -> Post? {
        let order = find.finder.order
        guard order.indices.contains(row), posts.indices.contains(order[row]) else { return nil }
        return posts[order[row]]
    }

    /// A column the posts list can show; which ones it shows depends on the source
    /// (``columns(for:)``).
    public enum PostColumn: CaseIterable, Sendable {
        case id, title
        /// A GitHub repository's name, language, stars, forks, last update and flags (fork, archived).
        case name, language, stars, forks, updated, flags

        /// The column's header text.
        public var title: String {
            switch self {
            case .id: "ID"
            case .title: "Title"
            case .name: "Name"
            case .language: "Language"
            case .stars: "★"
            case .forks: "Forks"
            case .updated: "Updated"
            case .flags: "Flags"
            }
        }

        /// JSONPlaceholder's columns: id and title.
        public static let standard: [PostColumn] = [.id, .title]
        /// A GitHub user's repositories: name, language, ★, forks, updated, flags.
        public static let github: [PostColumn] = [.name, .language, .stars, .forks, .updated, .flags]

        /// The columns for `source`'s posts, chosen by its kind: ``github`` on GitHub, ``standard`` elsewhere.
        public static func columns(for source: any DataSource) -> [PostColumn] {
            source.descriptor.kind == .github ? github : standard
        }
    }

    // MARK: - Intents

    /// Whether the user and their posts are still loading.
    public var isLoading: Bool { state.isLoading }

    /// The screen appeared: load unless already loaded or loading.
    public func start() {
        if case .idle = state { reload() }
    }

    /// Loads the user and their posts together (`r` retries). What is shown stays during a
    /// reload, and a failed reload keeps it and says why (``reloadError``); only a first load
    /// that fails shows the error screen.
    public func reload() {
        let reloading = !state.isIdle
        let keepsRows = state.value != nil
        if keepsRows { isReloading = true } else { state = .loading }
        lists.reload()
        runner.run(reloading: reloading, { [source, userID] () async throws(DataError) in
            async let user = attempt { () async throws(DataError) in try await source.user(id: userID) }
            async let posts = attempt { () async throws(DataError) in try await source.postList(userID: userID) }
            let loadedUser = try await user.get()  // the user's error first, as before
            let list = try await posts.get()
            return (UserDetail(user: loadedUser, posts: list.records), list.issues)
        }) { [weak self] outcome in
            guard let self else { return }
            isReloading = false
            if keepsRows, let error = outcome.error {
                reloadError = error
                return
            }
            reloadError = nil
            state = outcome.map(\.0)
            postIssues = outcome.value?.1 ?? []
            let posts = posts
            let columns = postColumns
            idWidth = Display.idWidth(posts.lazy.map(\.id))
            find.finder.setRows(count: posts.count, text: { row, column in
                Self.text(of: posts[row], column: columns[column])
            }, id: { posts[$0].id.text })
        }
    }

    /// The screen left the stack: the load in flight is cancelled and its result dropped.
    public func stop() {
        runner.cancel()
        lists.stop()
        isReloading = false
    }

    /// Loads and waits for the result.
    public func load() async {
        reload()
        await runner.wait()
        await find.finder.waitUntilIdle()
        await lists.wait()
    }

    public func moveSelection(by delta: Int) { selection.move(by: delta, count: rowCount) }
    public func selectFirst() { selection.home(count: rowCount) }
    public func selectLast() { selection.end(count: rowCount) }

    /// The user pressed Enter on the selected post.
    public func openSelected() {
        guard let post = post(at: selection.selected) else { return }
        router.go(.post(id: post.id, userID: userID))
    }

    /// `:7` or `7` then Enter: selects this user's post with id `id`, or says it is not there.
    public func goTo(id: String) {
        switch lists.active {
        case .posts: find.jump(toID: id)
        case .albums: lists.albums?.goTo(id: id)
        case .todos: lists.todos?.goTo(id: id)
        }
    }
}
