import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// The filter index: literal, folded substring matching, narrowing and sorting (issue 7).
@Suite struct FindIndexTests {
    /// Reference: whether folded `query`'s bytes occur in folded `text`'s bytes, by brute force.
    static func naiveContains(_ text: String, _ query: String) -> Bool {
        let hay = Array(TextFolding.fold(text).utf8)
        let needle = Array(TextFolding.fold(query).utf8)
        guard !needle.isEmpty else { return true }
        guard hay.count >= needle.count else { return false }
        return (0...(hay.count - needle.count)).contains { Array(hay[$0..<($0 + needle.count)]) == needle }
    }

    static func index(_ rows: [[String]]) -> FindIndex {
        FindIndex(rowCount: rows.count, columnCount: rows.first?.count ?? 0) { rows[$0][$1] }
    }

    @Test("every query in filter-queries-special-chars.txt is matched literally, never as a pattern",
          SharedData.needed)
    func sharedSpecialCharacterQueries() throws {
        let queries = try Self.sharedQueries()
        #expect(queries.count == 20 && queries.last == "")
        let users = try JSONDecoder().decode([User].self, from: Data(contentsOf: SharedData.input("users-regex-chars.json")))
        let rows = users.map { [$0.name, $0.username] }
        let index = Self.index(rows)
        let expected: [String: [String]] = [
            "[": ["[bot] Build Agent"], "(": ["Dana (QA)"], ")": ["Dana (QA)"], "\\": ["Path\\With\\Backslash"],
            "*": ["a*b?c|d"], "+": ["C++ Team"], "?": ["a*b?c|d"], "|": ["a*b?c|d"], "{": ["{braces}"],
            "{2": [], ".*": [], "^$": [], "$": ["Price $5.00 ^up"], "(a+)+$": [], "a{999999}": [],
            "[bot]": ["[bot] Build Agent"], "C++": ["C++ Team"], "\\\\": [], "zzzz-no-match": [],
            "": users.map(\.name),
        ]
        for query in queries {
            let found = try #require(index.filter(query))
            #expect(found.map { users[$0].name } == expected[query], "query \(query.debugDescription)")
            let reference = rows.indices.filter { row in rows[row].contains { Self.naiveContains($0, query) } }
            #expect(found == reference, "query \(query.debugDescription)")
        }
    }

    @Test("escape sequences, emoji, combining marks, quotes and backslash escapes are literal text")
    func moreLiteralQueries() throws {
        let rows = [["\u{1b}[31mred\u{1b}[0m"], ["coder 👩‍💻 here"], ["café"], ["say \"hi\" it's"],
                    ["a\\nb"], ["line\nbreak"], ["100%s $1 \\d+"], ["plain"]]
        let index = Self.index(rows)
        let cases: [(String, [Int])] = [
            ("\u{1b}[31m", [0]), ("[31m", [0]), ("👩‍💻", [1]), ("👩", [1]), ("cafe\u{301}", [2]), ("CAFÉ", [2]),
            ("\"hi\"", [3]), ("it's", [3]), ("\\n", [4]), ("\n", [5]), ("%s", [6]), ("$1", [6]), ("\\d+", [6]),
            ("\\d", [6]), (".", []), ("e", [0, 1, 2, 5]),
        ]
        for (query, rowsExpected) in cases {
            #expect(index.filter(query) == rowsExpected, "query \(query.debugDescription)")
        }
    }

    @Test("the empty query matches every row, a query nothing contains matches none")
    func emptyAndNoMatch() {
        let index = Self.index([["1", "Ada"], ["2", "Bob"], ["3", "Cy"]])
        #expect(index.filter("") == [0, 1, 2])
        #expect(index.filter("", within: [2, 0]) == [2, 0])
        #expect(index.filter("nobody") == [])
        #expect(FindIndex(rowCount: 0, columnCount: 2) { _, _ in "" }.filter("a") == [])
    }

    @Test("a hit across two cells is not a match; any one cell matching is")
    func cellsAreSeparate() {
        let index = Self.index([["ab", "cd"], ["abcd", "x"], ["", "bc"], ["b", "c"]])
        #expect(index.filter("bc") == [1, 2])
        #expect(index.filter("x") == [1])
        #expect(index.foldedText(row: 1, column: 0) == "abcd")
    }

    @Test("a scan longer than one 4 MB slice finds the same rows as testing each row")
    func scanSpansSlices() {
        let count = 80_000   // ~70 bytes a row: ~5.6 MB of folded text
        let index = FindIndex(rowCount: count, columnCount: 2) { row, column in
            column == 0 ? "Row \(row)" : "The quick brown fox \(row % 97) jumps over the lazy dog Ωmega"
        }
        for query in ["row 7999", "fox 96 ", "ωmega", "zzz"] {
            let expected = (0..<count).filter { index.matches(row: $0, query: query) }
            #expect(index.filter(query) == expected, "\(query)")
        }
    }

    @Test("narrowing from a previous result gives the same rows as a fresh filter (random queries)")
    func narrowingMatchesFreshFilter() {
        let seed = UInt64(0x5EED_F1D)
        print("narrowing property test seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let words = ["Émile", "straße", "C++", "[bot]", "ab", "ba", "Ωmega", "東京", "a.b", "x*y"]
        let rows = (0..<600).map { _ in (0..<3).map { _ in (0..<3).map { _ in words[random.next(words.count)] }.joined(separator: " ") } }
        let index = Self.index(rows)
        let alphabet = Array("abeilmrstxyΩ東.*+[]é ")
        for _ in 0..<300 {
            let short = String((0..<random.next(3)).map { _ in alphabet[random.next(alphabet.count)] })
            let long = short + String((0..<(1 + random.next(3))).map { _ in alphabet[random.next(alphabet.count)] })
            let previous = index.filter(short) ?? []
            #expect(index.filter(long, within: previous) == index.filter(long), "seed \(seed): \(short) → \(long)")
        }
    }

    @Test("a cancelled filter, sort or build answers nil")
    func cancellation() {
        let index = Self.index((0..<100).map { ["row \($0)"] })
        #expect(index.filter("row", isCancelled: { true }) == nil)
        #expect(index.sorted(Array(0..<100), column: 0, ascending: true, numeric: false, isCancelled: { true }) == nil)
        #expect(FindIndex.build(rowCount: 10, columnCount: 1, isCancelled: { true }) { _, _ in "x" } == nil)
    }

    static func sharedQueries() throws -> [String] {
        let text = try String(contentsOf: SharedData.input("filter-queries-special-chars.txt"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// A tiny deterministic generator (xorshift64*) for property tests with a printed seed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(max(1, bound)))
    }
}
