import Foundation

extension FindIndex {
    /// `rows` in a stable order by `column`: numbers by value when `numeric`, text by its
    /// folded form; equal keys keep their order in `rows`.
    ///
    /// Text compares the folded UTF-8 bytes (Unicode scalar order). Each row gets a 64-bit key
    /// (a number's value, or the text's first 8 bytes), sorted by a stable radix sort; runs of
    /// equal text keys are then ordered by the rest of their bytes. With `numeric`, cells that
    /// do not read as a number (`Double`, not NaN) sort after every number, by text.
    /// Descending reverses the keys only: ties still keep their order in `rows`.
    /// - Returns: The sorted rows, or `nil` when cancelled (polled between passes).
    public func sorted(_ rows: [Int], column: Int, ascending: Bool, numeric: Bool, isCancelled: () -> Bool = { false }) -> [Int]? {
        guard column >= 0, column < columnCount, rows.count > 1 else { return rows }
        var numbers: [SortKey] = []
        var texts: [SortKey] = []
        bytes.withUnsafeBufferPointer { text in
            texts.reserveCapacity(numeric ? 0 : rows.count)
            for row in rows {
                let cell = UnsafeBufferPointer(rebasing: text[starts[row * columnCount + column]..<starts[row * columnCount + column + 1]])
                if numeric, let value = Self.number(cell) {
                    numbers.append(SortKey(primary: Self.orderedBits(value), row: row))
                } else {
                    texts.append(SortKey(primary: Self.prefix(cell), row: row))
                }
            }
        }
        if !ascending {
            for position in numbers.indices { numbers[position].primary = ~numbers[position].primary }
            for position in texts.indices { texts[position].primary = ~texts[position].primary }
        }
        guard RadixSort.sort(&numbers, isCancelled: isCancelled), RadixSort.sort(&texts, isCancelled: isCancelled)
        else { return nil }
        refineRuns(&texts, column: column, ascending: ascending)
        if isCancelled() { return nil }
        let first = ascending ? numbers : texts
        let second = ascending ? texts : numbers
        return first.map(\.row) + second.map(\.row)
    }

    // MARK: - Private

    /// Orders each run of equal 8-byte prefixes by the rest of the text, stably.
    private func refineRuns(_ keys: inout [SortKey], column: Int, ascending: Bool) {
        bytes.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                func cell(_ row: Int) -> UnsafeBufferPointer<UInt8> {
                    let index = row * columnCount + column
                    return UnsafeBufferPointer(rebasing: text[starts[index]..<starts[index + 1]])
                }
                var start = 0
                while start < keys.count {
                    var end = start + 1
                    while end < keys.count, keys[end].primary == keys[start].primary { end += 1 }
                    if end - start > 1 {
                        Self.stableSort(&keys[start..<end]) { lhs, rhs in
                            let order = Self.compare(cell(lhs.row), cell(rhs.row))
                            return ascending ? order < 0 : order > 0
                        }
                    }
                    start = end
                }
            }
        }
    }

    /// A stable sort of a (usually short) run: insertion sort, or a tie-broken sort when long.
    private static func stableSort(_ run: inout ArraySlice<SortKey>, by less: (SortKey, SortKey) -> Bool) {
        if run.count <= 16 {
            for position in (run.startIndex + 1)..<run.endIndex {
                let key = run[position]
                var hole = position
                while hole > run.startIndex, less(key, run[hole - 1]) {
                    run[hole] = run[hole - 1]
                    hole -= 1
                }
                run[hole] = key
            }
            return
        }
        let sorted = run.enumerated().sorted { lhs, rhs in
            if less(lhs.element, rhs.element) { return true }
            if less(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }
        for (position, entry) in zip(run.indices, sorted) { run[position] = entry.element }
    }

    /// -1, 0 or 1: byte order, a prefix before the longer text.
    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(left.count, right.count)
        if shared > 0, let a = left.baseAddress, let b = right.baseAddress {
            let order = memcmp(a, b, shared)
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

    /// `value`'s bits arranged so unsigned order is numeric order (-0 counts as 0).
    private static func orderedBits(_ value: Double) -> UInt64 {
        let bits = (value == 0 ? 0.0 : value).bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }

    /// The cell read as a number: plain integers directly, anything else through `Double`.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var value = 0
        var negative = false
        var digits = 0
        for (position, byte) in bytes.enumerated() {
            if position == 0, byte == UInt8(ascii: "-") {
                negative = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits >= 0, digits < 18 {
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

/// One row's sort key: a 64-bit value whose unsigned order is the wanted order.
struct SortKey {
    var primary: UInt64
    var row: Int
}
