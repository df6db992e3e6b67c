/// One pass of a list's filter and sort, with where the selection goes: plain data in, plain
/// data out, so ``ListFinder`` can run it off the main actor and apply the result there.
struct FindJob: Sendable {
    /// The sort a pass applies after filtering.
    struct Sort: Sendable, Equatable {
        var column: Int
        var ascending: Bool
        /// The sort column's value type (``ListColumn/ValueType``), which decides its order.
        var type: ListColumn.ValueType
    }

    /// What a pass produced.
    struct Result: Sendable {
        /// The matching rows in source order (ascending): the base for narrowing next time.
        var filtered: [Int]
        /// Display position → source row.
        var order: [Int]
        /// Source row → display position, or -1 when hidden; `rowCount` entries.
        var positions: [Int32]
        /// The display position to select (the kept row, or the nearest shown row), or `nil`.
        var selection: Int?
    }

    /// The query as typed (reported with the result).
    var query: String
    var index: FindIndex
    /// The folded query (a regular expression's key, ``ListFinder/filterKey(_:)``, which is never searched for).
    var needle: [UInt8]
    /// The regular expression to filter by instead of `needle`, and the cells' text it is matched against.
    var regex: (pattern: RegexPattern, text: @Sendable (Int, Int) -> String)?
    /// Rows to test instead of all (the previous result, when the query grew).
    var candidates: [Int]?
    /// The rows already known to match `needle` (only the sort changed).
    var filtered: [Int]?
    var sort: Sort?
    /// The source row selected when the pass started, to keep selected.
    var keep: Int?
    /// The order shown when the pass started, and the selected position in it.
    var previousOrder: [Int]
    var previousPosition: Int

    // MARK: - API

    /// Filters, sorts and places the selection; `nil` when cancelled.
    func run(isCancelled: () -> Bool) -> Result? {
        guard let filtered = filtered ?? filter(isCancelled: isCancelled) else { return nil }
        var order = filtered
        if let sort {
            guard let sorted = index.sorted(
                filtered, column: sort.column, ascending: sort.ascending, type: sort.type, isCancelled: isCancelled
            ) else { return nil }
            order = sorted
        }
        if isCancelled() { return nil }
        let positions = Self.positions(of: order, rowCount: index.rowCount)
        return Result(filtered: filtered, order: order, positions: positions, selection: selection(positions: positions))
    }

    /// The kept row's new position; else the nearest row of the previous order (after it
    /// first, then before it) that is still shown; `nil` when neither exists.
    func selection(positions: [Int32]) -> Int? {
        func shown(_ row: Int) -> Int? {
            guard row >= 0, row < positions.count, positions[row] >= 0 else { return nil }
            return Int(positions[row])
        }
        guard let keep else { return nil }
        if let position = shown(keep) { return position }
        guard previousOrder.indices.contains(previousPosition) else { return nil }
        for distance in 1..<max(2, previousOrder.count) {
            for candidate in [previousPosition + distance, previousPosition - distance]
            where previousOrder.indices.contains(candidate) {
                if let position = shown(previousOrder[candidate]) { return position }
            }
        }
        return nil
    }

    // MARK: - Private

    /// The rows matching the query: the index's byte search for a literal, each cell's text for
    /// a regular expression (slower, and always off the main actor).
    private func filter(isCancelled: () -> Bool) -> [Int]? {
        guard let (pattern, text) = regex else { return index.filter(needle: needle, within: candidates, isCancelled: isCancelled) }
        var rows: [Int] = []
        for row in candidates ?? Array(0..<index.rowCount) {
            if row & 0xFF == 0, isCancelled() { return nil }
            if (0..<index.columnCount).contains(where: { pattern.matches(text(row, $0)) }) { rows.append(row) }
        }
        return rows
    }

    private static func positions(of order: [Int], rowCount: Int) -> [Int32] {
        var positions = [Int32](repeating: -1, count: rowCount)
        for (position, row) in order.enumerated() { positions[row] = Int32(truncatingIfNeeded: position) }
        return positions
    }
}
