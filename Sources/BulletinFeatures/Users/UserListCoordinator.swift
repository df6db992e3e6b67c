import BulletinData
import MVVMC

/// Runs the user-browsing flow: User List → user detail → post detail.
///
/// Pushed entries own this coordinator (see ``FlowCoordinator``); the flow has no result.
@MainActor
public final class UserListCoordinator: FlowCoordinator {
    public typealias Route = UserListRoute

    public unowned let stack: NavigationStack<any ScreenViewModel>
    private let source: any DataSource
    private let editing: EditingService?

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: Where users, posts and comments come from.
    ///   - editing: Where the screens' `a`, `e`, `d` and `u` go; `nil`: no editing.
    public init(stack: NavigationStack<any ScreenViewModel>, source: any DataSource, editing: EditingService? = nil) {
        self.stack = stack
        self.source = source
        self.editing = editing
    }

    public var firstRoute: UserListRoute { .list }

    public func request(for route: UserListRoute) -> NavigationRequest<any ScreenViewModel> {
        switch route {
        case .list:
            let model = UserListViewModel(source: source, router: router)
            model.editor = editing?.router
            return model.request(title: "Users", link: route.link, owner: self)
        case let .user(id):
            let model = UserDetailViewModel(userID: id, source: source, router: router)
            model.editor = editing?.router
            return model.request(title: "User \(id)", link: route.link, owner: self)
        case let .post(id, _):
            let model = PostDetailViewModel(postID: id, source: source)
            model.editor = editing?.router
            return model.request(title: "Post \(id)", link: route.link, owner: self)
        }
    }
}
