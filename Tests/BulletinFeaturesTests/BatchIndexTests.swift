import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// The finder's index built a batch at a time (issue 13's whole list at 1M): the same index as
/// one build over the rows, the id lookup without a dictionary, and the Posts list using the
/// index its batches built only when the listing is what the batches were.
@Suite struct BatchIndexTests {
    /// Rows with runs of equal (non-ASCII and ASCII) authors and equal-length titles.
    static func rows(_ count: Int) -> [[String]] {
        let authors = ["Émile Zoë", "Ann", "ÇA Ğ", "ann", "Émile Zoë"]
        return (0..<count).map { row in [String(row + 1), authors[(row / 7) % authors.count], "Tïtle \(row % 10)\(row % 3)"] }
    }

    /// Every cell of `index` folded as ``TextFolding/fold(_:)`` folds `rows`' text.
    static func expectFolded(_ index: FindIndex, _ rows: [[String]]) {
        #expect(index.rowCount == rows.count)
        for (row, cells) in rows.enumerated() {
            for (column, text) in cells.enumerated() {
                #expect(index.foldedText(row: row, column: column) == TextFolding.fold(text), "row \(row) column \(column)")
            }
        }
    }

    @Test("an index appended in batches has the bytes of one build over all the rows, folded cell by cell")
    func builderMatchesWholeBuild() {
        let rows = Self.rows(500)
        let whole = FindIndex(rowCount: rows.count, columnCount: 3) { rows[$0][$1] }
        var builder = FindIndex.Builder(columnCount: 3)
        var start = 0
        for size in [1, 6, 7, 100, 0, 255, 131] {
            let batch = Array(rows[start..<(start + size)])
            #expect(builder.append(count: batch.count) { batch[$0][$1] })
            start += size
        }
        #expect(start == rows.count)
        let built = builder.finish()
        #expect(built.bytes == whole.bytes && built.starts == whole.starts)
        Self.expectFolded(built, rows)
        for query in ["émile", "EMILE ZOE", "ca g", "tïtle 51", "ann", "zz"] {
            #expect(built.filter(query) == whole.filter(query), "query \(query)")
        }
    }

    @Test("a cancelled build says so")
    func builderCancels() {
        var builder = FindIndex.Builder(columnCount: 1)
        #expect(!builder.append(count: 10, isCancelled: { true }) { _, _ in "x" })
    }

    @Test("ids in ascending plain numbers are found by number, exactly as their text")
    func ascendingIDs() throws {
        let ids = RowIDs.build(count: 1000) { String($0 * 3 + 1) }
        let found = try #require(ids)
        #expect(found.row(withID: "1") == 0)
        #expect(found.row(withID: "2998") == 999)
        #expect(found.row(withID: "4") == 1)
        for absent in ["2", "0", "3001", "04", "+4", "-4", "4 ", "", "x", "99999999999999999999"] {
            #expect(found.row(withID: absent) == nil, "id \(absent.debugDescription)")
        }
    }

    @Test("any ids answer as a text → first-row dictionary does (seeded)")
    func idsMatchADictionary() throws {
        var random = SeededGenerator(seed: 13)
        let spellings = ["0", "-0", "-3", "07", "+7", "7", "b3e1", "", "12", "x"]
        for trial in 0..<200 {
            let count = Int.random(in: 0..<40, using: &random)
            let ascending = trial % 3 == 0
            let ids: [String] = (0..<count).map { row in
                ascending ? String(row * 2 - 5) : (Bool.random(using: &random) ? String(Int.random(in: -5..<30, using: &random))
                    : spellings.randomElement(using: &random)!)
            }
            var reference: [String: Int] = [:]
            for (row, id) in ids.enumerated() where reference[id] == nil { reference[id] = row }
            let built = try #require(RowIDs.build(count: ids.count) { ids[$0] })
            for probe in Set(ids + spellings + ["-5", "1", "29", "30"]) {
                #expect(built.row(withID: probe) == reference[probe], "trial \(trial) ids \(ids) probe \(probe.debugDescription)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64) for the seeded trials.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
