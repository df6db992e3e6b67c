import BulletinData
import MVVMC

/// Runs the search flow: Search → a result's post (or, on a source with its own search, a
/// result's user). Back from the post returns to the same
/// Search screen, its query and selection kept (the view model stays on the stack).
///
/// Owned by the entries it pushed, like every ``FlowCoordinator``; the flow has no result.
@MainActor
public final class SearchCoordinator: FlowCoordinator {
    public typealias Route = SearchRoute

    private let context: FlowContext
    private let query: String

    /// - Parameters:
    ///   - context: The stack, the source and where edits go (a post opened from a result is
    ///     edited as from its user's screen).
    ///   - query: The query the Search screen starts with.
    public init(_ context: FlowContext, query: String = "") {
        self.context = context
        self.query = query
    }

    /// The app's navigation stack, from the context.
    public var stack: NavigationStack<any ScreenViewModel> { context.stack }
    /// The flow starts on the Search screen with the query it was given.
    public var firstRoute: SearchRoute { .results(query: query) }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: SearchRoute) -> NavigationRequest<any ScreenViewModel> {
        switch route {
        case let .results(query):
            return SearchViewModel(query: query, source: context.source, router: router)
                .request(title: "Search", link: route.link, owner: self)
        case let .post(id, focus):
            let model = PostDetailViewModel(postID: id, source: context.source)
            model.focus = focus.map(PostFocus.init)
            model.editor = context.editing?.editor
            return model.request(
                title: "\(context.source.vocabulary.posts.singularTitle) \(id)", link: route.link, owner: self)
        case let .user(id):
            // The user's screen belongs to a Users flow of its own (owned by its entry), so
            // Enter on one of the user's posts opens it as from the Users list.
            return UserListCoordinator(context).request(for: .user(id: id))
        }
    }
}
