import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 24, item 3 on the text views: `g` / `G` the ends, Ctrl-D / Ctrl-U half a page, Ctrl-F /
/// Ctrl-B and Space a page, on a post and in the raw view, listed in `?`; at 40, 80 and 120
/// columns, 14 rows (12 of text: a page is 11 lines, half a page 5).
@MainActor
@Suite("vi and less movement in text views")
struct TextMovementScreenTests {
    nonisolated static let widths = [40, 80, 120]
    static let body = (1...60).map { "Line \($0)." }.joined(separator: "\n")
    static let height = 14

    func frame(_ harness: KeyScreenHarness, width: Int) -> [String] {
        harness.lines(width: width, height: Self.height)
    }

    /// Presses `key` after a frame at `width`, then draws again (which clamps the offset).
    func press(_ harness: KeyScreenHarness, _ key: Key, width: Int) -> [String] {
        _ = frame(harness, width: width)
        harness.host.handle(key)
        return frame(harness, width: width)
    }

    func check(_ harness: KeyScreenHarness, offset: () -> Int, width: Int, total: Int) {
        let last = total - (Self.height - 2)
        let steps: [(Key, Int, String)] = [
            (.ctrl("d"), 5, "Ctrl-D half a page down"), (.ctrl("d"), 10, "again"), (.ctrl("u"), 5, "Ctrl-U half a page up"),
            (.ctrl("f"), 16, "Ctrl-F a page down"), (.character(" "), 27, "Space a page down"), (.ctrl("b"), 16, "Ctrl-B a page up"),
            (.character("G"), last, "G the end"), (.ctrl("f"), last, "nothing past the end"), (.character("g"), 0, "g the top"),
            (.ctrl("u"), 0, "nothing above the top"),
        ]
        for (key, expected, what) in steps {
            _ = press(harness, key, width: width)
            #expect(offset() == expected, "\(what) at \(width): \(offset())")
        }
    }

    @Test("on a post: the movement keys scroll by half pages, pages and to the ends", arguments: widths)
    func post(width: Int) async throws {
        let harness = await KeyScreenHarness.open(link: .userPost(user: 1, post: 1),
                                                  source: StubDataSource(posts: [Post(userId: 1, id: 1, title: "Long", body: Self.body)],
                                                                         comments: []))
        let post = try #require(harness.app.stack.top?.destination as? PostDetailViewModel)
        // Title, byline, blank, 60 lines, blank, "Comments (0)".
        check(harness, offset: { post.scrollOffset }, width: width, total: 3 + 60 + 2)
        let lines = press(harness, .character("G"), width: width)
        #expect(lines[Self.height - 2].hasPrefix(" Comments (0) "), "G shows the last line at the bottom: \(lines)")
        let help = harness.host.screenHelp(for: harness.screen)
        for (key, description) in [(Key.ctrl("d"), "Scroll down half a page"), (.ctrl("u"), "Scroll up half a page"),
                                   (.ctrl("f"), "Scroll down a page"), (.ctrl("b"), "Scroll up a page"),
                                   (.character(" "), "Scroll down a page"), (.character("g"), "Scroll to the top"),
                                   (.character("G"), "Scroll to the end")] {
            #expect(help.contains { $0.matches(key) && $0.description == description && $0.isEnabled }, "? lists \(key.name)")
        }
    }

    @Test("in the raw view: the same keys", arguments: widths)
    func raw(width: Int) async throws {
        let raw = "{\n" + (1...60).map { "  \"k\($0)\": \($0)," }.joined(separator: "\n") + "\n}"
        let harness = await KeyScreenHarness.open(link: .userPost(user: 1, post: 1),
                                                  source: StubDataSource(rawRecords: [.post: ["1": raw]]), sharing: true)
        _ = press(harness, .character("v"), width: width)
        await harness.settle()
        let model = try #require(harness.app.stack.top?.destination as? RawRecordViewModel)
        check(harness, offset: { model.scrollOffset }, width: width, total: 62)
    }
}
