import BulletinData
import Foundation

/// The folded text of a list's rows, built once per load (off the main thread), that filters
/// and sorts answer from.
///
/// Rows and columns are 0-based indices into the list's source rows, in load order. A value,
/// so it can be handed to a background task.
///
/// Storage: every cell's ``TextFolding`` form as UTF-8, row after row, in one contiguous byte
/// buffer, with the offset where each cell starts. A filter is a literal byte search
/// (`memmem(3)`) over that buffer; a hit that spans two cells is not a match. Memory is about
/// the folded text's size plus 8 bytes per cell.
public struct FindIndex: Sendable {
    /// How many rows are indexed.
    public let rowCount: Int
    /// How many columns each row has.
    public let columnCount: Int
    /// The folded UTF-8 of every cell, row-major.
    let bytes: [UInt8]
    /// Cell `i` (row `i / columnCount`, column `i % columnCount`) is `bytes[starts[i]..<starts[i + 1]]`;
    /// `rowCount * columnCount + 1` entries.
    let starts: [Int]

    /// Indexes `rowCount` rows of `columnCount` columns; `text(row, column)` is the cell's visible text.
    public init(rowCount: Int, columnCount: Int, text: (Int, Int) -> String) {
        var builder = Builder(columnCount: columnCount, capacity: rowCount)
        _ = builder.append(count: rowCount, text: text)
        self = builder.finish()
    }

    /// Builds an index like ``init(rowCount:columnCount:text:)``, polling `isCancelled` every
    /// 4,096 rows (for a build off the main thread that newer rows make useless).
    /// - Returns: The index, or `nil` when cancelled.
    public static func build(
        rowCount: Int, columnCount: Int, isCancelled: () -> Bool, text: (Int, Int) -> String
    ) -> FindIndex? {
        var builder = Builder(columnCount: columnCount, capacity: rowCount)
        guard builder.append(count: rowCount, isCancelled: isCancelled, text: text) else { return nil }
        return builder.finish()
    }

    /// An index of these cells (``Builder/finish()``).
    init(rowCount: Int, columnCount: Int, bytes: [UInt8], starts: [Int]) {
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.bytes = bytes
        self.starts = starts
    }

    // MARK: - API

    /// The folded text of a cell, as the filter sees it.
    public func foldedText(row: Int, column: Int) -> String {
        let cell = row * columnCount + column
        return String(decoding: bytes[starts[cell]..<starts[cell + 1]], as: UTF8.self)
    }

    /// The rows (ascending) any of whose cells contains `query` after folding.
    /// - Parameters:
    ///   - query: Taken literally; the empty query matches every row.
    ///   - candidates: Only these rows are tested (the previous result when the query grew), and
    ///     the result keeps their order; `nil` for all.
    ///   - isCancelled: Polled now and then; when it answers `true` the filter stops.
    /// - Returns: The matching rows, or `nil` when cancelled.
    public func filter(_ query: String, within candidates: [Int]? = nil, isCancelled: () -> Bool = { false }) -> [Int]? {
        filter(needle: TextFolding.foldedUTF8(query), within: candidates, isCancelled: isCancelled)
    }

    /// Whether `row` matches `query` (as ``filter(_:within:isCancelled:)``).
    public func matches(row: Int, query: String) -> Bool {
        matches(row: row, needle: TextFolding.foldedUTF8(query))
    }

    // MARK: - Internal

    /// ``filter(_:within:isCancelled:)`` for an already folded query.
    func filter(needle: [UInt8], within candidates: [Int]?, isCancelled: () -> Bool) -> [Int]? {
        guard !needle.isEmpty else { return candidates ?? Array(0..<rowCount) }
        guard columnCount > 0 else { return [] }
        if let candidates, candidates.count <= rowCount / 8 {
            var rows: [Int] = []
            for (checked, row) in candidates.enumerated() {
                if checked & 0xFFF == 0, isCancelled() { return nil }
                if matches(row: row, needle: needle) { rows.append(row) }
            }
            return rows
        }
        guard let all = scanAll(needle: needle, isCancelled: isCancelled) else { return nil }
        guard let candidates else { return all }
        var mask = [Bool](repeating: false, count: rowCount)
        for row in all { mask[row] = true }
        return candidates.filter { mask[$0] }
    }

    /// Whether one of `row`'s cells contains the folded `needle` (the empty needle matches).
    func matches(row: Int, needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard columnCount > 0 else { return false }
        let first = row * columnCount
        return ByteSearch.firstMatch(of: needle, in: bytes, cells: starts, from: first, to: first + columnCount) != nil
    }

    // MARK: - Private

    /// Every row with a match, by one byte search over the whole buffer (in 4 MB slices, so
    /// cancellation is noticed), skipping to the next row after each hit.
    private func scanAll(needle: [UInt8], isCancelled: () -> Bool) -> [Int]? {
        var rows: [Int] = []
        var cell = 0
        let cellCount = rowCount * columnCount
        while cell < cellCount {
            if isCancelled() { return nil }
            let limit = sliceEnd(from: cell, cellCount: cellCount)
            guard let hit = ByteSearch.firstMatch(of: needle, in: bytes, cells: starts, from: cell, to: limit) else {
                cell = limit
                continue
            }
            let row = hit / columnCount
            rows.append(row)
            cell = (row + 1) * columnCount
        }
        return rows
    }

    /// The cell (a row boundary) about 4 MB of text after `cell`.
    private func sliceEnd(from cell: Int, cellCount: Int) -> Int {
        let target = starts[cell] + (1 << 22)
        guard target < starts[cellCount] else { return cellCount }
        var end = ByteSearch.cell(containing: target, cells: starts, from: cell, to: cellCount) + 1
        end = ((end + columnCount - 1) / columnCount) * columnCount
        return min(end, cellCount)
    }
}
