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

    // MARK: - Properties

    private unowned let stack: NavigationStack<Destination>
    private let source: any DataSource
    private let finish: FinishHandler<Never>

    // MARK: - Init

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: Where users, posts and comments come from.
    ///   - onFinish: Called once when the flow ends.
    public init(
        stack: NavigationStack<Destination>, source: any DataSource,
        onFinish: @escaping @MainActor (CoordinatorResult<Never>) -> Void
    ) {
        self.stack = stack
        self.source = source
        self.finish = FinishHandler(onFinish)
    }

    // MARK: - Coordinator

    public func start() { navigate(to: .list) }

    public func navigate(to route: UserListRoute) {
        let router = Router<UserListRoute> { [weak self] in self?.navigate(to: $0) }
        switch route {
        case .list:
            let model = UserListViewModel(source: source, router: router)
            stack.push(.userList(model), title: "Users", owner: self) { [finish] in finish.finish(.cancelled) }
            model.start()
        case let .user(id):
            let model = UserDetailViewModel(userID: id, source: source, router: router)
            stack.push(.userDetail(model), title: "User \(id)", owner: self)
            model.start()
        case let .post(id):
            let model = PostDetailViewModel(postID: id, source: source)
            stack.push(.postDetail(model), title: "Post \(id)", owner: self)
            model.start()
        }
    }
}
