import BulletinData
import MVVMC

/// What the browsing flows build their screens from: the app's stack, the active source, and
/// where the screens' edits go. The ``AppCoordinator`` makes one per flow it starts.
@MainActor
public struct FlowContext {
    /// The app's navigation stack; it outlives every coordinator.
    public unowned let stack: NavigationStack<any ScreenViewModel>
    /// Where users, posts and comments come from.
    public let source: any DataSource
    /// Where the screens' `a`, `e`, `d` and `u` go; `nil`: no editing (a flow without edits, tests).
    public let editing: EditingService?
    /// Shows a record whole in the raw view (Enter on a photo or a todo, rows without a screen of
    /// their own); `nil`: those rows do not open (tests).
    public let share: ShareService?

    /// - Parameters: See the properties.
    public init(stack: NavigationStack<any ScreenViewModel>, source: any DataSource, editing: EditingService? = nil,
                share: ShareService? = nil) {
        self.stack = stack
        self.source = source
        self.editing = editing
        self.share = share
    }
}

/// What every coordinator of a flow of screens on the app's stack shares: `start()` shows the
/// flow's first route, `navigate(to:)` shows a route's screen (starting its load) unless the top
/// already shows it, and view models get a ``router`` that holds the coordinator weakly.
///
/// A conforming coordinator says only what differs: its first route and the stack entry for
/// each route (``request(for:)``, one exhaustive switch, also used by deep links, which set
/// the whole stack at once). Its entries own it, so it lives exactly as long as one of its
/// screens is on the stack. A flow that hands back a result (a saved record) has its own
/// ``FinishHandler``; the browsing flows have none (`Output` is `Never`).
@MainActor
public protocol FlowCoordinator: Coordinator {
    /// The app's navigation stack; it outlives every coordinator (held `unowned`).
    var stack: NavigationStack<any ScreenViewModel> { get }

    /// The route ``Coordinator/start()`` shows.
    var firstRoute: Route { get }

    /// The stack entry for `route`, with a fresh view model that has not started loading.
    func request(for route: Route) -> NavigationRequest<any ScreenViewModel>
}

extension FlowCoordinator {
    /// Shows the flow's first screen (``firstRoute``).
    public func start() { navigate(to: firstRoute) }

    /// Shows the route's screen unless the top already shows it.
    public func navigate(to route: Route) { stack.show(request(for: route)) }

    /// A router for this flow's view models, holding the coordinator weakly (no cycle).
    public var router: Router<Route> { Router { [weak self] in self?.navigate(to: $0) } }
}
