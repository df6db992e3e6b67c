import Testing

@testable import BulletinFeatures

/// `ListFinder`'s filter, sort, find-next and selection rules, on the main actor and (threshold
/// 0) through its background passes (issue 7).
@MainActor
@Suite struct ListFinderTests {
    nonisolated static let people = [
        ["1", "Ada Lovelace"], ["2", "Émile Zola"], ["3", "Alan Turing"],
        ["10", "Grace Hopper"], ["20", "Edsger Dijkstra"], ["100", "Ada Yonath"],
    ]
    /// Both paths: synchronous (the default threshold) and background passes (threshold 0).
    nonisolated static let thresholds = [ListFinder.defaultBackgroundThreshold, 0]

    static func finder(_ rows: [[String]] = people, threshold: Int) async -> ListFinder {
        let finder = ListFinder(columns: [.id, .init("Name")], backgroundThreshold: threshold)
        finder.setRows(count: rows.count) { rows[$0][$1] }
        await finder.waitUntilIdle()
        return finder
    }

    @Test("filtering is case- and accent-insensitive and says how many of how many", arguments: thresholds)
    func filterAndStatus(threshold: Int) async {
        let finder = await Self.finder(threshold: threshold)
        #expect(finder.order == [0, 1, 2, 3, 4, 5] && finder.statusText == nil)
        finder.updateFilter("EMILE")
        await finder.waitUntilIdle()
        #expect(finder.order == [1] && finder.statusText == "1 of 6")
        finder.updateFilter("ada")
        await finder.waitUntilIdle()
        #expect(finder.order == [0, 5] && finder.statusText == "2 of 6")
        finder.updateFilter("ada lovelace!")
        await finder.waitUntilIdle()
        #expect(finder.order.isEmpty && finder.statusText == "no matches" && finder.selectedRow == nil)
        finder.updateFilter("")
        await finder.waitUntilIdle()
        #expect(finder.order == [0, 1, 2, 3, 4, 5] && finder.statusText == nil)
        #expect(!finder.isWorking)
    }

    @Test("the selection stays on its record while it matches, else moves to the nearest match", arguments: thresholds)
    func selectionFollowsRecord(threshold: Int) async {
        let finder = await Self.finder(threshold: threshold)
        #expect(finder.select(row: 5))
        finder.updateFilter("a")            // every name has an a: Ada Yonath stays selected
        await finder.waitUntilIdle()
        #expect(finder.selectedRow == 5)
        finder.updateFilter("ad")           // Ada Lovelace, Ada Yonath
        await finder.waitUntilIdle()
        #expect(finder.selectedRow == 5 && finder.selection.selected == 1)
        #expect(finder.select(row: 0))
        finder.updateFilter("ada y")        // Lovelace goes: the nearest shown row is Yonath
        await finder.waitUntilIdle()
        #expect(finder.selectedRow == 5)
        finder.cancelFilter()               // widening keeps it too
        await finder.waitUntilIdle()
        #expect(finder.selectedRow == 5 && finder.selection.selected == 5 && finder.lastQuery == "ada y")
    }

    @Test("rows that shrink and grow keep the selected record, or the nearest one", arguments: thresholds)
    func rowsShrinkAndGrow(threshold: Int) async {
        let finder = await Self.finder(threshold: threshold)
        #expect(finder.select(row: 3))
        let fewer = Array(Self.people.prefix(3))     // rows 3... are gone
        finder.setRows(count: fewer.count) { fewer[$0][$1] }
        await finder.waitUntilIdle()
        #expect(finder.order == [0, 1, 2] && finder.selectedRow == 2)
        let more = Self.people + [["7", "Barbara Liskov"]]
        finder.setRows(count: more.count) { more[$0][$1] }
        await finder.waitUntilIdle()
        #expect(finder.order.count == 7 && finder.selectedRow == 2)
        finder.updateFilter("barbara")
        await finder.waitUntilIdle()
        #expect(finder.order == [6] && finder.selectedRow == 6 && finder.statusText == "1 of 7")
    }

    @Test("sorting is stable, reverses with S, keeps the selected record, and ids sort by value", arguments: thresholds)
    func sorting(threshold: Int) async {
        let rows = [["3", "b"], ["1", "a"], ["2", "b"], ["10", "A"], ["20", "c"], ["4", "B"]]
        let finder = await Self.finder(rows, threshold: threshold)
        #expect(finder.select(row: 2))
        finder.cycleSort()                  // ID ▲, numeric
        await finder.waitUntilIdle()
        #expect(finder.order == [1, 2, 0, 5, 3, 4] && finder.title(ofColumn: 0) == "ID ▲")
        #expect(finder.selectedRow == 2 && finder.selection.selected == 1)
        finder.cycleSort()                  // Name ▲: a, A tie (source order), then b, b, B, then c
        await finder.waitUntilIdle()
        #expect(finder.order == [1, 3, 0, 2, 5, 4] && finder.title(ofColumn: 1) == "Name ▲")
        #expect(finder.title(ofColumn: 0) == "ID" && finder.selectedRow == 2)
        finder.reverseSort()                // Name ▼: ties still in source order
        await finder.waitUntilIdle()
        #expect(finder.order == [4, 0, 2, 5, 1, 3] && finder.title(ofColumn: 1) == "Name ▼")
        finder.cycleSort()                  // back to the source order
        await finder.waitUntilIdle()
        #expect(finder.order == [0, 1, 2, 3, 4, 5] && finder.sortColumn == nil && finder.selectedRow == 2)
    }

    @Test("sorting applies to the filtered rows, and a new filter keeps the sort", arguments: thresholds)
    func sortWithFilter(threshold: Int) async {
        let finder = await Self.finder(threshold: threshold)
        finder.reverseSort()                // unsorted → ID ▲ first
        finder.reverseSort()                // ID ▼
        finder.updateFilter("a")
        await finder.waitUntilIdle()
        #expect(finder.order == [5, 4, 3, 2, 1, 0])
        finder.updateFilter("ad")
        await finder.waitUntilIdle()
        #expect(finder.order == [5, 0])
    }

    @Test("n and N wrap around the rows shown, even after Esc cleared the filter", arguments: thresholds)
    func findNextWraps(threshold: Int) async {
        let finder = await Self.finder(threshold: threshold)
        finder.findNext(forward: true)
        #expect(finder.message == "no search yet")
        finder.beginFilter()
        finder.updateFilter("ada")
        await finder.waitUntilIdle()
        finder.commitFilter()
        finder.cancelFilter()
        await finder.waitUntilIdle()
        #expect(finder.order.count == 6 && finder.lastQuery == "ada" && !finder.isEditing)
        finder.selection.selected = 0
        finder.findNext(forward: true)
        #expect(finder.selectedRow == 5)
        finder.findNext(forward: true)      // wraps to Ada Lovelace
        #expect(finder.selectedRow == 0)
        finder.findNext(forward: false)     // wraps back to Ada Yonath
        #expect(finder.selectedRow == 5 && finder.message == nil)
        #expect(finder.highlights(in: "Ada Yonath").count == 1)
        finder.updateFilter("zzz")
        await finder.waitUntilIdle()
        finder.cancelFilter()
        await finder.waitUntilIdle()
        finder.findNext(forward: true)
        #expect(finder.message == "no match for \"zzz\"")
        // With the filter kept and hiding every row, n says the same (not "no search yet").
        finder.updateFilter("a?")
        await finder.waitUntilIdle()
        finder.commitFilter()
        #expect(finder.order.isEmpty)
        finder.findNext(forward: true)
        #expect(finder.message == "no match for \"a?\"")
    }

    @Test("random typing and backspacing: every narrowed result equals a fresh filter (fixed seed)")
    func narrowingWhileTyping() async throws {
        let seed = UInt64(0x7A1E)
        print("ListFinder typing property test seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let words = ["Émile", "straße", "C++", "[bot]", "Ωmega", "東京", "a.b", "x*y", "Ada", "ß"]
        let rows = (0..<800).map { row in [String(row), (0..<3).map { _ in words[random.next(words.count)] }.joined(separator: " ")] }
        let finder = await Self.finder(rows, threshold: 0)
        let index = try #require(finder.index)
        let alphabet = Array("abemrstxyΩ東.*+[]é ß")
        var query = ""
        for step in 0..<150 {
            for _ in 0...random.next(2) {   // one or two keystrokes before the result is awaited
                if !query.isEmpty, random.next(3) == 0 { query.removeLast() } else { query.append(alphabet[random.next(alphabet.count)]) }
                if query.count > 4 { query = "" }
                finder.updateFilter(query)
            }
            await finder.waitUntilIdle()
            #expect(finder.order == index.filter(query), "seed \(seed) step \(step): \(query.debugDescription)")
        }
    }

    @Test("a large list shows its rows unfiltered while the index builds, then filters")
    func rowsShowWhileIndexing() async {
        let finder = ListFinder(columns: [.init("Name")], backgroundThreshold: 10)
        finder.updateFilter("7")            // typed before any rows: applies once indexed
        finder.setRows(count: 100) { row, _ in "row \(row)" }
        #expect(finder.isIndexing && finder.isWorking)
        finder.updateFilter("")
        #expect(finder.order == Array(0..<100))
        finder.updateFilter("7")
        await finder.waitUntilIdle()
        #expect(!finder.isIndexing && !finder.isWorking)
        #expect(finder.order == (0..<100).filter { String($0).contains("7") })
    }
}
