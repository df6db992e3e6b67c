import CSQLite
import Foundation
import Synchronization

/// How a connection waits for another connection's lock (`SQLITE_BUSY`): up to ``timeout``
/// milliseconds in steps of a few, unless ``stop()`` is called from any thread meanwhile (Esc
/// on a save that waits for another program's write), which ends the wait at the next step
/// with the `SQLITE_BUSY` the statement would have failed with at the deadline.
///
/// SQLite's own `sqlite3_busy_timeout` cannot be ended early (`sqlite3_interrupt` does not
/// reach its sleep), so ``SQLiteConnection`` installs this as its `sqlite3_busy_handler`.
public final class SQLiteBusyWait: Sendable {
    /// The longest wait, in milliseconds (`--timeout`).
    public let timeout: Int32
    /// Milliseconds slept between tries.
    static let step: Int32 = 5
    private let stopped = Atomic<Bool>(false)
    /// When the current wait began (`DispatchTime` nanoseconds), set by its first try.
    private let began = Atomic<UInt64>(0)
    private let waiting = Atomic<Bool>(false)

    /// - Parameter timeout: The longest wait, in milliseconds.
    public init(timeout: Int32) { self.timeout = timeout }

    /// Ends the current wait, or the next one's first step when none has begun, until ``reset()``.
    public func stop() { stopped.store(true, ordering: .sequentiallyConsistent) }

    /// The write is done (written or not): the next one waits as long as ``timeout`` says.
    public func reset() {
        stopped.store(false, ordering: .sequentiallyConsistent)
        waiting.store(false, ordering: .sequentiallyConsistent)
    }

    /// Whether a statement is waiting now (between its first try and its answer).
    public var isWaiting: Bool { waiting.load(ordering: .sequentiallyConsistent) }

    /// The statement that waited has its answer (the lock came, or it gave up).
    public func ended() { waiting.store(false, ordering: .sequentiallyConsistent) }

    /// Whether ``stop()`` was called since the last ``reset()``.
    public var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    /// SQLite's busy handler's answer for its `count`th call of a wait (0 first): sleeps one
    /// step and says to try again (`true`), or says to give up (stopped, or past ``timeout``).
    func shouldRetry(count: Int32) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if count == 0 { began.store(now, ordering: .relaxed) }
        let waited = (now - began.load(ordering: .relaxed)) / 1_000_000
        guard !isStopped, waited < UInt64(max(0, timeout)) else {
            waiting.store(false, ordering: .sequentiallyConsistent)
            return false
        }
        waiting.store(true, ordering: .sequentiallyConsistent)
        usleep(UInt32(Self.step) * 1000)
        return true
    }

    /// Installs `wait` as `handle`'s busy handler (the connection keeps `wait` alive).
    static func install(_ wait: SQLiteBusyWait, on handle: OpaquePointer) {
        sqlite3_busy_handler(handle, { context, count in
            guard let context else { return 0 }
            return Unmanaged<SQLiteBusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(count: count) ? 1 : 0
        }, Unmanaged.passUnretained(wait).toOpaque())
    }
}
