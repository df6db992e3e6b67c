import BulletinData
import MVVMC
import Observation
import ViewState

/// The user detail screen: the profile above the user's lists (``UserDetailLists``: their
/// posts, and where the source has them their albums and todos), each the one list model.
@MainActor
@Observable
public final class UserDetailViewModel: ListScreenViewModel, LoadingScreen {
    /// A column of a user's posts list (``BulletinFeatures/PostColumn``).
    public typealias PostColumn = BulletinFeatures.PostColumn

    // MARK: - Properties

    public let userID: RecordID
    /// The user's load and reload (``ScreenLoad``); the lists load beside it.
    public let loader = ScreenLoad<User>()
    /// The posts list's columns, left to right (``PostColumn/columns(for:)``).
    public let postColumns: [PostColumn]
    @ObservationIgnored private let source: any DataSource
    /// Where `a`, `e`, `d` and `u` send their requests (set by the coordinator); `nil`: no editing.
    @ObservationIgnored public var editor: Editor?
    /// The posts, albums and todos, and which list the screen shows (``UserDetailLists``).
    public let lists: UserDetailLists

    // MARK: - Init

    public init(userID: RecordID, source: any DataSource, router: Router<UserListRoute>) {
        self.userID = userID
        self.source = source
        postColumns = PostColumn.columns(for: source)
        lists = UserDetailLists(userID: userID, source: source, openPost: { post in router.go(.post(id: post.id, userID: userID)) },
                                open: { album in router.go(.album(id: album.id, userID: userID)) })
    }

    // MARK: - Presentation

    /// The posts list (the one `a`, `e`, `d` and `u` act on).
    public var list: RecordListModel<Post> { lists.posts }

    /// The source's words: `posts`, `repositories` on GitHub, `meals` on TheMealDB.
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// The user's name once loaded, `User 3` before (`Category Dessert` on TheMealDB).
    public var title: String { state.value?.name ?? "\(vocabulary.users.singularTitle) \(userID)" }

    /// The profile, one labelled line per field in the source's words (``RecordFields``);
    /// missing fields show `—`.
    public var profile: [DetailField] {
        guard let user = state.value else { return [] }
        return RecordFields.profile(of: user)
    }

    /// The user's posts (empty until loaded).
    public var posts: [Post] { list.rows }

    /// The heading above the posts, such as `Posts (10)` (`Repositories (12)` on GitHub).
    public var postsHeading: String { list.heading }

    /// The text of the posts list's cell at display position `row` in `column` (shown or not).
    public func postCell(row: Int, column: PostColumn) -> String {
        post(at: row).map { PostColumn.text(of: $0, column: column) } ?? ""
    }

    /// What could not be loaded of the user's posts while the rest is shown (a later page of
    /// repositories that failed, or where Bulletin stopped): `only part read: repositories of
    /// mojombo after page 1 (HTTP 500 from …)`; `nil` when everything was read.
    public var postsNote: String? { RecordIssue.summary(of: list.issues) }

    /// The post shown at display position `row`, if any.
    func post(at row: Int) -> Post? { list.row(at: row) }

    // MARK: - Intents

    /// Loads the user and their lists (`r` retries). What is shown stays during a reload, and a
    /// failed reload keeps it and says why (``reloadError``); only a first load of the user that
    /// fails shows the error screen (a list that fails says so in its tab).
    public func reload() {
        lists.reload()
        loader.reload({ [source, userID] () async throws(DataError) in try await source.user(id: userID) }, value: { $0 })
    }

    /// The screen left the stack: the loads in flight are cancelled and their results dropped.
    public func stop() {
        loader.stop()
        lists.stop()
    }

    /// Loads and waits for the result.
    public func load() async {
        reload()
        await loader.wait()
        await lists.wait()
    }

    /// `:7` or `7` then Enter: selects the record with id `id` in the list shown, or says it is not there.
    public func goTo(id: String) {
        switch lists.active {
        case .posts: list.goTo(id: id)
        case .albums: lists.albums?.goTo(id: id)
        case .todos: lists.todos?.goTo(id: id)
        }
    }
}
