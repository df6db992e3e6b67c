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
public final class UserDetailViewModel: FindableScreen, FindableList, LoadingScreen {
    // MARK: - Properties

    public let userID: RecordID
    /// The user and their posts, loaded and reloaded together (``ScreenLoad``).
    public let loader = ScreenLoad<UserDetail>()
    /// The posts list's columns, left to right (``PostColumn/columns(for:)``).
    public let postColumns: [PostColumn]
    /// The posts list's filter, sort and jump state; posts show in `find.finder.order` (the
    /// selection in the posts list is the finder's).
    public let find: FindBar
    /// The parts of the user's posts that could not be loaded (``postsNote``).
    public private(set) var postIssues: [RecordIssue] = []
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let router: Router<UserListRoute>
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
            columns: postColumns.map(\.declaration),
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

    /// The user's posts (empty until loaded).
    public var posts: [Post] { state.value?.posts ?? [] }
    /// The user's posts, as the posts list's rows.
    public var rows: [Post] { posts }

    /// The heading above the posts, such as `Posts (10)` (`Repositories (12)` on GitHub).
    public var postsHeading: String { "\(vocabulary.posts.title) (\(posts.count))" }

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
    func post(at row: Int) -> Post? { self.row(at: row) }

    /// A column the posts list can show; which ones it shows depends on the source
    /// (``columns(for:)``).
    public enum PostColumn: CaseIterable, Sendable {
        case id, title
        /// A GitHub repository's name, language, stars, forks, last update and flags (fork, archived).
        case name, language, stars, forks, updated, flags

        /// The column as data: its title, value type (alignment and sort follow) and width policy.
        public var declaration: ListColumn {
            switch self {
            case .id: .id
            case .title: .title
            case .name: ListColumn("Name", width: ColumnWidth(min: 10, max: 60))
            case .language: ListColumn("Language", width: ColumnWidth(min: 8, max: 20))
            case .stars: ListColumn("★", .integer, width: ColumnWidth(min: 3, max: 8))
            case .forks: ListColumn("Forks", .integer, width: ColumnWidth(min: 5, max: 8))
            case .updated: ListColumn("Updated", .dateTime)
            case .flags: ListColumn("Flags", width: ColumnWidth(min: 5, max: 16))
            }
        }

        /// The column's header text.
        public var title: String { declaration.title }

        /// JSONPlaceholder's columns: id and title.
        public static let standard: [PostColumn] = [.id, .title]
        /// TheMealDB's meals: id and the meal's name (`strMeal`), headed `Name`.
        public static let meals: [PostColumn] = [.id, .name]
        /// A GitHub user's repositories: name, language, ★, forks, updated, flags.
        public static let github: [PostColumn] = [.name, .language, .stars, .forks, .updated, .flags]

        /// The columns for `source`'s posts, as its declaration's ``SourceDeclaration/postShape``
        /// says: ``github`` for repositories, ``meals`` for meals, ``standard`` for articles.
        public static func columns(for source: any DataSource) -> [PostColumn] {
            switch source.descriptor.kind.declaration.postShape {
            case .repository: github
            case .meal: meals
            case .article: standard
            }
        }
    }

    // MARK: - Intents

    /// Loads the user and their posts together (`r` retries). What is shown stays during a
    /// reload, and a failed reload keeps it and says why (``reloadError``); only a first load
    /// that fails shows the error screen.
    public func reload() {
        lists.reload()
        loader.reload({ [source, userID] () async throws(DataError) in
            async let user = attempt { () async throws(DataError) in try await source.user(id: userID) }
            async let posts = attempt { () async throws(DataError) in try await source.postList(userID: userID) }
            let loadedUser = try await user.get()  // the user's error first, as before
            let list = try await posts.get()
            return (UserDetail(user: loadedUser, posts: list.records), list.issues)
        }, value: { $0.0 }) { [weak self] loaded in
            guard let self, loaded != nil || state.error != nil else { return }
            postIssues = loaded?.1 ?? []
            let columns = postColumns
            index(posts, text: { post, column in Self.text(of: post, column: columns[column]) }, id: { $0.id })
        }
    }

    /// The screen left the stack: the load in flight is cancelled and its result dropped.
    public func stop() {
        loader.stop()
        lists.stop()
    }

    /// Loads and waits for the result.
    public func load() async {
        reload()
        await loader.wait()
        await find.finder.waitUntilIdle()
        await lists.wait()
    }

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
