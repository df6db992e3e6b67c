import BulletinData
import MVVMC

/// Runs the search flow: Search → a result's post. Back from the post returns to the same
/// Search screen, its query and selection kept (the view model stays on the stack).
///
/// Owned by the entries it pushed, like every ``FlowCoordinator``; the flow has no result.
@MainActor
public final class SearchCoordinator: FlowCoordinator {
    public typealias Route = SearchRoute

    public unowned let stack: NavigationStack<any ScreenViewModel>
    private let source: any DataSource
    private let query: String

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: Where posts and comments come from.
    ///   - query: The query the Search screen starts with.
    public init(stack: NavigationStack<any ScreenViewModel>, source: any DataSource, query: String = "") {
        self.stack = stack
        self.source = source
        self.query = query
    }

    public var firstRoute: SearchRoute { .results(query: query) }

    public func request(for route: SearchRoute) -> NavigationRequest<any ScreenViewModel> {
        switch route {
        case let .results(query):
            SearchViewModel(query: query, source: source, router: router).request(title: "Search", link: route.link, owner: self)
        case let .post(id):
            PostDetailViewModel(postID: id, source: source).request(title: "Post \(id)", link: route.link, owner: self)
        }
    }
}
