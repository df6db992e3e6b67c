import Testing
import ViewState
@testable import TermView

/// Issue 16, item 3: a status message longer than the line shortens the middle of its URLs and
/// paths before its end is cut, and one that still does not fit takes a row above the keys.
@Suite("Middle-shortened messages and the two-row footer")
struct MiddleShorteningTests {
    static let saved = "Saved post 3 to http://127.0.0.1:3101/users/1/posts/3"

    @Test("a message that fits is unchanged")
    func fits() {
        #expect(MiddleShortening.fit(Self.saved, width: 80) == Self.saved)
    }

    @Test("a URL loses its first segments, keeping the server and the last part")
    func url() {
        #expect(MiddleShortening.fit(Self.saved, width: 48) == "Saved post 3 to http://127.0.0.1:3101/…/posts/3")
        #expect(MiddleShortening.fit(Self.saved, width: 42) == "Saved post 3 to http://127.0.0.1:3101/…/3")
        #expect(MiddleShortening.fit(Self.saved, width: 30) == nil)
    }

    @Test("a path and trailing punctuation: the file name and the colon stay")
    func path() {
        let message = "Could not save /home/someone/projects/data/db.json: disk full"
        let shortened = MiddleShortening.fit(message, width: 45)
        #expect(shortened == "Could not save /…/data/db.json: disk full")
        #expect(MiddleShortening.fit("no address here at all, only words", width: 10) == nil)
    }

    @Test("the longest of two addresses is shortened first")
    func longestFirst() {
        let message = "http://a.io/x/y copied from http://127.0.0.1:3101/a/b/c/d/e"
        let shortened = MiddleShortening.fit(message, width: 54)
        #expect(shortened == "http://a.io/x/y copied from http://127.0.0.1:3101/…/e")
    }

    static let hints = [
        KeyFooter.Hint("↑↓ move", priority: 50), KeyFooter.Hint("Esc back", priority: .always),
        KeyFooter.Hint("? help", priority: .always), KeyFooter.Hint("q quit", priority: .always),
    ]

    @Test("at 80 columns the footer shortens the URL's middle and keeps back, help and quit")
    func footerShortens() {
        let footer = KeyFooter(hints: Self.hints, right: Self.saved, wrapsRight: true)
        #expect(footer.height(width: 80) == 1)
        #expect(footer.height(width: 74) == 1)
        let (left, right) = footer.layout(width: 74)
        #expect(left == " Esc back  ? help  q quit")
        #expect(right == "Saved post 3 to http://127.0.0.1:3101/…/posts/3")
    }

    @Test("a message that does not fit beside the keys moves above them: one row at 60, wrapped into two at 40")
    func footerWraps() {
        let footer = KeyFooter(hints: Self.hints, right: Self.saved, wrapsRight: true)
        #expect(footer.height(width: 60) == 2)
        #expect(footer.height(width: 40) == 3)
        var surface = Surface(width: 60, height: 3)
        footer.render(in: Rect(x: 0, y: 1, width: 60, height: 2), on: &surface)
        #expect(surface.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) } == [
            "", " " + Self.saved, " ↑↓ move  Esc back  ? help  q quit",
        ])
        var narrow = Surface(width: 40, height: 3)
        footer.render(in: Rect(x: 0, y: 0, width: 40, height: 3), on: &narrow)
        #expect(narrow.lines[0] == " Saved post 3 to                        ")
        #expect(narrow.lines[1] == " http://127.0.0.1:3101/users/1/posts/3  ")
        #expect(narrow.lines[2].hasPrefix(" ↑↓ move  Esc back  ? help  q quit"))
        #expect(narrow.style(at: Point(x: 39, y: 0)) == .statusBar)
        let long = KeyFooter(hints: Self.hints, right: String(repeating: "word ", count: 30), wrapsRight: true)
        #expect(long.messageRows(width: 40).count == 2)
        #expect(long.messageRows(width: 40)[1].hasSuffix("…"))
    }

    @Test("a summary (not a message) stays on the keys' row and is cut at its end")
    func summaryStays() {
        let footer = KeyFooter(hints: Self.hints, right: "9 users · 1 record skipped: users[3].name null")
        #expect(footer.height(width: 40) == 1)
        #expect(footer.layout(width: 40).right == "9 users · 1 r…")
    }

    @Test("a spanning row is drawn across the whole row, not in its column")
    func spanningRow() {
        var table = TableView(columns: [TableColumn("ID", width: .fixed(2), alignment: .right),
                                        TableColumn("Name", width: .flexible(min: 4, weight: 1)),
                                        TableColumn("Mail", width: .flexible(min: 4, weight: 1))],
                              rowCount: 2) { row, column in ["1", "Ann", "a@x"][column] }
        table.spanning = { $0 == 1 ? "Could not load more: Cannot reach http://x/users" : nil }
        var surface = Surface(width: 40, height: 3)
        var state = ListState(selected: 0)
        table.render(in: Rect(x: 0, y: 0, width: 40, height: 3), on: &surface, state: &state)
        #expect(surface.lines[2] == " Could not load more: Cannot reach http…")
    }
}
