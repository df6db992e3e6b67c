import BulletinData
import MVVMC

/// Runs the user-browsing flow: User List → user detail → post detail.
///
/// Pushed entries own this coordinator, so it lives exactly as long as one of its screens
/// is on the stack. When its first screen (the list) leaves the stack, the flow ends and
/// the parent hears `.cancelled` once.
@MainActor
public final class UserListCoordinator: Coordinator {
    public typealias Route = UserListRoute
    public typealias Output = Never

    // MARK: - Properties

    private unowned let stack: NavigationStack<Destination>
    private let source: any DataSource
    private let finish: FinishHandler<Never>
    private let editing: EditingCoordinator?

    // MARK: - Init

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: Where users, posts and comments come from.
    ///   - editing: Where the screens' `a`, `e`, `d` and `u` go; `nil`: no editing.
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

    // MARK: - Coordinator

    public func start() { navigate(to: .list) }

    /// Pushes the route's screen unless the top already shows it.
    public func navigate(to route: UserListRoute) { stack.show(request(for: route)) }

    /// The stack entry for `route`, with a fresh view model (not started): one exhaustive
    /// switch, used by `navigate(to:)` and by deep links, which set the whole stack at once.
    public func request(for route: UserListRoute) -> NavigationRequest<Destination> {
        let router = Router<UserListRoute> { [weak self] in self?.navigate(to: $0) }
        switch route {
        case .list:
            let model = UserListViewModel(source: source, router: router)
            model.editor = editing?.router
            return Destination.userList(model).request(title: "Users", link: route.link, owner: self) { [finish] in
                finish.finish(.cancelled)
            }
        case let .user(id):
            let model = UserDetailViewModel(userID: id, source: source, router: router)
            model.editor = editing?.router
            return Destination.userDetail(model).request(title: "User \(id)", link: route.link, owner: self)
        case let .post(id, _):
            let model = PostDetailViewModel(postID: id, source: source)
            model.editor = editing?.router
            return Destination.postDetail(model).request(title: "Post \(id)", link: route.link, owner: self)
        }
    }
}
