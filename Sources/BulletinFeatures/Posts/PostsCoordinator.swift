import BulletinData
import MVVMC

/// Runs the posts flow: Posts (every post) → post detail.
///
/// Owned by the entries it pushed, like every child coordinator; reports `.cancelled` once
/// when its first screen leaves the stack.
@MainActor
public final class PostsCoordinator: Coordinator {
    public typealias Route = PostsRoute
    public typealias Output = Never

    private unowned let stack: NavigationStack<Destination>
    private let source: any DataSource
    private let finish: FinishHandler<Never>
    private let editing: EditingCoordinator?

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: Where posts and their authors come from.
    ///   - editing: Where a post's `e`, `a` and `u` go; `nil`: no editing.
    ///   - onFinish: Called once when the flow ends.
    public init(
        stack: NavigationStack<Destination>, source: any DataSource, editing: EditingCoordinator? = nil,
        onFinish: @escaping @MainActor (CoordinatorResult<Never>) -> Void
    ) {
        self.stack = stack
        self.source = source
        self.editing = editing
        self.finish = FinishHandler(onFinish)
    }

    public func start() { navigate(to: .list) }

    /// Pushes the route's screen unless the top already shows it.
    public func navigate(to route: PostsRoute) { stack.show(request(for: route)) }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: PostsRoute) -> NavigationRequest<Destination> {
        switch route {
        case .list:
            let router = Router<PostsRoute> { [weak self] in self?.navigate(to: $0) }
            let model = PostListViewModel(source: source, router: router)
            return Destination.postList(model).request(title: "Posts", link: route.link, owner: self) { [finish] in
                finish.finish(.cancelled)
            }
        case let .post(id):
            let model = PostDetailViewModel(postID: id, source: source)
            model.editor = editing?.router
            return Destination.postDetail(model).request(title: "Post \(id)", link: route.link, owner: self)
        }
    }
}
