/// The top-level places the app can go, handled by ``AppCoordinator``.
public enum AppRoute: Sendable, Equatable {
    /// Back to the Home menu (pops everything above it).
    case home
    /// The user list flow, run by ``UserListCoordinator``.
    case users
    /// The posts flow, run by ``PostsCoordinator``.
    case posts
    /// The Admin panel flow, run by ``AdminPanelCoordinator``.
    case admin
    /// The Search screen (run by ``SearchCoordinator``), starting with a query.
    case search(query: String)
    /// Leave the app.
    case quit
}
