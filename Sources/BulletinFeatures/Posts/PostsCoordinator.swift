import BulletinData
import MVVMC

/// Runs the posts flow: Posts (every post) → post detail.
///
/// Owned by the entries it pushed, like every ``FlowCoordinator``; the flow has no result.
@MainActor
public final class PostsCoordinator: FlowCoordinator {
    public typealias Route = PostsRoute

    public unowned let stack: NavigationStack<any ScreenViewModel>
    private let source: any DataSource
    private let editing: EditingService?

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: Where posts and their authors come from.
    ///   - editing: Where a post's `e`, `a` and `u` go; `nil`: no editing.
    public init(stack: NavigationStack<any ScreenViewModel>, source: any DataSource, editing: EditingService? = nil) {
        self.stack = stack
        self.source = source
        self.editing = editing
    }

    public var firstRoute: PostsRoute { .list }

    public func request(for route: PostsRoute) -> NavigationRequest<any ScreenViewModel> {
        switch route {
        case .list:
            return PostListViewModel(source: source, router: router).request(title: "Posts", link: route.link, owner: self)
        case let .post(id):
            let model = PostDetailViewModel(postID: id, source: source)
            model.editor = editing?.router
            return model.request(title: "Post \(id)", link: route.link, owner: self)
        }
    }
}
