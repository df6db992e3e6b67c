import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// The sort mark in a list's header at 80 columns: over its own column, and a right-aligned id
/// column's title stays over the ids.
@MainActor
@Suite("Sort mark in the header")
struct SortMarkScreenTests {
    /// The display column of the first `text` on `line` (every character here is one column wide).
    func column(of text: String, in line: String) -> Int? {
        line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    @Test("s on the ID column: ▲ sits inside the id column and ID stays right-aligned over the ids", arguments: [
        KeyScreenHarness.Place.users, .posts,
    ])
    func idColumn(place: KeyScreenHarness.Place) async throws {
        let harness = await KeyScreenHarness.open(place)
        let unsorted = harness.lines(width: 80, height: 10)[1]
        harness.press(.character("s"), width: 80, height: 10)
        await harness.settle()
        let lines = harness.lines(width: 80, height: 10)
        let header = lines[1]
        #expect(header.hasPrefix(" ▲ ID "), "\(header)")
        let idEnd = try #require(column(of: "ID", in: header)) + 1
        #expect(idEnd == 4 && column(of: "ID", in: unsorted) == 3, "ID where it was unsorted: \(unsorted) / \(header)")
        #expect(lines[2].hasPrefix("    1 "), "the ids end in the column under the D of ID: \(lines[2])")
        let mark = try #require(column(of: "▲", in: header))
        #expect((0..<4).contains(mark), "the mark inside the 4-column id column")
        harness.press(.character("S"), width: 80, height: 10)
        await harness.settle()
        #expect(harness.lines(width: 80, height: 10)[1].hasPrefix(" ▼ ID "))
    }

    @Test("a left-aligned column's mark follows its title inside the column")
    func nameColumn() async throws {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("s"), .character("s"), width: 80, height: 10)
        await harness.settle()
        let header = harness.lines(width: 80, height: 10)[1]
        #expect(header.hasPrefix("   ID Name ▲ "), "\(header)")
        let username = try #require(column(of: "Username", in: header))
        #expect(try #require(column(of: "▲", in: header)) < username - 1, "the mark stays in the Name column")
    }
}
