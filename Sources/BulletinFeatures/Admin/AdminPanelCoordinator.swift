import BulletinData
import MVVMC

/// Runs the Admin flow. For now it has one screen, the status panel.
///
/// Owned by the entries it pushed, like every ``FlowCoordinator``; the flow has no result.
@MainActor
public final class AdminPanelCoordinator: FlowCoordinator {
    public typealias Route = AdminRoute

    public unowned let stack: NavigationStack<any ScreenViewModel>
    private let dependencies: AppDependencies
    private let switchSource: AdminPanelViewModel.SwitchSource?

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives every coordinator.
    ///   - dependencies: The active source (described and counted by the panel), its writer and request log.
    ///   - switchSource: Switches the app to another source (closing every screen, this flow's too).
    public init(
        stack: NavigationStack<any ScreenViewModel>, dependencies: AppDependencies,
        switchSource: AdminPanelViewModel.SwitchSource? = nil
    ) {
        self.stack = stack
        self.dependencies = dependencies
        self.switchSource = switchSource
    }

    /// The flow starts on the panel.
    public var firstRoute: AdminRoute { .panel }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: AdminRoute) -> NavigationRequest<any ScreenViewModel> {
        switch route {
        case .panel:
            AdminPanelViewModel(
                source: dependencies.source, writeAccess: dependencies.writer.access, log: dependencies.log,
                switchSource: switchSource, editsCopyPath: (dependencies.writer as? EmbeddedDataWriter)?.copyPath
            ).request(title: "Admin panel", link: .admin, owner: self)
        }
    }
}
