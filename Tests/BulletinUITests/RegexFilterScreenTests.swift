import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// A `~` filter on a list's screen (issue 24, item 6): the rows it matches, its matches
/// highlighted, and an invalid one said beside the prompt with the rows kept, at 40, 80 and 120 columns.
@MainActor
@Suite("Regular-expression filters, on screen")
struct RegexFilterScreenTests {
    func type(_ text: String, into harness: KeyScreenHarness, width: Int) async {
        for character in text { harness.press(.character(character), width: width) }
        await (harness.app.stack.top?.destination as? UserListViewModel)?.find.finder.waitUntilIdle()
    }

    @Test("/~^z finds Zoë alone (not Leanne, whose name has no z at a start), highlighting only the matched Z",
          arguments: [40, 80, 120])
    func matches(width: Int) async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("/"), width: width)
        await type("~^z", into: harness, width: width)
        var surface = Surface(width: width, height: 10)
        harness.host.render(on: &surface)
        let lines = surface.lines
        #expect(lines.contains { $0.contains("Zoë") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Leanne") || $0.contains("山田") }, "\(lines)")
        let status = lines.last ?? ""
        #expect(status.hasPrefix("/~^z▏ ") && status.hasSuffix("1 of 3  ⏎ keep  Esc clear "), "\(status)")
        let row = lines.firstIndex { $0.contains("Zoë") }!
        let z = lines[row].distance(from: lines[row].startIndex, to: lines[row].firstIndex(of: "Z")!)
        #expect(surface.style(at: Point(x: z, y: row)) == .selectedHighlight, "the Z is highlighted")
        #expect(surface.style(at: Point(x: z + 1, y: row)) == .selected, "the o after it is not: only ^z matched")
    }

    @Test("an invalid regex says why beside the prompt and the rows stay as they were", arguments: [40, 80, 120])
    func invalid(width: Int) async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("/"), width: width)
        await type("~^z(", into: harness, width: width)
        let lines = harness.lines(width: width, height: 10)
        let status = lines.last ?? ""
        // At 40 columns the reason takes the keys' place (they come back with the next key).
        let reason = "invalid regex: expected ')'" + (width > 40 ? "  ⏎ keep  Esc clear" : "")
        #expect(status.hasPrefix("/~^z(▏ ") && status.hasSuffix(reason), "\(status)")
        #expect(lines.contains { $0.contains("Zoë") } && !lines.contains { $0.contains("Leanne") }, "the rows of ~^z stay: \(lines)")
        harness.press(.enter, width: width)
        #expect(harness.lines(width: width, height: 10).last?.hasPrefix("/~^z(▏") == true, "Enter keeps the prompt open")
    }
}
