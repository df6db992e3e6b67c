import BulletinData
import BulletinFeatures
import Foundation
import MVVMC

/// `bulletin-bench --open-list FILE`: how long the Posts list's view model takes from its load
/// to a whole list that filters and sorts (``PostListViewModel/load()``: the file indexed, the
/// rows mapped, the finder's index and id map built), in process and without a terminal, so
/// `perf` sees the list's own work beside the pass; one fresh source and view model per run.
@MainActor
enum ListOpenBenchmarks {
    struct Run: Encodable {
        /// From `load()` to the rows shown and the finder idle, seconds.
        var whole_list_s: Double
        var posts: Int
    }

    static func run(path: String, iterations: Int) async -> [Run] {
        var runs: [Run] = []
        for _ in 0..<iterations {
            let model = PostListViewModel(source: FileDataSource(path: path), router: Router { _ in })
            let started = Date()
            await model.load()
            runs.append(Run(whole_list_s: Date().timeIntervalSince(started), posts: model.rowCount))
        }
        return runs
    }
}
