import BulletinData
import MVVMC
import Observation
import ViewState

/// The Home screen: a menu of where to go.
@MainActor
@Observable
public final class HomeViewModel: ScreenViewModel {
    /// The menu's entries, in order.
    public enum Item: CaseIterable, Sendable {
        case users, posts, search, adminPanel, quit

        /// The entry's text in JSONPlaceholder's words (``HomeViewModel/title(of:)`` gives
        /// the source's).
        public var title: String {
            switch self {
            case .users: "Users"
            case .posts: "Posts"
            case .search: "Search"
            case .adminPanel: "Admin panel"
            case .quit: "Quit"
            }
        }

        /// A short explanation shown beside the entry, in JSONPlaceholder's words
        /// (``HomeViewModel/subtitle(of:)`` gives the source's).
        public var subtitle: String {
            switch self {
            case .users: "Browse users, their posts and the posts' comments"
            case .posts: "Every post, with its author"
            case .search: "Find text in every post and comment"
            case .adminPanel: "Where the data comes from and what it holds"
            case .quit: "Leave Bulletin"
            }
        }
    }

    // MARK: - Properties

    /// The entries this source offers: no Posts where it has no list of every post (GitHub,
    /// TheMealDB).
    public let items: [Item]
    public var selection = ListState()
    @ObservationIgnored private let router: Router<AppRoute>
    /// Labels the data source in the Home screen's subtitle, such as `embedded data set`.
    public let sourceLabel: String
    /// The source's words for the entries (`Users`, `Categories`, …).
    public let vocabulary: SourceVocabulary

    /// `Home`.
    public var title: String { "Home" }

    /// The line under the menu for someone new: where the data comes from and how to see the
    /// keys, such as `Embedded data set · ? for keys` or `REST API http://127.0.0.1:3101 · ? for keys`
    /// (``sourceName``, then ``helpHint``).
    public var helpLine: String { sourceName + " · " + Self.helpHint }

    /// ``sourceLabel`` as the start of a line: with a capital first letter (`Embedded data set`).
    public var sourceName: String { sourceLabel.prefix(1).uppercased() + sourceLabel.dropFirst() }

    /// The end of ``helpLine`` that is always shown: `? for keys` (`?` opens the key help everywhere).
    public static let helpHint = "? for keys"

    // MARK: - Init

    /// - Parameters:
    ///   - sourceLabel: The source as the subtitle names it (`embedded data set`).
    ///   - vocabulary: The source's words; decides the entries and their names.
    ///   - router: Where the entries go.
    public init(sourceLabel: String, vocabulary: SourceVocabulary = .jsonPlaceholder, router: Router<AppRoute>) {
        self.sourceLabel = sourceLabel
        self.vocabulary = vocabulary
        self.items = Item.allCases.filter { $0 != .posts || vocabulary.hasAllPostsList }
        self.router = router
    }

    // MARK: - Presentation

    /// `item`'s text in the source's words: `Users`, `Categories`, `Posts`.
    public func title(of item: Item) -> String {
        switch item {
        case .users: vocabulary.users.title
        case .posts: vocabulary.posts.title
        default: item.title
        }
    }

    /// `item`'s explanation in the source's words: `Browse categories and their meals`.
    public func subtitle(of item: Item) -> String {
        switch item {
        case .users: vocabulary.browseSubtitle
        case .posts: vocabulary.allPostsSubtitle
        case .search: vocabulary.searchSubtitle
        default: item.subtitle
        }
    }

    // MARK: - Intents

    /// The user moved the selection by `delta` rows.
    public func moveSelection(by delta: Int) { selection.move(by: delta, count: items.count) }

    /// Home (or Page Up: the menu is one page): the first entry.
    public func selectFirst() { selection.home(count: items.count) }

    /// End (or Page Down): the last entry.
    public func selectLast() { selection.end(count: items.count) }

    /// `s` (or Enter on Search): the Search screen, with an empty query.
    public func openSearch() { router.go(.search(query: "")) }

    /// The user pressed Enter on the selected entry.
    public func openSelected() {
        switch items[selection.selected] {
        case .users: router.go(.users)
        case .posts: router.go(.posts)
        case .search: openSearch()
        case .adminPanel: router.go(.admin)
        case .quit: router.go(.quit)
        }
    }
}
