import CJSONIndex
import Foundation
import Synchronization

extension FileIndex {
    /// Indexes the guessed `users` and `posts` arrays on this thread (their batches reach the
    /// Posts list at once) while the full pass runs on a thread of its own over the rest of the
    /// file (the comments, in json-server's layout), so both cores work. The full pass, meeting
    /// a guessed array's `[`, waits for this thread to know its `]` and jumps over it, or
    /// indexes it itself when the guess was wrong. The full pass's columns are then merged into
    /// `builder`: its comments, and any guessed kind it did not jump over.
    /// - Parameters:
    ///   - guesses: Each guessed kind with the offset of its `[` (``guessedArray(_:in:by:)``).
    ///   - known: Where the full pass recorded what it jumped over (`skipped`).
    ///   - result: The full pass's result (the arrays' places, its status).
    /// - Returns: The full pass's status (`JI_OK`, `JI_BROKEN`, …).
    /// - Throws: ``DataError/cancelled`` when the current task is cancelled meanwhile.
    static func indexAhead(
        _ guesses: [(RecordKind, Int)], builder: IndexBuilder, known: inout ji_known, result: inout ji_result
    ) throws(DataError) -> Int32 {
        let file = builder.file
        guard let base = file.base else { return Int32(JI_BROKEN.rawValue) }
        let ahead = ArraysAhead(guesses)
        let bytes = PassBytes()
        for (kind, open) in guesses { known.set(open: UInt64(open), close: .max, for: kind) }
        known.wait_context = Unmanaged.passUnretained(ahead).toOpaque()
        known.wait_close = { context, collection in
            Unmanaged<ArraysAhead>.fromOpaque(context!).takeUnretainedValue().close(of: collection)
        }
        let full = IndexBuilder(file: file, location: builder.location, progress: builder.progress, onPosts: nil)
        full.isCancelled = { ahead.isCancelled }
        full.totalDone = { done in bytes.set(full: done - ahead.jumped(before: done)) }
        builder.totalDone = { done in bytes.set(ahead: done) }
        let pass = FullPass(known: known)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            pass.status = full.run { callback, context in
                // `file.base` is not nil (checked above); the pointer itself is not Sendable.
                ji_index(file.base!, file.length, file.length, -1, batchSize, pass.known, callback, context, pass.result)
            }
            finished.signal()
        }
        thread.name = "bulletin-index"
        thread.start()
        var cancelled = false
        for (kind, open) in guesses where !cancelled {
            builder.beginGuess(kind, open: open)
            var guessResult = ji_result()
            let status = builder.run { callback, context in
                ji_index_array(base, file.length, file.length, UInt64(open), kind.indexCollection, batchSize, callback, context, &guessResult)
            }
            if status == Int32(JI_CANCELLED.rawValue) {
                cancelled = true
            } else if status == Int32(JI_OK.rawValue) {
                let close = guessResult.array_close(of: kind)
                ahead.finish(kind, close: close)
                builder.endGuess(kind, open: open, close: Int(close))
            } else {
                ahead.finish(kind, close: .max)
                builder.reset(kind)
            }
        }
        if cancelled { ahead.cancel() }
        ahead.finishRemaining()
        while finished.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if Task.isCancelled { ahead.cancel() }
        }
        known = pass.known.pointee
        result = pass.result.pointee
        builder.totalDone = nil
        // Cancelled after its passes' last checks (while the last batch was handed on, say):
        // still cancelled, not a load that finished.
        if cancelled || ahead.isCancelled || builder.isCancelled() { throw .cancelled }
        for kind in RecordKind.allCases where !(guesses.contains { $0.0 == kind } && known.skipped(kind) != 0) {
            builder.adopt(kind, from: full)
        }
        return pass.status
    }
}

/// The full pass's `ji_known` and `ji_result`, in memory that stays put while its thread runs.
private final class FullPass: @unchecked Sendable {
    let known = UnsafeMutablePointer<ji_known>.allocate(capacity: 1)
    let result = UnsafeMutablePointer<ji_result>.allocate(capacity: 1)
    var status = Int32(JI_CANCELLED.rawValue)

    init(known: ji_known) {
        self.known.initialize(to: known)
        result.initialize(to: ji_result())
    }

    deinit {
        known.deallocate()
        result.deallocate()
    }
}

/// The arrays one thread indexes ahead of the full pass on another: the full pass, meeting
/// one's `[`, waits until its `]` is known (``close(of:)``). Thread-safe.
final class ArraysAhead: @unchecked Sendable {
    private let condition = NSCondition()
    /// Each guessed collection's `[` (file offset).
    private let opens: [Int32: Int]
    /// Each finished one's `]`, or `UInt64.max` when its indexing failed.
    private var closes: [Int32: UInt64] = [:]
    private var cancelled = false

    init(_ guesses: [(RecordKind, Int)]) {
        opens = Dictionary(guesses.map { ($0.0.indexCollection, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the load was cancelled (the full pass stops at its next batch).
    var isCancelled: Bool { condition.withLock { cancelled } }

    /// Stops the full pass: its waits end and its next batch says stop.
    func cancel() {
        condition.withLock { cancelled = true }
        condition.broadcast()
    }

    /// `kind`'s array ends at `close` (`UInt64.max`: its indexing failed).
    func finish(_ kind: RecordKind, close: UInt64) {
        condition.withLock { closes[kind.indexCollection] = close }
        condition.broadcast()
    }

    /// Every guessed array not finished yet failed (this thread stopped early).
    func finishRemaining() {
        condition.withLock { for collection in opens.keys where closes[collection] == nil { closes[collection] = .max } }
        condition.broadcast()
    }

    /// Blocks until `collection`'s `]` is known; `UInt64.max` when its indexing failed or the load was cancelled.
    func close(of collection: Int32) -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        while closes[collection] == nil, !cancelled, opens[collection] != nil { condition.wait() }
        return cancelled ? .max : closes[collection] ?? .max
    }

    /// Bytes of the finished arrays that end before `offset` (the full pass jumped over them).
    func jumped(before offset: Int) -> Int {
        condition.withLock {
            closes.reduce(0) { sum, entry in
                guard entry.value != .max, let open = opens[entry.key], Int(entry.value) < offset else { return sum }
                return sum + Int(entry.value) + 1 - open
            }
        }
    }
}

/// Bytes done by the two passes of ``FileIndex/indexAhead(_:builder:known:result:)``, added up for the progress bar.
final class PassBytes: Sendable {
    private let ahead = Atomic<Int>(0)
    private let full = Atomic<Int>(0)

    /// Records the ahead pass's bytes; returns both passes'.
    func set(ahead done: Int) -> Int {
        ahead.store(done, ordering: .relaxed)
        return done + full.load(ordering: .relaxed)
    }

    /// Records the full pass's bytes; returns both passes'.
    func set(full done: Int) -> Int {
        full.store(done, ordering: .relaxed)
        return done + ahead.load(ordering: .relaxed)
    }
}
