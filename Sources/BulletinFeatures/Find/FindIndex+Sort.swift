import Foundation

extension FindIndex {
    /// `rows` in a stable order by `column`, as a column of `type` sorts (``ListColumn``):
    /// numbers by value, dates and times in time order, booleans false before true, text and
    /// URLs by folded form; equal keys keep their order in `rows`. Missing values (`—`, or a
    /// blank cell) come last in both directions, in their order in `rows`.
    ///
    /// Text compares the folded UTF-8 bytes (Unicode scalar order). Each row gets a 64-bit key
    /// (a number's value, a time's seconds, or the text's first 8 bytes), sorted by a stable
    /// radix sort; runs of equal text keys are then ordered by the rest of their bytes. Cells
    /// of a typed column that do not read as its type sort after every typed value, by text.
    /// Descending reverses the keys only: ties still keep their order in `rows`.
    /// - Returns: The sorted rows, or `nil` when cancelled (polled between passes).
    public func sorted(
        _ rows: [Int], column: Int, ascending: Bool, type: ListColumn.ValueType, isCancelled: () -> Bool = { false }
    ) -> [Int]? {
        guard column >= 0, column < columnCount, rows.count > 1 else { return rows }
        var numbers: [SortKey] = []
        var texts: [SortKey] = []
        var missing: [Int] = []
        let typed = type != .text && type != .url
        bytes.withUnsafeBufferPointer { text in
            texts.reserveCapacity(typed ? 0 : rows.count)
            for row in rows {
                let start = starts[row * columnCount + column]
                let cell = UnsafeBufferPointer(rebasing: text[start..<starts[row * columnCount + column + 1]])
                if Self.isMissing(cell) {
                    missing.append(row)
                } else if typed, let value = Self.key(cell, type: type) {
                    numbers.append(SortKey(primary: Self.orderedBits(value), row: row))
                } else {
                    let rest = cell.count > 8 ? Self.prefix(UnsafeBufferPointer(rebasing: cell[(cell.startIndex + 8)...])) : 0
                    texts.append(SortKey(primary: Self.prefix(cell), secondary: rest, start: start, count: cell.count, row: row))
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
        return first.map(\.row) + second.map(\.row) + missing
    }

    /// ``sorted(_:column:ascending:type:isCancelled:)`` of an integer column when `numeric`,
    /// else of a text column.
    public func sorted(_ rows: [Int], column: Int, ascending: Bool, numeric: Bool, isCancelled: () -> Bool = { false }) -> [Int]? {
        sorted(rows, column: column, ascending: ascending, type: numeric ? .integer : .text, isCancelled: isCancelled)
    }

    // MARK: - Private

    /// Orders each run of equal 8-byte prefixes by the rest of the text, stably: the next 8
    /// bytes (kept in the key for the first level) become the key and the run is radix-sorted again, deeper until runs are short
    /// (then sorted by comparing whole texts) or every text in the run has ended.
    private func refineRuns(_ keys: inout [SortKey], column: Int, ascending: Bool) {
        bytes.withUnsafeBufferPointer { text in
            let cell = { (key: SortKey) -> UnsafeBufferPointer<UInt8> in
                UnsafeBufferPointer(rebasing: text[key.start..<(key.start + key.count)])
            }
            Self.refine(&keys, 0..<keys.count, depth: 1, ascending: ascending, cell: cell)
        }
    }

    /// Refines every run of equal keys inside `range`, whose texts agree on their first
    /// `depth - 1` chunks of 8 bytes.
    private static func refine(
        _ keys: inout [SortKey], _ range: Range<Int>, depth: Int, ascending: Bool,
        cell: (SortKey) -> UnsafeBufferPointer<UInt8>
    ) {
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound, keys[end].primary == keys[start].primary { end += 1 }
            if end - start > 1 { refineRun(&keys, start..<end, depth: depth, ascending: ascending, cell: cell) }
            start = end
        }
    }

    /// Orders one run whose texts agree on their first `depth` chunks of 8 bytes (zero-padded).
    private static func refineRun(
        _ keys: inout [SortKey], _ run: Range<Int>, depth: Int, ascending: Bool,
        cell: (SortKey) -> UnsafeBufferPointer<UInt8>
    ) {
        let order = { (lhs: SortKey, rhs: SortKey) -> Bool in
            let order = compare(cell(lhs), cell(rhs))
            return ascending ? order < 0 : order > 0
        }
        // Short runs sort by comparison (a radix pass costs two 256-entry tables); so do runs
        // whose texts have all ended (only trailing NUL bytes can differ).
        if run.count <= 24 || !keys[run].contains(where: { $0.count > depth * 8 }) {
            stableSort(&keys[run], by: order)
            return
        }
        var slice = Array(keys[run])
        for position in slice.indices {
            var chunk = slice[position].secondary     // bytes 8..<16, read with the first key
            if depth > 1 {
                let text = cell(slice[position])
                chunk = prefix(UnsafeBufferPointer(rebasing: text[min(text.count, depth * 8)...]))
            }
            slice[position].primary = ascending ? chunk : ~chunk
        }
        if slice.count <= 256 {   // two 256-entry tables per radix pass cost more than comparing
            slice = slice.enumerated().sorted { ($0.element.primary, $0.offset) < ($1.element.primary, $1.offset) }.map(\.element)
        } else {
            _ = RadixSort.sort(&slice, isCancelled: { false })
        }
        keys.replaceSubrange(run, with: slice)
        refine(&keys, run, depth: depth + 1, ascending: ascending, cell: cell)
    }

    /// A stable sort of a (usually short) run: insertion sort, or a tie-broken sort when long.
    private static func stableSort(_ run: inout ArraySlice<SortKey>, by less: (SortKey, SortKey) -> Bool) {
        if run.count <= 24 {
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
    @inline(__always)
    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 { return UnsafeRawPointer(base).loadUnaligned(as: UInt64.self).bigEndian }
        var value: UInt64 = 0
        for position in 0..<8 {
            value = value << 8 | UInt64(position < bytes.count ? base[position] : 0)
        }
        return value
    }

    /// Whether a folded cell shows no value: blank, or `—`.
    private static func isMissing(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        cell.isEmpty || (cell.count == 3 && cell[cell.startIndex] == 0xE2 && cell[cell.startIndex + 1] == 0x80
            && cell[cell.startIndex + 2] == 0x94)
    }

    /// A typed cell's sort key: a number's value, a time's seconds since 1970, a boolean's
    /// 0 or 1; `nil` when the cell does not read as `type`.
    private static func key(_ cell: UnsafeBufferPointer<UInt8>, type: ListColumn.ValueType) -> Double? {
        switch type {
        case .integer, .decimal: number(cell)
        case .dateTime: SortableValue.seconds(cell)
        case .boolean: SortableValue.truth(cell)
        case .text, .url: nil
        }
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

/// One row's sort key: a 64-bit value whose unsigned order is the wanted order, and for text
/// where the cell's bytes are (so refining runs reads no offsets) with its bytes 8..<16.
struct SortKey {
    var primary: UInt64
    var secondary: UInt64 = 0
    var start = 0
    private var storedCount: UInt32 = 0
    private var storedRow: UInt32

    init(primary: UInt64, secondary: UInt64 = 0, start: Int = 0, count: Int = 0, row: Int) {
        self.primary = primary
        self.secondary = secondary
        self.start = start
        storedCount = UInt32(truncatingIfNeeded: count)
        storedRow = UInt32(truncatingIfNeeded: row)
    }

    /// The source row (rows are fewer than 2^32).
    var row: Int { Int(storedRow) }
    /// The cell's length in bytes (cells are shorter than 4 GB).
    var count: Int { Int(storedCount) }
}
