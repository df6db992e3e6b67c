import BulletinData
import Foundation
import Synchronization

/// Issue 26's load: `clients` concurrent editors, each its own ``PostgresDataSource`` and
/// ``PostgresDataWriter`` (one connection each, Bulletin's SQL layer as the app uses it), for
/// `seconds`: read a random post, change its title, save it against what was read. Four edits
/// in five go to a hot set of `hot` posts, so that editors meet; a save refused as
/// `recordChanged` is a conflict asked, answered by reading the post again and saving anew.
///
/// Every accepted save is written to `accepted` (one JSON line: post id, the title it was made
/// on, the title it saved), for `bench/postgres_load.py` to check against the server's own log
/// of every committed change.
enum PostgresLoadBenchmarks {
    struct Report: Encodable {
        var clients: Int
        var seconds: Double
        var saves: Int
        var savesPerSecond: Double
        var p50Milliseconds: Double
        var p95Milliseconds: Double
        var conflicts: Int
        var failures: [String]
    }

    private struct Accepted: Encodable {
        var post: Int
        var from: String
        var to: String
    }

    private struct ClientResult: Sendable {
        var latencies: [Double] = []
        var conflicts = 0
        var accepted: [String] = []
        var failures: [String] = []
    }

    /// Runs the load on `url` (posts 1…`posts`) and writes the accepted saves to `accepted`.
    static func run(url: String, clients: Int, seconds: Double, posts: Int, hot: Int, accepted: String) async -> Report {
        let deadline = Date().addingTimeInterval(seconds)
        let started = Date()
        let results = await withTaskGroup(of: ClientResult.self) { group in
            for client in 0..<clients {
                group.addTask { await Self.client(client, url: url, deadline: deadline, posts: posts, hot: hot) }
            }
            var all: [ClientResult] = []
            for await result in group { all.append(result) }
            return all
        }
        let elapsed = Date().timeIntervalSince(started)
        let latencies = results.flatMap(\.latencies).sorted()
        _ = FileManager.default.createFile(atPath: accepted, contents: Data(results.flatMap(\.accepted).joined(separator: "\n").utf8))
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] * 1000
        }
        return Report(clients: clients, seconds: elapsed, saves: latencies.count, savesPerSecond: Double(latencies.count) / elapsed,
                      p50Milliseconds: percentile(0.5), p95Milliseconds: percentile(0.95),
                      conflicts: results.map(\.conflicts).reduce(0, +), failures: Array(results.flatMap(\.failures).prefix(20)))
    }

    private static func client(_ number: Int, url: String, deadline: Date, posts: Int, hot: Int) async -> ClientResult {
        let source = PostgresDataSource(conninfo: url, timeout: 30)
        let writer = PostgresDataWriter(source: source)
        var result = ClientResult()
        var generator = SystemRandomNumberGenerator()
        var edit = 0
        let encoder = JSONEncoder()
        while Date() < deadline {
            let id = Int.random(in: 0..<5, using: &generator) < 4 ? Int.random(in: 1...hot, using: &generator)
                : Int.random(in: 1...posts, using: &generator)
            edit += 1
            do {
                var original = try await source.post(id: RecordID(id))
                var saved = false
                while !saved {
                    var edited = original
                    edited.title = "c\(number)-\(edit)"
                    let start = Date()
                    do throws(DataError) {
                        _ = try await writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
                        result.latencies.append(Date().timeIntervalSince(start))
                        let line = Accepted(post: id, from: original.title, to: edited.title)
                        result.accepted.append((try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) } ?? "")
                        saved = true
                    } catch .recordChanged {
                        // Asked: "changed since it was opened". Answered with a reload and a new save.
                        result.conflicts += 1
                        edit += 1
                        original = try await source.post(id: RecordID(id))
                    }
                }
            } catch {
                result.failures.append("\(error)")
            }
        }
        return result
    }
}
