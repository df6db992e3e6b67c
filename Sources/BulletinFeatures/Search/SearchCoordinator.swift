import BulletinData
import MVVMC

/// Runs the search flow: Search → a result's post. Back from the post returns to the same
/// Search screen, its query and selection kept (the view model stays on the stack).
///
/// Owned by the entries it pushed; reports `.cancelled` once when the Search screen leaves the stack.
@MainActor
public final class SearchCoordinator: Coordinator {
    public typealias Route = SearchRoute
    public typealias Output = Never

    private unowned let stack: NavigationStack<Destination>
    private let source: any DataSource
    private let query: String
    private let finish: FinishHandler<Never>

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: Where posts and comments come from.
    ///   - query: The query the Search screen starts with.
    ///   - onFinish: Called once when the flow ends.
    public init(
        stack: NavigationStack<Destination>, source: any DataSource, query: String = "",
        onFinish: @escaping @MainActor (CoordinatorResult<Never>) -> Void
    ) {
        self.stack = stack
        self.source = source
        self.query = query
        self.finish = FinishHandler(onFinish)
    }

    public func start() { navigate(to: .results(query: query)) }

    /// Pushes the route's screen unless the top already shows it.
    public func navigate(to route: SearchRoute) { stack.show(request(for: route)) }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: SearchRoute) -> NavigationRequest<Destination> {
        switch route {
        case let .results(query):
            let router = Router<SearchRoute> { [weak self] in self?.navigate(to: $0) }
            let model = SearchViewModel(query: query, source: source, router: router)
            return Destination.search(model).request(title: "Search", link: route.link, owner: self) { [finish] in
                finish.finish(.cancelled)
            }
        case let .post(id):
            let model = PostDetailViewModel(postID: id, source: source)
            return Destination.postDetail(model).request(title: "Post \(id)", link: route.link, owner: self)
        }
    }
}
