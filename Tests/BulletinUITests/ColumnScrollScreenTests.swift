import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 24, item 7: a list too wide for the terminal scrolls sideways with `>` and `<` (or
/// Shift-→ and Shift-←), the id column staying put and the header showing `‹` while columns are
/// scrolled off on the left; where nothing is hidden the keys are unavailable in `?` and say
/// why. Enter on a photo or a todo (rows without a screen of their own) shows it whole.
@MainActor
@Suite("Wide lists scroll sideways")
struct ColumnScrollScreenTests {
    /// The table's header line (the first with `title`) at `width`.
    static func header(_ harness: KeyScreenHarness, width: Int, containing title: String = "ID") -> String {
        harness.lines(width: width, height: 16).first { $0.contains(title) } ?? ""
    }

    /// The `?` line of `key`'s binding on the top screen.
    static func helpLine(_ harness: KeyScreenHarness, key: Key) -> String {
        harness.screen.keyHelp.first { $0.matches(key) }.map { help in
            help.description + (help.disabledReason.map { " (unavailable: \($0))" } ?? "")
        } ?? "none"
    }

    @Test("Users at 40 columns: > shows Company whole behind ‹, the ID column stays; < goes back")
    func usersAt40() async {
        let harness = await KeyScreenHarness.open(.users)
        let before = harness.lines(width: 40)
        let header = Self.header(harness, width: 40)
        #expect(header.hasPrefix("   ID Name") && !header.contains("‹") && !header.contains("Company"), "\(before)")
        #expect(harness.screen.keyHelp.contains { $0.matches(.character(">")) && $0.isEnabled })
        #expect(harness.screen.keyHelp.contains { $0.matches(.character("<")) && !$0.isEnabled })
        harness.press(.character(">"), width: 40)
        let scrolled = harness.lines(width: 40)
        let shifted = Self.header(harness, width: 40)
        #expect(shifted.hasPrefix("   ID ‹") && !shifted.contains("Name") && shifted.contains("Company"), "\(scrolled)")
        #expect(scrolled.contains { $0.hasPrefix("    1  Bret ") }, "Username after the ID: \(scrolled)")
        #expect(Self.helpLine(harness, key: .character("<")).hasPrefix("Scroll the columns left"))
        harness.press(.character(">"), width: 40)
        let further = harness.lines(width: 40)
        #expect(further.contains { $0.hasPrefix("    1  Sincere@april.biz") && $0.hasSuffix("Romaguera-Crona") }, "\(further)")
        #expect(Self.helpLine(harness, key: .character(">")).hasSuffix("(unavailable: no more columns to the right)"))
        harness.press(.shiftLeft, .shiftLeft, width: 40)
        #expect(harness.lines(width: 40) == before, "Shift-← twice brings Name and Username back")
        harness.press(.shiftRight, width: 40)
        #expect(Self.header(harness, width: 40) == shifted, "Shift-→ as >")
    }

    @Test("Users at 80 and 120 columns: every column shows, < and > are unavailable and say so", arguments: [80, 120])
    func usersWide(width: Int) async {
        let harness = await KeyScreenHarness.open(.users)
        let before = harness.lines(width: width)
        let header = Self.header(harness, width: width)
        #expect(header.contains("Company") && !header.contains("‹") && !header.contains("›"), "\(before)")
        #expect(Self.helpLine(harness, key: .character(">")).hasSuffix("(unavailable: all columns are shown)"))
        #expect(Self.helpLine(harness, key: .character("<")).hasSuffix("(unavailable: all columns are shown)"))
        #expect(!before.last!.contains("<> columns"))
        harness.press(.character(">"), width: width)
        #expect(harness.lines(width: width) == before, "> changes nothing")
    }

    @Test("the column scrolled to survives a reload (r) and a resize back")
    func keptOnReload() async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character(">"), width: 40)
        harness.press(.character("r"), width: 40)
        await harness.settle()
        #expect(Self.header(harness, width: 40).hasPrefix("   ID ‹"))
        _ = harness.lines(width: 120)
        #expect(Self.header(harness, width: 40).hasPrefix("   ID ‹"), "a wider frame in between keeps the offset")
    }

    @Test("an album's photos at 80 columns: the footer offers <> columns; > hides Title, then the URL, for the thumbnail")
    func photosAt80() async {
        let harness = await KeyScreenHarness.open(link: .userAlbum(user: 1, album: 1), source: UserListsScreenTests.source())
        // The first frame finds the cut URLs (the footer is laid out before the table); the
        // change schedules the next frame, as any observed change does, and it offers the keys.
        _ = harness.lines(width: 80)
        let lines = harness.lines(width: 80)
        #expect(lines.last?.contains("↑↓ move  ⏎ show  <> columns  / filter") == true, "\(lines)")
        harness.press(.character(">"), width: 80)
        let header = Self.header(harness, width: 80)
        #expect(header.hasPrefix("   ID ‹URL") && header.contains("Thumbnail"), "\(header)")
        // The two URLs still do not fit side by side: > once more leaves the thumbnail's alone.
        harness.press(.character(">"), width: 80)
        let scrolled = harness.lines(width: 80)
        #expect(scrolled.contains { $0 == "    1  https://via.placeholder.com/150/92c952" }, "whole: \(scrolled)")
        #expect(Self.helpLine(harness, key: .character(">")).hasSuffix("(unavailable: no more columns to the right)"))
        #expect(scrolled.last?.contains("⏎ show  <> columns  / filter") == true, "< keeps the label: \(scrolled)")
    }

    @Test("Enter on a photo shows it whole in the raw view; its help says so")
    func photoEnter() async {
        let harness = await KeyScreenHarness.open(link: .userAlbum(user: 1, album: 1), source: UserListsScreenTests.source())
        #expect(Self.helpLine(harness, key: .enter).hasPrefix("Show the selected photo whole"))
        harness.press(.enter)
        await harness.settle()
        #expect(harness.app.stack.top?.destination is RawRecordViewModel)
        let text = harness.lines(width: 80, height: 24).joined(separator: "\n")
        #expect(text.contains("accusamus beatae") && text.contains("https://via.placeholder.com/150/92c952"), "\(text)")
    }

    @Test("Enter on a todo at 40 columns shows it whole in the raw view")
    func todoEnter() async {
        let harness = await KeyScreenHarness.open(link: .user(1), source: UserListsScreenTests.source())
        harness.press(.character("3"), .down, .down, width: 40, height: 24)
        #expect(harness.lines(width: 40, height: 24).last?.contains("Todos (3)") == true)
        #expect(Self.helpLine(harness, key: .enter).hasPrefix("Show the selected todo whole"))
        harness.press(.enter, width: 40, height: 24)
        await harness.settle()
        #expect(harness.app.stack.top?.destination is RawRecordViewModel)
        let text = harness.lines(width: 40, height: 24).joined(separator: "\n")
        #expect(text.contains("fugiat veniam minus"), "\(text)")
    }
}
