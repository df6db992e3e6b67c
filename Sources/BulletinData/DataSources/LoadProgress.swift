import Foundation
import Synchronization

/// How far a source has got reading and indexing (or decoding) a large file, for the progress
/// bar of a loading screen.
///
/// Updated from the loading task, read by the UI on its redraws (thread-safe, not observable:
/// the spinner's redraws pick it up while a screen is loading).
public final class LoadProgress: Sendable {
    /// What the load is doing.
    public enum Phase: Equatable, Sendable {
        /// Nothing in progress.
        case idle
        /// Reading the file: `done` of `total` bytes (`total` 0 when unknown).
        case reading(done: Int, total: Int)
        /// Indexing the file (``FileDataSource``): `done` of `total` bytes passed.
        case indexing(done: Int, total: Int)
        /// Turning the bytes into records.
        case decoding
    }

    private let current = Mutex<Phase>(.idle)
    private let observer: (@Sendable (Phase) -> Void)?

    /// - Parameter observer: Called on every update, on the loading task (tests).
    public init(observer: (@Sendable (Phase) -> Void)? = nil) {
        self.observer = observer
    }

    /// The current phase.
    public var phase: Phase { current.withLock { $0 } }

    /// Moves to `phase`.
    public func update(_ phase: Phase) {
        current.withLock { $0 = phase }
        observer?(phase)
    }

    /// How much of the file is done, 0 to 1, while reading or indexing; `nil` otherwise.
    public var fraction: Double? {
        switch phase {
        case let .reading(done, total), let .indexing(done, total):
            guard total > 0 else { return nil }
            return min(1, Double(done) / Double(total))
        case .idle, .decoding: return nil
        }
    }

    /// `reading 45% of 12.3 MB`, `indexing 45% of 611.5 MB`, `decoding…`, or `nil` when idle.
    public var text: String? {
        switch phase {
        case .idle: return nil
        case .decoding: return "decoding…"
        case let .reading(done, total):
            guard total > 0 else { return "reading \(Self.megabytes(done))" }
            return "reading \(min(100, done * 100 / total))% of \(Self.megabytes(total))"
        case let .indexing(done, total):
            guard total > 0 else { return "indexing \(Self.megabytes(done))" }
            return "indexing \(min(100, done * 100 / total))% of \(Self.megabytes(total))"
        }
    }

    /// `12.3 MB` (decimal megabytes, one decimal).
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
