import BulletinData
import MVVMC

/// What a browsing screen's view model holds to change records: where its requests go (the
/// ``EditingService``, held weakly), and what the service knows about whether a request can
/// act now, so the screen can grey out a key instead of offering it and then refusing.
@MainActor
public struct Editor: Sendable {
    private let router: Router<EditRequest>
    private let access: @MainActor @Sendable () -> (denied: String?, nothingToUndo: String?)

    /// - Parameters:
    ///   - router: Where requests go.
    ///   - access: Asked each time a key map is built: why writes are refused (`started with
    ///     --read-only`), and why `u` has nothing to undo; `nil` for what applies.
    public init(router: Router<EditRequest>,
                access: @escaping @MainActor @Sendable () -> (denied: String?, nothingToUndo: String?) = { (nil, nil) }) {
        self.router = router
        self.access = access
    }

    /// Sends `request` to the editing service.
    public func go(_ request: EditRequest) { router.go(request) }

    /// Why this source takes no changes, as a phrase for the help overlay (`read-only: started
    /// with --read-only`), or `nil` when it does.
    public var deniedReason: String? { access().denied.map { "read-only: \($0)" } }

    /// Why `u` would do nothing now: writes are refused, or no record was deleted in this run
    /// (or the last delete was undone already); `nil` when there is a delete to undo.
    public var undoUnavailableReason: String? {
        let now = access()
        return now.denied.map { "read-only: \($0)" } ?? now.nothingToUndo
    }
}
