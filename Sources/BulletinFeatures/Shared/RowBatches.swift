import Foundation
import Synchronization

/// Collects the rows a long load sends in batches (on the loading thread) until the main actor
/// takes them, and asks for one hand-over at a time (`deliver`, which schedules a main-actor
/// task), so a burst of batches costs one redraw, not one per batch (``ListFeed/first``).
public final class RowBatches<Row: Sendable>: Sendable {
    /// The batches not taken yet, and whether a hand-over is scheduled.
    private let state = Mutex<(pending: [[Row]], scheduled: Bool)>(([], false))
    private let deliver: @Sendable () -> Void

    /// - Parameter deliver: Schedules a call of the consumer's take on the main actor.
    init(deliver: @escaping @Sendable () -> Void) {
        self.deliver = deliver
    }

    /// Rows arrived (any thread), after those added before.
    public func add(_ rows: [Row]) {
        let schedule = state.withLock { state -> Bool in
            state.pending.append(rows)
            defer { state.scheduled = true }
            return !state.scheduled
        }
        if schedule { deliver() }
    }

    /// The batches since the last take, in order; the next ``add(_:)`` schedules a hand-over again.
    func take() -> [[Row]] {
        state.withLock { state in
            state.scheduled = false
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// The consumer kept the batches back (too soon after the last hand-over): asks again in 250 ms.
    func retry() {
        let deliver = deliver
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) { deliver() }
    }
}
