import BulletinData
import Testing

@testable import BulletinFeatures

/// `FindIndex.sorted`: stable radix sort by folded text or numeric value (issue 7).
@Suite struct FindIndexSortTests {
    /// Reference: folded UTF-8 byte order (numbers first by value when numeric), ties by input
    /// order; missing values (blank or `—`) last in both directions, in input order.
    static func reference(_ cells: [String], _ rows: [Int], ascending: Bool, numeric: Bool) -> [Int] {
        let isMissing = { (row: Int) in TextFolding.foldedUTF8(cells[row]).isEmpty || TextFolding.fold(cells[row]) == "—" }
        let present = rows.filter { !isMissing($0) }
        return sortedPresent(cells, present, ascending: ascending, numeric: numeric) + rows.filter(isMissing)
    }

    private static func sortedPresent(_ cells: [String], _ rows: [Int], ascending: Bool, numeric: Bool) -> [Int] {
        func number(_ text: String) -> Double? {
            guard let value = Double(TextFolding.fold(text).trimmingCharacters(in: .whitespaces)), !value.isNaN else { return nil }
            return value
        }
        func compare(_ lhs: Int, _ rhs: Int) -> Int {
            let left = numeric ? number(cells[lhs]) : nil
            let right = numeric ? number(cells[rhs]) : nil
            if let left, let right { return left < right ? -1 : (left > right ? 1 : 0) }
            if left != nil { return -1 }
            if right != nil { return 1 }
            let a = TextFolding.foldedUTF8(cells[lhs])
            let b = TextFolding.foldedUTF8(cells[rhs])
            return a.lexicographicallyPrecedes(b) ? -1 : (b.lexicographicallyPrecedes(a) ? 1 : 0)
        }
        return rows.enumerated().sorted { lhs, rhs in
            let order = compare(lhs.element, rhs.element)
            if order != 0 { return ascending ? order < 0 : order > 0 }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    @Test("random cells sort like the reference, both ways, text and numeric (fixed seed)")
    func matchesReference() {
        let seed = UInt64(0x50E7)
        print("sort property test seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let pieces = ["", "a", "A", "ab", "abcdefgh", "abcdefghi", "abcdefghij", "Émile", "emile", "ß", "ss",
                      "東京", "-3", "10", "2", "2.5", "-0", "0", "1e3", "nan", "x9", " 7", "zz"]
        for round in 0..<40 {
            let count = 1 + random.next(round < 20 ? 30 : 400)
            let cells = (0..<count).map { _ in pieces[random.next(pieces.count)] + (random.next(4) == 0 ? pieces[random.next(pieces.count)] : "") }
            let index = FindIndex(rowCount: count, columnCount: 1) { row, _ in cells[row] }
            let rows = (0..<count).filter { _ in random.next(5) != 0 }.shuffled(using: &random)
            for ascending in [true, false] {
                for numeric in [false, true] {
                    #expect(index.sorted(rows, column: 0, ascending: ascending, numeric: numeric)
                            == Self.reference(cells, rows, ascending: ascending, numeric: numeric),
                            "seed \(seed) round \(round) ascending \(ascending) numeric \(numeric)")
                }
            }
        }
    }

    @Test("long runs of one 8-byte prefix are ordered by the rest and stay stable")
    func longEqualPrefixRuns() {
        let cells = (0..<200).map { "samepref" + ["b", "a", "", "c"][$0 % 4] }
        let index = FindIndex(rowCount: cells.count, columnCount: 1) { row, _ in cells[row] }
        let sorted = index.sorted(Array(0..<200), column: 0, ascending: true, numeric: false) ?? []
        #expect(sorted == (0..<200).filter { $0 % 4 == 2 } + (0..<200).filter { $0 % 4 == 1 }
                + (0..<200).filter { $0 % 4 == 0 } + (0..<200).filter { $0 % 4 == 3 })
        let descending = index.sorted(Array(0..<200), column: 0, ascending: false, numeric: false) ?? []
        #expect(descending == (0..<200).filter { $0 % 4 == 3 } + (0..<200).filter { $0 % 4 == 0 }
                + (0..<200).filter { $0 % 4 == 1 } + (0..<200).filter { $0 % 4 == 2 })
    }

    @Test("numeric columns sort by value, non-numbers last; a second column sorts by its own text")
    func numericAndColumns() {
        let rows = [["10", "b"], ["9", "a"], ["-1", "c"], ["id?", "a"], ["2.5", "b"], ["100", "a"]]
        let index = FindIndex(rowCount: rows.count, columnCount: 2) { rows[$0][$1] }
        #expect(index.sorted(Array(0..<6), column: 0, ascending: true, numeric: true) == [2, 4, 1, 0, 5, 3])
        #expect(index.sorted(Array(0..<6), column: 0, ascending: false, numeric: true) == [3, 5, 0, 1, 4, 2])
        #expect(index.sorted(Array(0..<6), column: 0, ascending: true, numeric: false) == [2, 0, 5, 4, 1, 3])
        #expect(index.sorted(Array(0..<6), column: 1, ascending: true, numeric: false) == [1, 3, 5, 0, 4, 2])
        #expect(index.sorted([5, 3, 1], column: 1, ascending: true, numeric: false) == [5, 3, 1])
    }
}

extension SeededRandom: RandomNumberGenerator {
    /// 64 random bits, for `shuffled(using:)`.
    mutating func next() -> UInt64 {
        UInt64(next(Int.max)) << 1 ^ UInt64(next(2))
    }
}
