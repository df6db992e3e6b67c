import BulletinData
import MVVMC

/// The root coordinator: owns the navigation stack, shows Home, and starts the child flows.
///
/// Child coordinators are not kept in a list here: the stack entries they push own them,
/// so a child is released as soon as its last screen leaves the stack.
@MainActor
public final class AppCoordinator: Coordinator {
    public typealias Route = AppRoute

    // MARK: - Properties

    /// The screens, root (Home) first.
    public let stack = NavigationStack<Destination>()
    private let dependencies: AppDependencies
    private let onQuit: @MainActor () -> Void

    // MARK: - Init

    /// - Parameters:
    ///   - dependencies: The services built at the composition root.
    ///   - onQuit: Called when the user chooses Quit; the composition root ends the run loop.
    public init(dependencies: AppDependencies, onQuit: @escaping @MainActor () -> Void) {
        self.dependencies = dependencies
        self.onQuit = onQuit
    }

    // MARK: - Coordinator

    /// Shows Home as the stack's root.
    public func start() {
        let router = Router<AppRoute> { [weak self] in self?.navigate(to: $0) }
        let home = HomeViewModel(sourceLabel: dependencies.source.descriptor.description, router: router)
        stack.setStack([NavigationRequest(.home(home), title: "Home")])
    }

    public func navigate(to route: AppRoute) {
        switch route {
        case .home:
            stack.popToRoot()
        case .users:
            UserListCoordinator(stack: stack, source: dependencies.source, onFinish: { _ in }).start()
        case .admin:
            AdminPanelCoordinator(stack: stack, source: dependencies.source, onFinish: { _ in }).start()
        case .quit:
            onQuit()
        }
    }
}
