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

        /// The entry's text.
        public var title: String {
            switch self {
            case .users: "Users"
            case .posts: "Posts"
            case .search: "Search"
            case .adminPanel: "Admin panel"
            case .quit: "Quit"
            }
        }

        /// A short explanation shown beside the entry.
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

    public let items = Item.allCases
    public var selection = ListState()
    @ObservationIgnored private let router: Router<AppRoute>
    /// Labels the data source in the Home screen's subtitle, such as `embedded data set`.
    public let sourceLabel: String

    /// `Home`.
    public var title: String { "Home" }

    // MARK: - Init

    public init(sourceLabel: String, router: Router<AppRoute>) {
        self.sourceLabel = sourceLabel
        self.router = router
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
