import Dispatch

/// One micro-benchmark's result: seconds per operation (median and 95th percentile).
struct Measurement: Encodable {
    /// What was measured, such as `decode JSONDecoder (DataSet)`.
    var name: String
    /// Median seconds per operation.
    var median_s: Double
    /// 95th percentile (nearest rank) of seconds per operation.
    var p95_s: Double
    /// How many timed repetitions the figures come from.
    var iterations: Int
    /// Units per operation, throughput or the ratio to the in-run baseline.
    var note: String = ""
}

/// Times `body` `iterations` times after one untimed warm-up run.
///
/// Returns seconds per operation, where one call of `body` does `operations` operations
/// (a frame of 38 rows counts as 38 when measuring per row, say).
func measure(_ name: String, iterations: Int, operations: Int = 1, _ body: () -> Int) -> Measurement {
    sink &+= body()
    var seconds: [Double] = []
    for _ in 0..<max(1, iterations) {
        let start = DispatchTime.now().uptimeNanoseconds
        sink &+= body()
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        seconds.append(Double(elapsed) / 1e9 / Double(max(1, operations)))
    }
    seconds.sort()
    let middle = seconds.count / 2
    let median = seconds.count % 2 == 1 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2
    let p95 = seconds[max(0, Int((0.95 * Double(seconds.count)).rounded(.up)) - 1)]
    return Measurement(name: name, median_s: median, p95_s: p95, iterations: seconds.count)
}

/// Median and 95th percentile (nearest rank) of `seconds` taken elsewhere (one sample per
/// operation), as ``measure(_:iterations:operations:_:)`` reports them.
func summarize(_ name: String, _ seconds: [Double]) -> Measurement {
    let sorted = seconds.sorted()
    guard !sorted.isEmpty else { return Measurement(name: name, median_s: 0, p95_s: 0, iterations: 0) }
    let middle = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    let p95 = sorted[max(0, Int((0.95 * Double(sorted.count)).rounded(.up)) - 1)]
    return Measurement(name: name, median_s: median, p95_s: p95, iterations: sorted.count)
}

/// Folds every benchmark's result in so the optimizer cannot drop the work; printed at the end.
nonisolated(unsafe) var sink = 0

/// `"2.31x the baseline"`: how many times slower `measured` is than `baseline` (medians).
func ratio(_ measured: Measurement, to baseline: Measurement) -> String {
    String(format: "%.2fx the time of %@", measured.median_s / baseline.median_s, baseline.name)
}
