/// The one thing a view model may do to navigate: send a route to whoever handles it.
///
/// Coordinators hand view models a `Router` wired to their own `navigate(to:)` with a weak
/// capture, so a view model never holds its coordinator and no reference cycle forms:
/// ```swift
/// let router = Router<UserListRoute> { [weak self] in self?.navigate(to: $0) }
/// ```
public struct Router<Route: Sendable>: Sendable {
    private let send: @MainActor @Sendable (Route) -> Void

    /// Creates a router that hands each route to `send`.
    public init(_ send: @escaping @MainActor @Sendable (Route) -> Void) { self.send = send }

    /// Asks for `route` to be shown.
    @MainActor public func go(_ route: Route) { send(route) }

    /// A router that drops every route, for previews and tests that do not navigate.
    public static var none: Router<Route> { Router { _ in } }
}
