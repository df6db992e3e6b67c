import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// less's and vi's movement on every list (issue 24, item 3): `g`/`G` first and last, Ctrl-F/B a
/// page, Ctrl-D/U half a page, `h` back; drawn through the real host at 40, 80 and 120 columns,
/// and listed in `?`.
@MainActor
@Suite("vi and less movement on lists")
struct ListMovementScreenTests {
    /// 60 users named `Person 1` … `Person 60`.
    static let sixty: [User] = (1...60).map { User(id: RecordID($0), name: "Person \($0)", username: "p\($0)") }

    /// The id shown in the selected row (the row drawn `.selected`), or `nil`.
    func selectedID(_ harness: KeyScreenHarness, width: Int, height: Int) -> String? {
        var surface = Surface(width: width, height: height)
        harness.host.render(on: &surface)
        for y in 0..<height where surface.style(at: Point(x: 2, y: y)) == .selected {
            return surface.lines[y].split(separator: " ").first.map(String.init)
        }
        return nil
    }

    @Test("G, g, Ctrl-F, Ctrl-B, Ctrl-D and Ctrl-U move the Users selection as their named keys do", arguments: [40, 80, 120])
    func moves(width: Int) async {
        let harness = await KeyScreenHarness.open(link: .users, source: StubDataSource(users: Self.sixty))
        let height = 16
        _ = harness.lines(width: width, height: height)
        let page = TableView.visibleRows(in: harness.host.bodyArea, showsHeader: true)
        #expect(page > 2)
        func press(_ key: Key) { harness.press(key, width: width, height: height) }
        #expect(selectedID(harness, width: width, height: height) == "1")
        press(.character("G"))
        #expect(selectedID(harness, width: width, height: height) == "60", "G: the last row")
        press(.character("g"))
        #expect(selectedID(harness, width: width, height: height) == "1", "g: the first row")
        press(.ctrl("f"))
        #expect(selectedID(harness, width: width, height: height) == String(1 + page), "Ctrl-F: a page down")
        press(.ctrl("b"))
        #expect(selectedID(harness, width: width, height: height) == "1", "Ctrl-B: a page up")
        press(.ctrl("d"))
        #expect(selectedID(harness, width: width, height: height) == String(1 + page / 2), "Ctrl-D: half a page down")
        press(.ctrl("d"))
        press(.ctrl("u"))
        #expect(selectedID(harness, width: width, height: height) == String(1 + page / 2), "Ctrl-U: half a page up")
        press(.character("h"))
        #expect(harness.app.stack.routes == ["home"], "h: back, as ← does")
    }

    @Test("? lists the movement keys on a list, and h (back) under Everywhere")
    func help() async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("?"))
        let lines = harness.lines(width: 120, height: 60)
        for expected in ["PgUp Ctrl-B", "PgDn Ctrl-F", "Ctrl-U", "Ctrl-D", "Home g", "End G", "h"] {
            #expect(lines.contains { $0.hasPrefix("   " + expected + " ") }, "\(expected) in \(lines)")
        }
    }

    @Test("on Search's results g and G move (they do not go back to the query); other letters still do")
    func searchResults() async {
        let harness = await KeyScreenHarness.open(.search)
        harness.press(.character("p"), .enter)
        await harness.settle()
        let search = harness.app.stack.top?.destination as? SearchViewModel
        #expect(search?.focus == .results)
        harness.press(.character("G"))
        #expect(search?.focus == .results && search?.query == "p")
        harness.press(.character("x"))
        #expect(search?.focus == .field && search?.query == "px")
    }
}
