import Testing

@testable import BulletinFeatures

/// `ListFinder` on a million rows: passes off the main actor, cancelled by the next keystroke,
/// never applying a superseded query's result (issue 7). No timings are asserted here; speed is
/// measured by `make bench`.
@MainActor
@Suite struct ListFinderScaleTests {
    /// Deterministic post-like rows: id, author, title (cheap to make, varied enough to filter).
    nonisolated static func cell(_ row: Int, _ column: Int) -> String {
        let authors = ["Margaret Okafor", "Émile Durand", "Søren Kierkegaard", "Ada Lovelace", "李小龍", "Grace Hopper"]
        let words = ["lorem", "ipsum", "dolor", "sit", "amet", "Über", "café", "straße", "quick", "fox"]
        switch column {
        case 0: return String(row + 1)
        case 1: return authors[row % authors.count]
        default: return words[row % 10] + " " + words[(row / 10) % 10] + " " + words[(row / 100) % 10] + " \(row % 997)"
        }
    }

    @Test("typing over 1,000,000 rows: each keystroke cancels the last, only the latest query's result is shown")
    func staleResultsAreNeverShown() async throws {
        let finder = ListFinder(columns: [.id, .init("Author"), .init("Title")])
        finder.setRows(count: 1_000_000) { Self.cell($0, $1) }
        #expect(finder.isIndexing && finder.order.count == 1_000_000)   // unfiltered while indexing
        await finder.waitUntilIdle()
        let index = try #require(finder.index)
        var applied: [(query: String, order: [Int])] = []
        var stale: [String] = []
        finder.didApply = { [unowned finder] query, order in
            applied.append((query, order))
            if query != finder.query { stale.append(query) }
        }
        let typed = ["c", "ca", "caf", "cafe", "cafe ", "cafe", "caf", "cafx", "caf", "ca", "d", "do", "dolor s", "dolor"]
        for (step, query) in typed.enumerated() {
            finder.updateFilter(query)
            #expect(finder.isWorking)
            if query == "cafe " {
                await finder.waitUntilIdle()   // one keystroke's pass completes and is shown mid-way
            } else if step % 4 == 3 {
                try await Task.sleep(for: .milliseconds(3 * step))
            } else {
                await Task.yield()
            }
        }
        await finder.waitUntilIdle()
        finder.didApply = nil
        print("1M-row typing: \(typed.count) keystrokes, \(applied.count) results applied: \(applied.map(\.query))")
        #expect(stale.isEmpty, "results applied for superseded queries: \(stale)")
        // Other keystrokes' passes may also finish while their query is still the latest
        // (how many depends on the machine); each applied one is checked below.
        #expect(applied.contains { $0.query == "cafe " } && applied.last?.query == "dolor")
        #expect(!finder.isWorking)
        let fresh = try #require(index.filter("dolor"))
        #expect(finder.order == fresh)
        #expect(finder.statusText == "\(fresh.count) of 1000000")
        for (query, order) in applied where query != "dolor" {
            #expect(order == index.filter(query), "applied order for \(query.debugDescription)")
        }
    }

    @Test("a pass superseded before it could apply is dropped by the generation check")
    func supersededPassIsDropped() async {
        let finder = ListFinder(columns: [.init("Name")], backgroundThreshold: 0)
        let rows = ["alpha", "beta", "gamma", "delta", "alphabet"]
        finder.setRows(count: rows.count) { row, _ in rows[row] }
        await finder.waitUntilIdle()
        var applied: [String] = []
        finder.didApply = { query, _ in applied.append(query) }
        finder.updateFilter("a")
        finder.updateFilter("al")
        finder.cycleSort()
        finder.updateFilter("alp")
        await finder.waitUntilIdle()
        #expect(applied == ["alp"])
        #expect(finder.order == [0, 4])
    }
}
