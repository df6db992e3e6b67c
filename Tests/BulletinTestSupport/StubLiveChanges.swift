import BulletinData
import Synchronization

/// A ``LiveChanges`` whose events a test sends (``send(_:)``), as a watching source would.
public final class StubLiveChanges: LiveChanges, Sendable {
    private let continuation: AsyncStream<LiveEvent>.Continuation
    private let stream: AsyncStream<LiveEvent>
    private let stopped = Mutex(false)

    public init() {
        (stream, continuation) = AsyncStream<LiveEvent>.makeStream()
    }

    public func events() -> AsyncStream<LiveEvent> { stream }

    public func stop() {
        stopped.withLock { $0 = true }
        continuation.finish()
    }

    /// Whether ``stop()`` was called (a source switch stops the old source's watching).
    public var isStopped: Bool { stopped.withLock { $0 } }

    /// Sends `event` to the consumer.
    public func send(_ event: LiveEvent) { continuation.yield(event) }
}
