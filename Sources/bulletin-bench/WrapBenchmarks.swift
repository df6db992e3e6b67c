import BulletinData
import TermView

/// Wrapping post bodies for the post screen, against splitting the same text on spaces.
enum WrapBenchmarks {
    /// `TextLayout.wrap` of the first 1,000 post bodies at 100 columns, per body; the baseline
    /// splits the same bodies on spaces and newlines (a lower bound for any word wrapper).
    static func run(posts: [Post], iterations: Int) -> [Measurement] {
        let bodies = posts.prefix(1_000).map(\.body)
        var baseline = measure("split on spaces (baseline)", iterations: iterations, operations: bodies.count) {
            bodies.reduce(0) { $0 + $1.split(whereSeparator: { $0 == " " || $0 == "\n" }).count }
        }
        baseline.note = "per body"
        var wrap = measure("wrap, 100 columns (per body)", iterations: iterations, operations: bodies.count) {
            bodies.reduce(0) { $0 + TextLayout.wrap($1, width: 100).count }
        }
        wrap.note = "per body; " + ratio(wrap, to: baseline)
        return [baseline, wrap]
    }
}
