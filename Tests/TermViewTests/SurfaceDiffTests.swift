import Testing
@testable import TermView

@Suite("Surface diff")
struct SurfaceDiffTests {
    @Test("a one-row change reports exactly the changed cells, row-major")
    func oneRow() {
        var before = Surface(width: 8, height: 4)
        before.write("row one", at: Point(x: 0, y: 1), style: .normal)
        var after = before
        after.write("row two", at: Point(x: 0, y: 1), style: .normal)
        after.setStyle(Rect(x: 0, y: 3, width: 2, height: 1), style: .selected)
        let changes = after.changes(since: before)
        #expect(changes.map(\.point) == [Point(x: 4, y: 1), Point(x: 5, y: 1), Point(x: 6, y: 1),
                                         Point(x: 0, y: 3), Point(x: 1, y: 3)])
        #expect(changes.map(\.cell.text) == ["t", "w", "o", " ", " "])
        #expect(after.changes(since: after).isEmpty)
    }

    @Test("equal cells with text in different storage are not sent again")
    func equalButNotIdentical() {
        // Clusters too long for a small string are heap strings: the same text made twice
        // has two storages, so the rows' bytes differ while their cells are equal.
        let long = "e" + String(repeating: "\u{301}", count: 15)
        var before = Surface(width: 3, height: 2)
        before.write(long, at: Point(x: 1, y: 1), style: .normal)
        var after = Surface(width: 3, height: 2)
        after.write(String(long.unicodeScalars.map(Character.init).reduce("") { $0 + String($1) }),
                    at: Point(x: 1, y: 1), style: .normal)
        #expect(after[1, 1] == before[1, 1])
        #expect(after.changes(since: before).isEmpty)
        after.write("x", at: Point(x: 2, y: 1), style: .normal)
        #expect(after.changes(since: before).map(\.point) == [Point(x: 2, y: 1)])
    }

    @Test("no previous frame, or one of another size, sends every cell")
    func full() {
        let surface = Surface(width: 3, height: 2)
        #expect(surface.changes(since: nil).count == 6)
        #expect(surface.changes(since: Surface(width: 2, height: 2)).map(\.point).last == Point(x: 2, y: 1))
    }

    @Test("into a kept array: the same changes as a fresh one, the old ones gone, the storage reused")
    func intoKeptArray() {
        var blank = Surface(width: 10, height: 6)
        var scrolled = blank
        for y in 0..<6 { scrolled.write("row \(y)", at: Point(x: 0, y: y), style: y == 2 ? .selected : .normal) }
        var moved = scrolled
        moved.setStyle(Rect(x: 0, y: 3, width: 10, height: 1), style: .selected)
        moved.setStyle(Rect(x: 0, y: 2, width: 10, height: 1), style: .normal)
        var kept: [CellChange] = []
        scrolled.changes(since: blank, into: &kept)
        #expect(kept == scrolled.changes(since: blank))
        #expect(kept.count == 25, "4 letters on each normal row (the space is blank), all 5 cells on the selected one")
        let storage = kept.withUnsafeBufferPointer { $0.baseAddress }
        moved.changes(since: scrolled, into: &kept)
        #expect(kept == moved.changes(since: scrolled))
        #expect(kept.map(\.point.y) == Array(repeating: 2, count: 5) + Array(repeating: 3, count: 10),
                "the 5 written cells of row 2 lose the selection; all of row 3 takes it")
        #expect(kept.withUnsafeBufferPointer { $0.baseAddress } == storage, "no new allocation for a smaller frame")
        blank.write("x", at: Point(x: 9, y: 5), style: .normal)
        blank.changes(since: nil, into: &kept)
        #expect(kept == blank.changes(since: nil) && kept.count == 60)
    }
}

