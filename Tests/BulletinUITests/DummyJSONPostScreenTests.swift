import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// DummyJSON's post screen drawn into the in-memory surface at 80x24, on the recorded post 1
/// and the comments fixture: tags, reactions and views under the byline, and each comment's
/// full name with its username and likes.
@MainActor
@Suite(.serialized, SharedData.needed)
struct DummyJSONPostScreenTests {
    @Test("80x24: tags, reactions and views; the comments' full names, usernames and likes")
    func post80x24() async throws {
        let server = try LoopbackServer.startDummyJSONWithComments()
        defer { server.stop() }
        let source = DummyJSONDataSource(baseURL: server.baseURL, timeout: 10)
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        app.open(.userPost(user: 121, post: 1))
        await app.waitForLink()
        await app.loadTop()
        let host = ScreenHost(stack: app.stack, onQuit: {})
        var surface = Surface(width: 80, height: 24)
        host.render(on: &surface)
        let lines = surface.lines.map { String($0.dropLast().reversed().drop { $0 == " " }.reversed()) }
        #expect(Array(lines[1..<6]) == [
            " His mother had always taught him",
            " by Ava Harris (@avahx)",
            " Tags: history, american, crime",
            " Reactions: 192 likes, 25 dislikes",
            " Views: 305",
        ], "\(lines.joined(separator: "\n"))")
        let first = try #require(lines.firstIndex(of: " James Davis"), "\(lines.joined(separator: "\n"))")
        #expect(Array(lines[first...(first + 2)]) == [" James Davis", " jamesd · Likes: 3", " This is some awesome thinking!"])
        #expect(lines.contains(" alexanderj · Likes: 0"))
        #expect(surface.style(at: Point(x: 1, y: first + 1)) == .muted)
    }
}
