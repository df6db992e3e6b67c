import BulletinData
import BulletinFeatures
import Foundation

/// `bulletin-bench --search FILE [--iterations N] [--old]` (issue 23): Search on a file
/// source, in process. The file is indexed first (as browsing has done before Search opens;
/// not timed); then each query is searched whole `iterations` times on the file's bytes
/// (``FileSearchCorpus``): the time until the first results are handed on (what the screen
/// shows first) and until the count is final. With `--old`, the way before: every post and
/// comment decoded and folded into a ``MemorySearchCorpus`` (timed once: Search's open), then
/// the same queries. Run each mode in its own process for its peak RSS (`/usr/bin/time -v`).
enum SearchBenchmarks {
    /// The queries: a common word, a rare one, one letter (nearly every record), none, an
    /// accented query (folds to ASCII) and a Cyrillic one (not folded to ASCII).
    static let queries = ["garden", "timetables", "e", "zzqx", "Café", "привет"]

    struct Run: Encodable {
        var query: String
        var first_results_s: Double
        var final_s: Double
        /// CPU seconds of the process (user and system, all threads) during the search: less
        /// noisy than the wall times on a loaded machine.
        var cpu_s: Double
        var posts: Int
        var comments: Int
    }

    struct Report: Encodable {
        var mode: String
        var index_s: Double
        var open_s: Double
        var runs: [Run]
        /// Peak RSS once the file is indexed (browsing's), and at the end (after every search), MiB.
        var indexed_rss_mib: Double
        var max_rss_mib: Double
    }

    static func run(path: String, iterations: Int, old: Bool) async throws -> Report {
        let source = FileDataSource(path: path)
        let indexStart = Date()
        _ = try await source.postListing(partial: nil)
        let indexed = Date().timeIntervalSince(indexStart)
        let indexedRSS = maxRSS()
        let openStart = Date()
        let corpus: any SearchCorpus
        if old {
            corpus = MemorySearchCorpus(posts: try await source.allPosts(), comments: try await source.allComments())
        } else {
            guard let records = try await source.textSearch() else { throw DataError.cancelled }
            corpus = FileSearchCorpus(records: records)
        }
        let opened = Date().timeIntervalSince(openStart)
        var runs: [Run] = []
        for query in queries {
            for _ in 0..<max(1, iterations) { runs.append(await time(query, in: corpus)) }
        }
        return Report(mode: old ? "memory corpus (before)" : "file bytes", index_s: indexed, open_s: opened, runs: runs,
                      indexed_rss_mib: indexedRSS, max_rss_mib: maxRSS())
    }

    private static func time(_ query: String, in corpus: any SearchCorpus) async -> Run {
        let firstAt = FirstTime()
        let cpuStart = cpuSeconds()
        let start = Date()
        let found = await corpus.search(query, narrowing: nil) { _ in firstAt.note() }
        let final = Date().timeIntervalSince(start)
        let cpu = cpuSeconds() - cpuStart
        let first = firstAt.date.map { $0.timeIntervalSince(start) } ?? final
        return Run(query: query, first_results_s: first, final_s: final, cpu_s: cpu, posts: found?.posts.count ?? 0,
                   comments: found?.comments.count ?? 0)
    }

    /// When the first partial results came.
    final class FirstTime: @unchecked Sendable {
        private let lock = NSLock()
        private var first: Date?
        func note() { lock.withLock { if first == nil { first = Date() } } }
        var date: Date? { lock.withLock { first } }
    }

    /// User plus system CPU seconds of the whole process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's peak resident set so far (`VmHWM` of /proc/self/status), MiB.
    static func maxRSS() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kb / 1024
    }
}
