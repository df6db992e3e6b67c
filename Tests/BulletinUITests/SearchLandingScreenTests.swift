import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Issue 16, item 5 on screen: Enter on a comment result shows its post scrolled to that
/// comment, marked `▸`; on a post result the first match in the body is scrolled into view and
/// drawn in `.highlight`. The post's text is much taller than the 60x10 frame.
@MainActor
@Suite("Search lands on what it found, drawn")
struct SearchLandingScreenTests {
    static let filler = (1...12).map { "Paragraph \($0) of plain words." }.joined(separator: "\n")
    static let posts = [
        Post(userId: 1, id: 1, title: "Long read", body: filler + "\nHere the word Lighthouse appears late.\n" + filler),
    ]
    static let comments = (1...10).map {
        Comment(postId: 1, id: RecordID($0), name: $0 == 9 ? "The seagull one" : "Comment \($0)", email: "c\($0)@x.io",
                body: "Body of comment \($0).")
    }

    func open(_ query: String, moving: Int = 0) async throws -> (AppCoordinator, ScreenHost) {
        let app = AppCoordinator(dependencies: AppDependencies(
            source: StubDataSource(posts: Self.posts, comments: Self.comments)), onQuit: {})
        app.start()
        app.navigate(to: .search(query: query))
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: {})
        let search = try #require(app.stack.top?.destination as? SearchViewModel)
        await search.load()
        await search.waitForSearch()
        search.focusResults()
        search.moveSelection(by: moving)
        _ = Self.frame(host)
        host.handle(.enter)
        await app.loadTop()
        return (app, host)
    }

    static func frame(_ host: ScreenHost) -> Surface {
        var surface = Surface(width: 60, height: 10)
        host.render(on: &surface)
        return surface
    }

    @Test("a comment result: the post opens scrolled to the comment, selected")
    func comment() async throws {
        let (app, host) = try await open("seagull")
        let post = try #require(app.stack.top?.destination as? PostDetailViewModel)
        #expect(post.commentSelection == 8)
        let lines = Self.frame(host).lines
        #expect(lines.contains { $0.contains("▸ The seagull one") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Long read") }, "scrolled away from the top: \(lines)")
    }

    @Test("a post result: the body's first match is scrolled into view and highlighted; the person can scroll away")
    func postMatch() async throws {
        let (app, host) = try await open("lighthouse")
        let surface = Self.frame(host)
        let row = try #require(surface.lines.firstIndex { $0.contains("Here the word Lighthouse appears late.") },
                               "\(surface.lines)")
        let column = try #require(surface.lines[row].range(of: "Lighthouse"))
        let x = surface.lines[row].distance(from: surface.lines[row].startIndex, to: column.lowerBound)
        for offset in 0..<"Lighthouse".count {
            #expect(surface.style(at: Point(x: x + offset, y: row)) == .highlight)
        }
        #expect(surface.style(at: Point(x: x - 2, y: row)) != .highlight)
        #expect(surface.style(at: Point(x: x + 11, y: row)) != .highlight)
        let post = try #require(app.stack.top?.destination as? PostDetailViewModel)
        host.handle(.home)
        #expect(post.scrollOffset == 0)
        #expect(Self.frame(host).lines.contains { $0.contains("Long read") }, "Home scrolls back to the top and stays")
    }
}
