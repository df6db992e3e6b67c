import BulletinData
import MVVMC

/// Runs the posts flow: Posts (every post) → post detail.
///
/// Owned by the entries it pushed, like every ``FlowCoordinator``; the flow has no result.
@MainActor
public final class PostsCoordinator: FlowCoordinator {
    public typealias Route = PostsRoute

    private let context: FlowContext

    /// - Parameter context: The stack, the source and where a post's `e`, `a` and `u` go.
    public init(_ context: FlowContext) { self.context = context }

    /// The app's navigation stack, from the context.
    public var stack: NavigationStack<any ScreenViewModel> { context.stack }
    /// The flow starts on its list.
    public var firstRoute: PostsRoute { .list }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: PostsRoute) -> NavigationRequest<any ScreenViewModel> {
        switch route {
        case .list:
            let model = PostListViewModel(source: context.source, router: router)
            model.editor = context.editing?.editor
            return model.request(title: context.source.vocabulary.posts.title, link: route.link, owner: self)
        case let .post(id):
            let model = PostDetailViewModel(postID: id, source: context.source)
            model.editor = context.editing?.editor
            return model.request(title: "\(context.source.vocabulary.posts.singularTitle) \(id)", link: route.link, owner: self)
        }
    }
}
