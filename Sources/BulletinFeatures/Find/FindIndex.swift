/// The folded text of a list's rows, built once per load (off the main thread), that filters
/// and sorts answer from.
///
/// Rows and columns are 0-based indices into the list's source rows, in load order. A value,
/// so it can be handed to a background task.
///
/// CONTRACT (issue 7): this first version is naive (one folded `String` per cell); the engine
/// work replaces its storage with something that meets the 1M-row targets, keeping this API.
public struct FindIndex: Sendable {
    /// How many rows are indexed.
    public let rowCount: Int
    /// How many columns each row has.
    public let columnCount: Int
    private let folded: [[String]]
    private let raw: [[String]]

    /// Indexes `rowCount` rows of `columnCount` columns; `text(row, column)` is the cell's visible text.
    public init(rowCount: Int, columnCount: Int, text: (Int, Int) -> String) {
        self.rowCount = rowCount
        self.columnCount = columnCount
        raw = (0..<rowCount).map { row in (0..<columnCount).map { text(row, $0) } }
        folded = raw.map { $0.map(TextFolding.fold) }
    }

    /// The rows (ascending) any of whose cells contains `query` after folding.
    /// - Parameters:
    ///   - query: Taken literally; the empty query matches every row.
    ///   - candidates: Only these rows are tested (the previous result when the query grew); `nil` for all.
    ///   - isCancelled: Polled now and then; when it answers `true` the filter stops.
    /// - Returns: The matching rows, or `nil` when cancelled.
    public func filter(_ query: String, within candidates: [Int]? = nil, isCancelled: () -> Bool = { false }) -> [Int]? {
        let needle = TextFolding.fold(query)
        let rows = candidates ?? Array(0..<rowCount)
        if needle.isEmpty { return rows }
        var result: [Int] = []
        for row in rows {
            if isCancelled() { return nil }
            if folded[row].contains(where: { $0.contains(needle) }) { result.append(row) }
        }
        return result
    }

    /// Whether `row` matches `query` (as ``filter(_:within:isCancelled:)``).
    public func matches(row: Int, query: String) -> Bool {
        let needle = TextFolding.fold(query)
        return needle.isEmpty || folded[row].contains(where: { $0.contains(needle) })
    }

    /// `rows` in a stable order by `column`: numbers by value when `numeric`, text by its
    /// folded form; equal keys keep their order in `rows`.
    /// - Returns: The sorted rows, or `nil` when cancelled.
    public func sorted(_ rows: [Int], column: Int, ascending: Bool, numeric: Bool, isCancelled: () -> Bool = { false }) -> [Int]? {
        let keyed = rows.enumerated().map { ($0.offset, $0.element) }
        let sorted = keyed.sorted { lhs, rhs in
            let order = Self.compare(folded[lhs.1][column], folded[rhs.1][column], numeric: numeric)
            if order == 0 { return lhs.0 < rhs.0 }
            return ascending ? order < 0 : order > 0
        }
        return isCancelled() ? nil : sorted.map(\.1)
    }

    private static func compare(_ lhs: String, _ rhs: String, numeric: Bool) -> Int {
        if numeric, let left = Double(lhs), let right = Double(rhs) {
            return left < right ? -1 : (left > right ? 1 : 0)
        }
        return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0)
    }
}
