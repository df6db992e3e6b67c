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
    private let dependencies: AppDependencies
    private let switchSource: AdminPanelViewModel.SwitchSource?
    private let finish: FinishHandler<Never>

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - dependencies: The active source (described and counted by the panel), its writer and request log.
    ///   - switchSource: Switches the app to another source (closing every screen, this flow's too).
    ///   - onFinish: Called once when the flow ends.
    public init(
        stack: NavigationStack<Destination>, dependencies: AppDependencies,
        switchSource: AdminPanelViewModel.SwitchSource? = nil,
        onFinish: @escaping @MainActor (CoordinatorResult<Never>) -> Void
    ) {
        self.stack = stack
        self.dependencies = dependencies
        self.switchSource = switchSource
        self.finish = FinishHandler(onFinish)
    }

    public func start() { navigate(to: .panel) }

    /// Pushes the route's screen unless the top already shows it.
    public func navigate(to route: AdminRoute) { stack.show(request(for: route)) }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: AdminRoute) -> NavigationRequest<Destination> {
        switch route {
        case .panel:
            let model = AdminPanelViewModel(
                source: dependencies.source, writeAccess: dependencies.writer.access, log: dependencies.log,
                switchSource: switchSource, editsCopyPath: (dependencies.writer as? EmbeddedDataWriter)?.copyPath)
            return Destination.adminPanel(model).request(title: "Admin panel", link: .admin, owner: self) { [finish] in
                finish.finish(.cancelled)
            }
        }
    }
}
