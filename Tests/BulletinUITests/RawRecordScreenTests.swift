import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// The raw view (`v`): the record as the source holds it, drawn at 80x24, control characters
/// and bidi overrides in the data shown harmlessly.
@MainActor
@Suite("Raw view")
struct RawRecordScreenTests {
    static let hostile = "{\n  \"id\": 1,\n  \"title\": \"\u{1B}[31mred\u{1B}[0m\",\n  \"note\": \"abc\u{202E}fed\",\n  \"extra\": {\n    \"stars\": 3\n  }\n}"

    func harness(_ source: StubDataSource) -> (AppCoordinator, ScreenHost) {
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        return (app, ScreenHost(stack: app.stack, share: app.share, onQuit: {}))
    }

    func frame(_ host: ScreenHost) -> Surface {
        var surface = Surface(width: 80, height: 24)
        host.render(on: &surface)
        return surface
    }

    func trimmed(_ surface: Surface) -> [String] {
        surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test("v on a post shows its JSON as held, escapes and a bidi override drawn harmlessly; Esc goes back")
    func postRaw() async throws {
        let (app, host) = harness(StubDataSource(rawRecords: [.post: ["1": Self.hostile]]))
        app.open(.userPost(user: 1, post: 1))
        await app.waitForLink()
        await app.loadTop()
        _ = frame(host)
        host.handle(.character("v"))
        #expect(app.stack.top?.destination is RawRecordViewModel)
        await app.loadTop()
        let lines = trimmed(frame(host))
        #expect(Array(lines[0..<9]) == [
            " Bulletin  Home › Users › Leanne Graham › Post 1 › Raw post 1",
            " {",
            "   \"id\": 1,",
            "   \"title\": \"\\u001B[31mred\\u001B[0m\",",
            "   \"note\": \"abc\\u202Efed\",",
            "   \"extra\": {",
            "     \"stars\": 3",
            "   }",
            " }",
        ])
        #expect(lines[23].hasSuffix("post 1 · 8 lines"), "the status line names the record")
        let drawn = lines.joined()
        #expect(!drawn.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        host.handle(.escape)
        #expect(app.stack.top?.destination is PostDetailViewModel)
    }

    @Test("v with a comment selected shows that comment; on a user screen, the selected post")
    func commentAndUser() async throws {
        let source = StubDataSource(rawRecords: [.comment: ["2": "{\n  \"id\": 2\n}"], .user: ["1": "{\n  \"id\": 1\n}"]])
        let (app, host) = harness(source)
        app.open(.userPost(user: 1, post: 1))
        await app.waitForLink()
        await app.loadTop()
        _ = frame(host)
        host.handle(.tab)
        host.handle(.tab)
        host.handle(.character("v"))
        let comment = try #require(app.stack.top?.destination as? RawRecordViewModel)
        #expect(comment.request == RawRecordRequest(.comment, id: 2))
        app.open(.user(1))
        await app.waitForLink()
        await app.loadTop()
        _ = frame(host)
        host.handle(.character("v"))
        let post = try #require(app.stack.top?.destination as? RawRecordViewModel)
        #expect(post.request == RawRecordRequest(.post, id: 1), "the selected row is the subject where it has a raw view")
    }

    @Test("a source that gives no record as received says so, in its words; ? lists v")
    func unavailable() async throws {
        let (app, host) = harness(StubDataSource(vocabulary: .github))
        app.open(.userPost(user: 1, post: 2))
        await app.waitForLink()
        await app.loadTop()
        _ = frame(host)
        let help = host.screenHelp(for: ScreenHost.screen(for: app.stack.top!.destination))
        #expect(help.contains { $0.label == "v raw" && $0.group == "Record" })
        host.handle(.character("v"))
        await app.loadTop()
        let lines = trimmed(frame(host))
        #expect(lines[0].hasSuffix("Repository 2 › Raw repository 2"))
        #expect(lines[1] == " embedded data set gives no record as received")
    }
}
