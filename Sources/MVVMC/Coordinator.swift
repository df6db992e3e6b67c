/// Owns one flow of screens: maps its routes to view models and screens, and pushes them
/// on the navigation stack.
///
/// `start()` shows the flow's first screen; `navigate(to:)` handles every route with one
/// exhaustive `switch`. A child coordinator is kept alive by the stack entries it pushed
/// (each entry's `owner`), so it lives exactly as long as one of its screens is on the stack.
/// A flow that hands back a result (a saved record) reports it once, through a
/// ``FinishHandler``; a flow without one (`Output == Never`) has no result channel at all.
@MainActor
public protocol Coordinator: AnyObject {
    /// The screens this coordinator can show, carrying ids rather than objects.
    associatedtype Route: Sendable

    /// What the flow hands back to its parent when it completes (a saved record, a choice),
    /// delivered once as ``CoordinatorResult/completed(_:)``; `Never` for flows that only end
    /// by the user backing out.
    associatedtype Output: Sendable = Never

    /// Shows the flow's first screen.
    func start()

    /// Shows the screen for `route`.
    func navigate(to route: Route)
}

/// How a child coordinator's flow ended.
public enum CoordinatorResult<Output: Sendable>: Sendable {
    /// The flow produced a result (such as a saved record).
    case completed(Output)
    /// The user backed out of the flow.
    case cancelled
}

extension CoordinatorResult: Equatable where Output: Equatable {}

/// Delivers a child coordinator's result to its parent exactly once; later calls do nothing.
@MainActor
public final class FinishHandler<Output: Sendable> {
    private var callback: (@MainActor (CoordinatorResult<Output>) -> Void)?

    /// Wraps the parent's callback.
    public init(_ callback: @escaping @MainActor (CoordinatorResult<Output>) -> Void) { self.callback = callback }

    /// Whether the result has been delivered.
    public var isFinished: Bool { callback == nil }

    /// Delivers `result` if nothing was delivered yet.
    public func finish(_ result: CoordinatorResult<Output>) {
        guard let callback else { return }
        self.callback = nil
        callback(result)
    }
}
