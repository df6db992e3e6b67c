import BulletinData
import MVVMC

/// Runs the Admin flow. For now it has one screen, the status panel.
///
/// Like every child coordinator it is owned by the entries it pushed, and reports
/// `.cancelled` once when its first screen leaves the stack.
@MainActor
public final class AdminPanelCoordinator: Coordinator {
    public typealias Route = AdminRoute
    public typealias Output = Never

    private unowned let stack: NavigationStack<Destination>
    private let source: any DataSource
    private let finish: FinishHandler<Never>

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - source: The active data source, described and counted by the panel.
    ///   - onFinish: Called once when the flow ends.
    public init(
        stack: NavigationStack<Destination>, source: any DataSource,
        onFinish: @escaping @MainActor (CoordinatorResult<Never>) -> Void
    ) {
        self.stack = stack
        self.source = source
        self.finish = FinishHandler(onFinish)
    }

    public func start() { navigate(to: .panel) }

    /// Pushes the route's screen unless the top already shows it.
    public func navigate(to route: AdminRoute) { stack.show(request(for: route)) }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: AdminRoute) -> NavigationRequest<Destination> {
        switch route {
        case .panel:
            let model = AdminPanelViewModel(source: source)
            return Destination.adminPanel(model).request(title: "Admin panel", link: .admin, owner: self) { [finish] in
                finish.finish(.cancelled)
            }
        }
    }
}
