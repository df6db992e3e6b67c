import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// The `?` overlay drawn by the host: every binding of the screen and the global ones,
/// grouped, unavailable ones with their reason; Esc or `?` closes it; it scrolls.
@MainActor
@Suite("Help overlay")
struct HelpOverlayScreenTests {
    @Test("? on Users lists its keys by group and the global ones; Esc closes it and stays on Users")
    func users() async throws {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("?"))
        #expect(harness.host.isShowingHelp)
        // Tall enough for every key (the movement, mark and column keys of issue 24 made it longer than 50 rows).
        let lines = harness.lines(width: 80, height: 64)
        #expect(lines[0].hasPrefix(" Bulletin  Home › Users "))
        #expect(Array(lines[1...3]) == [
            " Keys: Users",
            " Move",
            "   ↑ k              Select the row above",
        ])
        for expected in [
            "   Enter            Open the selected user",
            " Find", "   /                Filter the rows by text (~ for a regex)", "   0–9              Type an id to jump to its row",
            " Marks", "   M                Unmark every row (unavailable: no row is marked)",
            " Edit", "   a                Add a user", "   d                Delete the selected user (asks first)",
            " Data", "   r                Load the list again",
            " Everywhere", "   Esc ← Backspace  Go back to the previous screen", "   q Ctrl-C         Quit Bulletin",
        ] {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        #expect(lines.last == " ↑↓ scroll  PgUp/PgDn page  Esc close" + String(repeating: " ", count: 39) + "keys")
        harness.press(.character("j"))
        #expect(harness.app.stack.routes == ["home", "users"])
        harness.press(.escape)
        #expect(!harness.host.isShowingHelp)
        #expect(harness.app.stack.routes == ["home", "users"], "Esc closed the overlay, not the screen")
        let model = try #require(harness.app.stack.top?.destination as? UserListViewModel)
        #expect(model.selection.selected == 0, "j in the overlay did not move the selection")
    }

    @Test("? closes it again; on a post with nothing deleted yet, u is listed as unavailable with why; d deletes the post or the comment")
    func unavailable() async {
        let harness = await KeyScreenHarness.open(.post)
        harness.press(.character("?"))
        let lines = harness.lines(width: 100, height: 40)
        #expect(lines.contains("   u                  Undo the last delete (unavailable: no record was deleted in this run)"),
                "\(lines)")
        #expect(lines.contains("   d                  Delete the selected comment, or the post when none is (asks first)"), "\(lines)")
        let u = try? #require(lines.firstIndex { $0.hasPrefix("   u ") })
        let d = try? #require(lines.firstIndex { $0.hasPrefix("   d ") })
        var surface = Surface(width: 100, height: 40)
        harness.host.render(on: &surface)
        if let u { #expect(surface.style(at: Point(x: 3, y: u)) == .muted) }
        if let d { #expect(surface.style(at: Point(x: 3, y: d)) != .muted) }
        harness.press(.character("?"))
        #expect(!harness.host.isShowingHelp)
    }

    @Test("in a form, ? is text and F1 opens the overlay; Esc then closes the overlay, not the form")
    func form() async {
        let harness = await KeyScreenHarness.open(.form)
        harness.press(.character("?"))
        #expect(!harness.host.isShowingHelp)
        harness.press(.function(1))
        let lines = harness.lines(width: 100, height: 40)
        #expect(lines[1] == " Keys: New user")
        #expect(lines.contains("   Ctrl-S              Save the user"), "\(lines)")
        #expect(Array(lines[9...11]) == [" Field", "   characters ← →      Edit the focused field", "   Home End Ctrl-A"],
                "long key lists wrap in their column")
        #expect(lines.contains("   F1                  Show the keys of this screen (Esc closes the list)"),
                "only F1 is left for help here: \(lines)")
        #expect(!lines.contains { $0.contains("Go back to the previous screen") }, "Esc, ← and Backspace are the form's")
        harness.press(.escape)
        #expect(!harness.host.isShowingHelp)
        guard let form = harness.app.stack.top?.destination as? RecordFormViewModel else {
            Issue.record("the form closed")
            return
        }
        #expect(form.fields[form.focus].text == "?", "the ? typed before is kept")
    }

    @Test("taller than the screen, the overlay scrolls: ↓ and End move it, the indicator shows")
    func scrolls() async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("?"), width: 60, height: 10)
        let top = harness.lines(width: 60, height: 10)
        #expect(top[2].hasPrefix(" Move "))
        #expect(top[2...8].contains { $0.hasSuffix("┃") }, "a scroll indicator: \(top)")
        harness.press(.down, width: 60, height: 10)
        #expect(harness.lines(width: 60, height: 10)[2].hasPrefix("   ↑ k"))
        harness.press(.end, width: 60, height: 10)
        let end = harness.lines(width: 60, height: 10)
        #expect(end[8].hasPrefix("   q Ctrl-C         Quit Bulletin"), "\(end)")
        harness.press(.home, width: 60, height: 10)
        #expect(harness.lines(width: 60, height: 10)[2].hasPrefix(" Move "))
    }

    @Test("Ctrl-C closes the overlay and still quits")
    func interrupt() async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("?"), .ctrl("c"))
        #expect(!harness.host.isShowingHelp)
        #expect(harness.counter.quits == 1)
    }
}
