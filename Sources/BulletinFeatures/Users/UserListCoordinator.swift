import BulletinData
import MVVMC

/// Runs the user-browsing flow: User List → user detail → post detail.
///
/// Pushed entries own this coordinator (see ``FlowCoordinator``); the flow has no result.
@MainActor
public final class UserListCoordinator: FlowCoordinator {
    public typealias Route = UserListRoute

    private let context: FlowContext

    /// - Parameter context: The stack, the source and where edits go.
    public init(_ context: FlowContext) { self.context = context }

    /// The app's navigation stack, from the context.
    public var stack: NavigationStack<any ScreenViewModel> { context.stack }
    /// The flow starts on its list.
    public var firstRoute: UserListRoute { .list }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: UserListRoute) -> NavigationRequest<any ScreenViewModel> {
        let (source, editor) = (context.source, context.editing?.editor)
        switch route {
        case .list:
            let model = UserListViewModel(source: source, router: router)
            model.editor = editor
            return model.request(title: "Users", link: route.link, owner: self)
        case let .user(id):
            let model = UserDetailViewModel(userID: id, source: source, router: router)
            model.editor = editor
            return model.request(title: "User \(id)", link: route.link, owner: self)
        case let .post(id, _):
            let model = PostDetailViewModel(postID: id, source: source)
            model.editor = editor
            return model.request(title: "Post \(id)", link: route.link, owner: self)
        }
    }
}
