import BulletinData
import Foundation
import Synchronization

/// `bulletin-bench --open FILE`: how long a file source takes to index `FILE` until the Posts
/// list's data is ready (``DataSource/postListing(partial:)``), the time to its first batch of
/// posts, and the process's peak RSS (`ru_maxrss`) afterwards; one fresh source per run.
enum IndexBenchmarks {
    struct Run: Encodable {
        var first_batch_s: Double
        var listing_s: Double
        var posts: Int
        var max_rss_bytes: Int
        var file_bytes: Int
    }

    /// - Parameter streaming: Subscribe to the batches (as the Posts list does), which also
    ///   makes the source index the users and posts first; without, one plain pass.
    static func run(path: String, iterations: Int, streaming: Bool = true) async -> [Run] {
        var runs: [Run] = []
        for _ in 0..<iterations {
            let source = FileDataSource(path: path)
            let started = Date()
            let first = FirstBatch()
            let mark: @Sendable (PostBatch) -> Void = { _ in first.mark(started) }
            let partial: (@Sendable (PostBatch) -> Void)? = streaming ? mark : nil
            let listing = try? await source.postListing(partial: partial)
            let elapsed = Date().timeIntervalSince(started)
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            runs.append(Run(
                first_batch_s: first.seconds ?? elapsed, listing_s: elapsed, posts: listing?.posts.count ?? -1,
                max_rss_bytes: Int(usage.ru_maxrss) * 1024, file_bytes: size))
        }
        return runs
    }

    /// The time of the first batch (thread-safe: batches arrive on the loading thread).
    final class FirstBatch: Sendable {
        private let value = Mutex<Double?>(nil)
        var seconds: Double? { value.withLock { $0 } }
        func mark(_ started: Date) {
            value.withLock { if $0 == nil { $0 = Date().timeIntervalSince(started) } }
        }
    }
}
