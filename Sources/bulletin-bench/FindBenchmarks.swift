import BulletinData
import BulletinFeatures
import Dispatch
import Foundation

/// The list filter and sort (issue 7) on post rows (id, author, title) of each size:
/// building the folded index; typing a query one character at a time through `ListFinder`
/// (time from `updateFilter` until the result is applied, and the part spent on the main
/// actor) beside a naive per-row `String.range(of:options:)` pass; sorting by title with
/// `FindIndex` beside `sorted()` on the titles, and `s` through `ListFinder` until applied.
@MainActor
enum FindBenchmarks {
    /// Every find benchmark at each size in `sizes` (rows), `iterations` repetitions each
    /// (fewer at a million rows, where one naive pass takes seconds).
    static func run(dataSet: DataSet, sizes: [Int], iterations: Int) async -> [Measurement] {
        var results: [Measurement] = []
        for size in sizes {
            let rows = FindRows(count: size, from: dataSet)
            let repeats = size >= 1_000_000 ? max(1, min(iterations, 3)) : max(1, min(iterations, 5))
            let (build, index) = indexBuild(rows, iterations: repeats)
            let typing = await typing(rows, repetitions: repeats)
            let baseline = naiveFilter(rows, passes: size >= 1_000_000 ? 3 : 3 * repeats)
            var keystroke = typing[0]
            keystroke.note += String(
                format: "; %.3gx the time of the naive baseline (%.0fx faster)",
                keystroke.median_s / baseline.median_s, baseline.median_s / keystroke.median_s
            )
            results += [build, keystroke, typing[1], typing[2], baseline]
            results += await sorting(rows, index: index, iterations: repeats)
        }
        return results
    }

    // MARK: - Filter

    private static func indexBuild(_ rows: FindRows, iterations: Int) -> (Measurement, FindIndex) {
        var index = FindIndex(rowCount: 0, columnCount: 3) { _, _ in "" }
        var build = measure("find index build, \(label(rows.count))", iterations: iterations) {
            index = FindIndex(rowCount: rows.count, columnCount: 3) { rows.text($0, $1) }
            return index.rowCount
        }
        build.note = String(format: "%.0f ns per row, 3 columns", build.median_s / Double(max(1, rows.count)) * 1e9)
        return (build, index)
    }

    /// Types ``FindRows/query`` one character at a time, each keystroke's pass applied before
    /// the next; then Esc (not timed). Returns [until applied, main-actor part, first keystroke].
    private static func typing(_ rows: FindRows, repetitions: Int) async -> [Measurement] {
        let finder = ListFinder(columns: [.id, .init("Author"), .init("Title")])
        finder.setRows(count: rows.count) { rows.text($0, $1) }
        await finder.waitUntilIdle()
        var appliedAt: UInt64 = 0
        finder.didApply = { _, _ in appliedAt = DispatchTime.now().uptimeNanoseconds }
        let query = rows.query
        var latency: [Double] = []
        var first: [Double] = []
        var mainActor: [Double] = []
        var shown: [Int] = []
        for _ in 0..<repetitions {
            for length in 1...max(1, query.count) {
                let start = DispatchTime.now().uptimeNanoseconds
                finder.updateFilter(String(query.prefix(length)))
                mainActor.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                await finder.waitUntilIdle()
                latency.append(Double(appliedAt - start) / 1e9)
                if length == 1 { first.append(latency[latency.count - 1]) }
                shown.append(finder.order.count)
            }
            finder.cancelFilter()
            await finder.waitUntilIdle()
        }
        finder.didApply = nil
        sink &+= shown.reduce(0, +)
        let matches = shown.prefix(max(1, query.count)).map(String.init).joined(separator: ", ")
        var keystroke = summarize("filter keystroke, \(label(rows.count)) (until applied)", latency)
        keystroke.note = "typing \"\(query)\"; rows shown per keystroke: \(matches)"
        var main = summarize("filter keystroke main-actor part, \(label(rows.count))", mainActor)
        main.note = "updateFilter's synchronous work (the rest runs off the main actor)"
        var firstKey = summarize("filter first keystroke, \(label(rows.count)) (until applied)", first)
        firstKey.note = "the first character alone, no narrowing: \(shown.first ?? 0) rows match"
        return [keystroke, main, firstKey]
    }

    /// Baseline: a full pass per keystroke, `String.range(of:options: [.caseInsensitive,
    /// .diacriticInsensitive])` on each cell, for `passes` prefixes of the query (1 character,
    /// half, all of it, in turn).
    private static func naiveFilter(_ rows: FindRows, passes: Int) -> Measurement {
        let query = rows.query
        let prefixes = [1, max(1, query.count / 2), max(1, query.count)].map { String(query.prefix($0)) }
        var seconds: [Double] = []
        for pass in 0..<passes {
            let needle = prefixes[pass % prefixes.count]
            let start = DispatchTime.now().uptimeNanoseconds
            var found = 0
            for row in 0..<rows.count where (0..<3).contains(where: { column in
                rows.text(row, column).range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }) {
                found += 1
            }
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            sink &+= found
        }
        var baseline = summarize("filter naive String.range baseline, \(label(rows.count)) (per keystroke)", seconds)
        baseline.note = "full pass per keystroke; prefixes of 1, \(prefixes[1].count) and \(prefixes[2].count) characters"
        return baseline
    }

    // MARK: - Sort

    private static func sorting(_ rows: FindRows, index: FindIndex, iterations: Int) async -> [Measurement] {
        let all = Array(0..<rows.count)
        var baseline = measure("sort by title baseline, String sorted(), \(label(rows.count))", iterations: iterations) {
            rows.titles.sorted().count
        }
        baseline.note = "Swift String comparison, no folding"
        var sorted = measure("sort by title, FindIndex, \(label(rows.count))", iterations: iterations) {
            index.sorted(all, column: 2, ascending: true, numeric: false)?.count ?? 0
        }
        sorted.note = "stable, folded; " + ratio(sorted, to: baseline)
        return [baseline, sorted, await sortKey(rows, iterations: iterations)]
    }

    /// `s` until the title sort is applied (ListFinder: sort, row → position map, selection).
    private static func sortKey(_ rows: FindRows, iterations: Int) async -> Measurement {
        let finder = ListFinder(columns: [.id, .init("Author"), .init("Title")])
        finder.setRows(count: rows.count) { rows.text($0, $1) }
        await finder.waitUntilIdle()
        var seconds: [Double] = []
        for _ in 0..<iterations {
            while finder.sortColumn != 1 {   // to Author, not timed
                finder.cycleSort()
                await finder.waitUntilIdle()
            }
            let start = DispatchTime.now().uptimeNanoseconds
            finder.cycleSort()               // Author → Title
            await finder.waitUntilIdle()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            sink &+= finder.order.first ?? 0
        }
        var key = summarize("sort key s by title, ListFinder, \(label(rows.count)) (until applied)", seconds)
        key.note = "includes the row → position map and the selection"
        return key
    }

    // MARK: - Helpers

    /// `100,000 rows`.
    static func label(_ count: Int) -> String {
        let digits = String(count)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped + " rows"
    }
}
