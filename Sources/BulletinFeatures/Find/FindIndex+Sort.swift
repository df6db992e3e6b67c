import Foundation

extension FindIndex {
    /// `rows` in a stable order by `column`: numbers by value when `numeric`, text by its
    /// folded form; equal keys keep their order in `rows`.
    ///
    /// Text compares the folded UTF-8 bytes (Unicode scalar order); each row's key starts as
    /// its first 8 bytes in one integer, so most comparisons never touch the text. With
    /// `numeric`, cells that do not read as a number (`Double`, not NaN) sort after every
    /// number, by text. Descending reverses the keys only: ties still keep their order in `rows`.
    /// - Returns: The sorted rows, or `nil` when cancelled (polled before and after the sort).
    public func sorted(_ rows: [Int], column: Int, ascending: Bool, numeric: Bool, isCancelled: () -> Bool = { false }) -> [Int]? {
        guard column >= 0, column < columnCount else { return rows }
        var keys = sortKeys(rows, column: column, numeric: numeric)
        if isCancelled() { return nil }
        bytes.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                keys.sort { lhs, rhs in
                    let order = Self.compare(lhs, rhs, text: text, starts: starts)
                    if order != 0 { return ascending ? order < 0 : order > 0 }
                    return lhs.sequence < rhs.sequence
                }
            }
        }
        return isCancelled() ? nil : keys.map(\.row)
    }

    // MARK: - Private

    /// One row's sort key: numbers first (`isText` false) by value, then text by bytes.
    private struct SortKey {
        var isText: Bool
        var number: Double
        var prefix: UInt64
        var cell: Int
        var row: Int
        var sequence: Int
    }

    private func sortKeys(_ rows: [Int], column: Int, numeric: Bool) -> [SortKey] {
        bytes.withUnsafeBufferPointer { text in
            rows.enumerated().map { sequence, row in
                let cell = row * columnCount + column
                let slice = UnsafeBufferPointer(rebasing: text[starts[cell]..<starts[cell + 1]])
                let number = numeric ? Self.number(slice) : nil
                return SortKey(
                    isText: number == nil, number: number ?? 0, prefix: Self.prefix(slice),
                    cell: cell, row: row, sequence: sequence
                )
            }
        }
    }

    /// -1, 0 or 1: `lhs` before, tied with or after `rhs` (ignoring their sequence).
    private static func compare(
        _ lhs: SortKey, _ rhs: SortKey, text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>
    ) -> Int {
        if lhs.isText != rhs.isText { return lhs.isText ? 1 : -1 }
        if !lhs.isText { return lhs.number < rhs.number ? -1 : (lhs.number > rhs.number ? 1 : 0) }
        if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix ? -1 : 1 }
        let left = UnsafeBufferPointer(rebasing: text[starts[lhs.cell]..<starts[lhs.cell + 1]])
        let right = UnsafeBufferPointer(rebasing: text[starts[rhs.cell]..<starts[rhs.cell + 1]])
        let shared = min(left.count, right.count)
        if shared > 8, let a = left.baseAddress, let b = right.baseAddress {
            let order = memcmp(a + 8, b + 8, shared - 8)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return left.count < right.count ? -1 : (left.count > right.count ? 1 : 0)
    }

    /// The first 8 bytes, big-endian, zero-padded: comparing prefixes compares those bytes.
    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for position in 0..<8 {
            value = value << 8 | UInt64(position < bytes.count ? bytes[position] : 0)
        }
        return value
    }

    /// The cell read as a number: plain integers directly, anything else through `Double`.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var value = 0
        var negative = false
        var digits = 0
        for (position, byte) in bytes.enumerated() {
            if position == 0, byte == UInt8(ascii: "-") {
                negative = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else {
                digits = -1
                break
            }
        }
        if digits > 0 { return Double(negative ? -value : value) }
        guard let parsed = Double(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)),
              !parsed.isNaN else { return nil }
        return parsed
    }
}
