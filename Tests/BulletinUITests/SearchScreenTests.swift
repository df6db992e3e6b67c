import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// The Search screen rendered into the in-memory surface (issue 7), driven through the host's keys.
@MainActor
@Suite("Search screen")
struct SearchScreenTests {
    @MainActor final class Counter { var count = 0 }

    let app: AppCoordinator
    let host: ScreenHost
    let quits = Counter()

    init() {
        app = AppCoordinator(dependencies: AppDependencies(source: SearchFixtures.source()), onQuit: {})
        app.start()
        host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: { [quits] in quits.count += 1 })
    }

    func frame(width: Int = 60, height: Int = 10) -> Surface {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface
    }

    func lines(width: Int = 60, height: Int = 10) -> [String] {
        frame(width: width, height: height).lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    func press(_ keys: Key...) {
        for key in keys {
            _ = frame()
            host.handle(key)
        }
    }

    func type(_ text: String) { for character in text { press(.character(character)) } }

    /// `s` on Home, then waits for the data.
    func openSearch() async throws {
        press(.character("s"))
        guard let model = app.stack.top?.destination as? SearchViewModel else { throw SearchScreenError.notSearch }
        await model.load()
    }

    func settle() async {
        guard let model = app.stack.top?.destination as? SearchViewModel else { return }
        await model.waitForSearch()
    }

    @Test("s on Home opens Search with an empty, focused field and a hint")
    func opens() async throws {
        try await openSearch()
        let surface = frame()
        #expect(lines() == [
            " Bulletin  Home › Search                             search",
            " Search: title or body text",
            "",
            " Type to search the title and body of every post and comment",
            "", "", "", "", "",
            " type to search  ⏎ results  Esc back  F1 help  Ctrl-C quit",
        ])
        #expect(surface.cursor == Point(x: 9, y: 1))
    }

    @Test("typing shows the groups with counts; the header's route follows the query")
    func groups() async throws {
        try await openSearch()
        type("society")
        await settle()
        #expect(lines() == [
            " Bulletin  Home › Search                   search?q=society",
            " Search: society",
            "",
            " Posts (1)",
            "  Café society",
            " Comments (1)",
            "  Other — …body where the word society comes late.",
            "", "",
            " Esc back  F1 help  Ctrl-C quit           1 post · 1 comment",
        ])
        let surface = frame()
        #expect(surface.style(at: Point(x: 1, y: 3)) == .title)
        #expect(surface.style(at: Point(x: 8, y: 4)) == .highlight, "the match is highlighted")
        #expect(surface.style(at: Point(x: 3, y: 4)) == .normal)
    }

    @Test("no match says so and keeps the query editable")
    func emptyState() async throws {
        try await openSearch()
        type("zzz")
        await settle()
        #expect(lines()[3] == " No post or comment contains \"zzz\".")
        press(.backspace, .backspace, .backspace)
        type("cafe")
        await settle()
        #expect(lines()[3] == " Posts (1)")
    }

    @Test("in the field, q and : are text; Enter moves to the results, / and typing come back")
    func focus() async throws {
        try await openSearch()
        type("q:")
        #expect(quits.count == 0 && !app.commandLine.isActive)
        press(.ctrl("u"))
        type("question")
        await settle()
        press(.enter)
        var surface = frame()
        #expect(surface.style(at: Point(x: 2, y: 4)) == .selected, "the first result is selected")
        #expect(surface.cursor == nil)
        #expect(lines(width: 90).last?.hasPrefix(" ↑↓ move  ⏎ open  / edit query  Esc back  ? help  q quit") == true)
        press(.character("/"))
        type("s")
        await settle()
        surface = frame()
        #expect(lines()[1] == " Search: questions")
        #expect(surface.style(at: Point(x: 2, y: 4)) != .selected)
        press(.enter, .character("x"))
        #expect(lines()[1] == " Search: questionsx", "typing on the results goes back to the field")
    }

    @Test("Enter on a comment opens its post; Esc comes back to the same results")
    func openAndBack() async throws {
        try await openSearch()
        type("society")
        await settle()
        press(.enter, .down, .enter)
        guard let post = app.stack.top?.destination as? PostDetailViewModel else { throw SearchScreenError.notPost }
        await post.load()
        #expect(lines()[0].hasPrefix(" Bulletin  Home › Search › Post 3"))
        press(.escape)
        let back = frame()
        #expect(lines()[1] == " Search: society")
        #expect(back.style(at: Point(x: 2, y: 6)) == .selected, "the comment is still selected")
    }
}

enum SearchScreenError: Error { case notSearch, notPost }

/// The Search screen over a file source (issue 23): results show while the scan goes on.
@MainActor
@Suite("Search screen on a file")
struct SearchScreenFileTests {
    @Test("while the scan goes on the first results show, their count marked as growing and the status line searching")
    func growingCount() async throws {
        let count = 4096 * 24
        let file = try SearchFixtures.entriesFile(count: count)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let app = AppCoordinator(dependencies: AppDependencies(source: FileDataSource(path: file.path)), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, onQuit: {})
        var surface = Surface(width: 60, height: 8)
        host.render(on: &surface)
        host.handle(.character("s"))
        let model = try #require(app.stack.top?.destination as? SearchViewModel)
        await model.load()
        host.handle(.character("e"))
        var growing: [String]?
        let deadline = ContinuousClock.now + .seconds(300)
        while model.isSearching, growing == nil, ContinuousClock.now < deadline {
            surface = Surface(width: 60, height: 8)
            host.render(on: &surface)
            let lines = surface.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            if lines.contains(where: { $0.hasPrefix(" Posts (") }) { growing = lines }
            try await Task.sleep(for: .milliseconds(1))
        }
        await model.waitForSearch()
        let lines = try #require(growing, "no results were drawn before the search ended")
        #expect(lines[3].hasPrefix(" Posts (") && lines[3].hasSuffix("…)"), "\(lines)")
        #expect(lines[4] == "  entry 1" && lines[7].hasSuffix("searching…"), "\(lines)")
        surface = Surface(width: 60, height: 8)
        host.render(on: &surface)
        #expect(surface.lines[3].hasPrefix(" Posts (\(count))"))
    }
}
