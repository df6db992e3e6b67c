import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 24, item 2 on screen: `/` on a post (and in the raw view) opens a find prompt; every
/// match is highlighted, the current one in `.selectedHighlight`; `n` / `N` scroll to the next
/// and previous, wrapping around; the status line counts them; Esc clears; and a key typed
/// after `/` is text, never another binding. At 40, 80 and 120 columns, 14 rows.
@MainActor
@Suite("Find in text, drawn")
struct TextFindScreenTests {
    static let filler = (1...6).map { "Paragraph \($0) of plain words and more plain words." }.joined(separator: "\n")
    static let posts = [
        Post(userId: 1, id: 1, title: "The lighthouse",
             body: filler + "\nA lighthouse stood here.\n" + filler + "\nThe last LIGHTHOUSE, and a lïghthouse."),
    ]
    static let comments = [
        Comment(postId: 1, id: 1, name: "Keeper", email: "k@x.io", body: "I kept the lighthouse for years."),
    ]
    nonisolated static let widths = [40, 80, 120]
    static let height = 14

    func open(width: Int) async -> KeyScreenHarness {
        await KeyScreenHarness.open(link: .userPost(user: 1, post: 1), source: StubDataSource(posts: Self.posts, comments: Self.comments))
    }

    /// The runs of highlighted cells on each row: (row, text, is current).
    static func highlights(_ surface: Surface) -> [(row: Int, text: String, current: Bool)] {
        var runs: [(row: Int, text: String, current: Bool)] = []
        let lines = surface.lines.map(Array.init)
        for y in 0..<surface.size.height {
            var x = 0
            while x < surface.size.width {
                let style = surface.style(at: Point(x: x, y: y))
                guard style == .highlight || style == .selectedHighlight else { x += 1; continue }
                var text = ""
                while x < surface.size.width, surface.style(at: Point(x: x, y: y)) == style {
                    text.append(lines[y][x])
                    x += 1
                }
                runs.append((y, text, style == .selectedHighlight))
            }
        }
        return runs
    }

    func frame(_ harness: KeyScreenHarness, width: Int) -> Surface {
        var surface = Surface(width: width, height: Self.height)
        harness.host.render(on: &surface)
        return surface
    }

    func press(_ harness: KeyScreenHarness, _ keys: [Key], width: Int) {
        for key in keys {
            _ = frame(harness, width: width)
            harness.host.handle(key)
        }
    }

    @Test("/ then typing highlights every match shown, the first current, and counts them", arguments: widths)
    func typeAndCount(width: Int) async throws {
        let harness = await open(width: width)
        press(harness, [.character("/")] + "lighthouse".map(Key.character), width: width)
        let surface = frame(harness, width: width)
        let status = surface.lines[Self.height - 1]
        #expect(status.hasPrefix("/lighthouse▏") && status.contains(" 1 of 5  ⏎ keep  Esc clear"), "\(status)")
        let runs = Self.highlights(surface)
        #expect(runs.first?.text.lowercased() == "lighthouse" && runs.first?.current == true, "the title's match is current: \(runs)")
        #expect(runs.filter(\.current).count == 1)
        #expect(runs.allSatisfy { $0.text.lowercased() == "lighthouse" }, "\(runs)")
        let post = try #require(harness.app.stack.top?.destination as? PostDetailViewModel)
        #expect(post.textFind.countText == "1 of 5")
    }

    @Test("a key typed after / is text: /abc on a post opens no form and reaches no binding", arguments: widths)
    func keysAreText(width: Int) async throws {
        let harness = await open(width: width)
        press(harness, [.character("/"), .character("a"), .character("b"), .character("c"), .character("q"), .character("e")], width: width)
        #expect(harness.app.stack.top?.destination is PostDetailViewModel, "no form opened, nothing quit")
        #expect(harness.counter.quits == 0)
        let status = frame(harness, width: width).lines[Self.height - 1]
        #expect(status.hasPrefix("/abcqe▏") && status.contains(" no matches  ⏎ keep"), "\(status)")
    }

    @Test("Enter keeps the find; n and N scroll each match into view, wrapping around; Esc clears", arguments: widths)
    func nextPreviousEsc(width: Int) async throws {
        let harness = await open(width: width)
        let post = try #require(harness.app.stack.top?.destination as? PostDetailViewModel)
        press(harness, [.character("/")] + "lighthouse".map(Key.character) + [.enter], width: width)
        var surface = frame(harness, width: width)
        #expect(surface.lines[Self.height - 1].contains("1 of 5  /"), "\(surface.lines[Self.height - 1])")
        for number in 2...5 {
            press(harness, [.character("n")], width: width)
            surface = frame(harness, width: width)
            #expect(surface.lines[Self.height - 1].contains("\(number) of 5  /"), "\(surface.lines[Self.height - 1])")
            let current = Self.highlights(surface).filter(\.current)
            #expect(current.count == 1 && current.first.map { (1..<(Self.height - 1)).contains($0.row) } == true,
                    "match \(number) is drawn in the body: \(surface.lines)")
        }
        #expect(post.scrollOffset > 0, "the later matches were scrolled to")
        press(harness, [.character("n")], width: width)
        surface = frame(harness, width: width)
        #expect(surface.lines[Self.height - 1].contains("1 of 5"), "after the last, the first")
        #expect(post.scrollOffset == 0, "the first match (the title) scrolled back into view")
        press(harness, [.character("N")], width: width)
        #expect(frame(harness, width: width).lines[Self.height - 1].contains("5 of 5"), "before the first, the last")
        press(harness, [.escape], width: width)
        surface = frame(harness, width: width)
        #expect(Self.highlights(surface).isEmpty, "Esc clears the highlights")
        #expect(!surface.lines[Self.height - 1].contains("/lighthouse"))
        #expect(harness.app.stack.top?.destination is PostDetailViewModel, "the first Esc clears, it does not go back")
        press(harness, [.escape], width: width)
        #expect(!(harness.app.stack.top?.destination is PostDetailViewModel), "the next Esc goes back")
    }

    @Test("↓ ↑ at the prompt go to the next and previous match; Esc there closes it", arguments: widths)
    func promptArrows(width: Int) async throws {
        let harness = await open(width: width)
        press(harness, [.character("/")] + "lighthouse".map(Key.character) + [.down, .down], width: width)
        #expect(frame(harness, width: width).lines[Self.height - 1].contains("3 of 5"))
        press(harness, [.up], width: width)
        #expect(frame(harness, width: width).lines[Self.height - 1].contains("2 of 5"))
        press(harness, [.escape], width: width)
        let post = try #require(harness.app.stack.top?.destination as? PostDetailViewModel)
        #expect(!post.textFind.isActive)
    }

    @Test("the raw view finds too, and a long value goes on under its own indent", arguments: widths)
    func rawView(width: Int) async throws {
        let value = (1...30).map { "word\($0)" }.joined(separator: " ")
        let raw = "{\n  \"id\": 1,\n  \"body\": \"\(value)\",\n  \"stars\": 3\n}"
        let harness = await KeyScreenHarness.open(link: .userPost(user: 1, post: 1),
                                                  source: StubDataSource(rawRecords: [.post: ["1": raw]]), sharing: true)
        press(harness, [.character("v")], width: width)
        await harness.settle()
        var surface = frame(harness, width: width)
        let bodyRow = try #require(surface.lines.firstIndex { $0.hasPrefix("   \"body\": \"word1 ") }, "\(surface.lines)")
        let continued = surface.lines[bodyRow + 1]
        #expect(continued.hasPrefix("     word"), "under the key's indent plus two, not at the left edge: \(continued.debugDescription)")
        for line in surface.lines[1..<(Self.height - 1)] {
            #expect(!line.contains("wor ") && !line.hasSuffix("wor"), "no word is broken: \(line)")
        }
        press(harness, [.character("/"), .character("s"), .character("t"), .character("a"), .character("r")], width: width)
        surface = frame(harness, width: width)
        let status = surface.lines[Self.height - 1]
        #expect(status.hasPrefix("/star▏") && status.contains(" 1 of 1  ⏎ keep"), "\(status)")
        #expect(Self.highlights(surface).map(\.text) == ["star"])
    }
}
