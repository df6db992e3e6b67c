/// How wide a list's columns' loaded values are, for the table's width policy
/// (``ColumnWidth/layout(_:natural:total:)``): measured once per load, on the first frame that
/// asks, with the measure the screen injects (BulletinFeatures measures no text itself).
extension ListFinder {
    /// About this many rows are measured (spread evenly over the list, and its last ones): a list
    /// of a million posts costs what one of two thousand does, once per load.
    public nonisolated static let widthSampleLimit = 2_000

    /// Each column's natural width: the widest of its title with room for the sort mark (`▲ `)
    /// and the values of the rows last given (at most ``widthSampleLimit`` of them, each read
    /// only as far as the column's maximum width). `nil` for every column before rows were given.
    /// - Parameter measure: A text's width in cells (the terminal's display width).
    public func naturalWidths(measure: (String) -> Int) -> [Int?] {
        if let measuredWidths { return measuredWidths }
        guard let source = widthSource else { return columns.map { _ in nil } }
        var widths = columns.map { measure($0.title) + 2 }
        let rows = Self.sample(count: source.count, limit: Self.widthSampleLimit)
        for (column, declared) in columns.enumerated() {
            let cap = declared.width.max + 1
            for row in rows where widths[column] < cap {
                widths[column] = max(widths[column], measure(String(source.text(row, column).prefix(cap))))
            }
        }
        if let widthFloor {
            for column in widths.indices { widths[column] = max(widths[column], widthFloor[column] ?? 0) }
        }
        let measured = widths.map { Optional($0) }
        measuredWidths = measured
        return measured
    }

    /// The rows a new load gives: measured again on the next ``naturalWidths(measure:)``.
    /// - Parameter growing: Whether the widths measured before stay the least the columns get
    ///   (a list read in windows gives a window at a time: its columns only widen as they come).
    func measure(count: Int, growing: Bool = false, text: @escaping @Sendable (Int, Int) -> String) {
        if growing, let measuredWidths {
            let floor = widthFloor ?? measuredWidths
            widthFloor = zip(floor, measuredWidths).map { pair in Swift.max(pair.0 ?? 0, pair.1 ?? 0) }
        } else if growing, let (before, earlier) = widthSource {
            // Not measured since the last rows came: those are measured with these.
            widthSource = (before + count, { row, column in row < before ? earlier(row, column) : text(row - before, column) })
            return
        } else if !growing {
            widthFloor = nil
        }
        widthSource = (count, text)
        measuredWidths = nil
    }

    /// `limit` rows spread evenly over `count` (all of them when there are no more), and the
    /// last 64 (a list in id order has its longest ids at the end: `1000000` after `999999`).
    private static func sample(count: Int, limit: Int) -> [Int] {
        guard count > limit else { return Array(0..<count) }
        return (0..<limit).map { $0 * count / limit } + Array(max(0, count - 64)..<count)
    }
}
