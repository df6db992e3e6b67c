import BulletinData
import Foundation

extension FindIndex {
    /// Builds a ``FindIndex`` a batch of rows at a time (a long load's batches, indexed while
    /// the rest of the file is read), with the same bytes as one build over all the rows.
    ///
    /// A cell whose text is byte for byte the one above it (a list's author column: a hundred
    /// posts of one author in a row) copies that cell's folded bytes instead of folding again,
    /// which for non-ASCII text means Foundation's folding once per run of equal cells.
    public struct Builder: Sendable {
        /// Cells per row.
        public let columnCount: Int
        /// Rows appended so far.
        public private(set) var rowCount = 0
        private var bytes: [UInt8] = []
        private var starts: [Int] = [0]
        /// Per column: the text of the last row's cell and where its folded bytes start (-1: none).
        private var above: [String]
        private var aboveStart: [Int]

        /// An empty builder for rows of `columnCount` cells, with room for about `capacity` rows.
        public init(columnCount: Int, capacity: Int = 0) {
            self.columnCount = columnCount
            above = Array(repeating: "", count: columnCount)
            aboveStart = Array(repeating: -1, count: columnCount)
            bytes.reserveCapacity(capacity * columnCount * 16)
            starts.reserveCapacity(capacity * columnCount + 1)
        }

        /// Appends `count` rows after those appended so far; `text(row, column)` is the visible
        /// text of the appended batch's row `row` (0-based within this call). Polls
        /// `isCancelled` every 4,096 rows.
        /// - Returns: `false` when cancelled, leaving part of the batch appended (drop the builder).
        public mutating func append(count: Int, isCancelled: () -> Bool = { false }, text: (Int, Int) -> String) -> Bool {
            for row in 0..<count {
                if row & 0xFFF == 0, isCancelled() { return false }
                for column in 0..<columnCount {
                    let cell = text(row, column)
                    let start = bytes.count
                    let previous = aboveStart[column]
                    if previous >= 0, Self.sameBytes(cell, above[column]) {
                        let end = starts[(rowCount - 1) * columnCount + column + 1]
                        // Byte by byte: a slice of `bytes` appended to itself would copy the buffer.
                        for offset in previous..<end { bytes.append(bytes[offset]) }
                    } else {
                        TextFolding.appendFoldedUTF8(of: cell, to: &bytes)
                        above[column] = cell
                    }
                    aboveStart[column] = start
                    starts.append(bytes.count)
                }
                rowCount += 1
            }
            return true
        }

        /// The index of every row appended.
        public func finish() -> FindIndex {
            FindIndex(rowCount: rowCount, columnCount: columnCount, bytes: bytes, starts: starts)
        }

        /// Whether `a` and `b` have the same UTF-8 bytes (not `==`, which compares canonically
        /// equivalent texts as equal, and slowly for non-ASCII).
        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            var a = a, b = b
            guard a.utf8.count == b.utf8.count else { return false }
            return a.withUTF8 { l in b.withUTF8 { r in l.count == 0 || memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0 } }
        }
    }
}
