import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// A source whose users never arrive (until cancelled) and whose progress the test sets.
private struct SlowFileSource: EmptyFileSource {
    let descriptor = SourceDescriptor(kind: .file, location: "big.json")
    let loadProgress: LoadProgress? = LoadProgress()

    func users() async throws(DataError) -> [User] {
        do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
        return []
    }
}

@MainActor
@Suite("Progress of a large file on the user list")
struct LoadProgressScreenTests {
    @Test("while a large file loads, the list says how far it has got")
    func showsProgress() {
        let source = SlowFileSource()
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {})
        host.handle(.enter)
        source.loadProgress?.update(.reading(done: 450_000, total: 1_000_000))
        var surface = Surface(width: 60, height: 6)
        host.render(on: &surface)
        #expect(surface.lines[2].hasPrefix(" Loading users… reading 45% of 1.0 MB"), "\(surface.lines)")
        source.loadProgress?.update(.decoding)
        host.render(on: &surface)
        #expect(surface.lines[2].hasPrefix(" Loading users… decoding…"), "\(surface.lines)")
        app.stack.pop()  // Esc: the load is cancelled with its screen
    }
}

/// A file source whose post listing reports progress and never ends until cancelled (recorded).
private final class EndlessListingSource: EmptyFileSource, @unchecked Sendable {
    let descriptor = SourceDescriptor(kind: .file, location: "big.json")
    let loadProgress: LoadProgress? = LoadProgress()
    private let lock = NSLock()
    private var cancelledFlag = false
    var wasCancelled: Bool { lock.withLock { cancelledFlag } }
    /// Sends one batch of two posts first (the list shows them while the rest "loads").
    let sendsBatch: Bool

    init(sendsBatch: Bool = false) { self.sendsBatch = sendsBatch }

    func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        loadProgress?.update(.indexing(done: 250_000_000, total: 1_000_000_000))
        if sendsBatch {
            let posts = [PostSummary(id: 1, userId: 1, title: "first"), PostSummary(id: 2, userId: 1, title: "second")]
            partial?(PostBatch(posts: posts, authors: [1: "Ann"], done: 250_000_000, total: 1_000_000_000))
        }
        do { try await Task.sleep(for: .seconds(30)) } catch {
            lock.withLock { cancelledFlag = true }
            throw .cancelled
        }
        return PostListing(posts: [], authors: [:])
    }
}

@MainActor
@Suite("Progress bar of a large file on the Posts list")
struct PostsProgressBarTests {
    /// (That no bar shows before 0.3 s is `PostListProgressiveTests.progressAfterThreshold`, on the clock it is given.)
    @Test("past 0.3 s the Posts list shows a bar of the bytes indexed; Esc cancels the load and goes back")
    func barThenEsc() async throws {
        let source = EndlessListingSource()
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {})
        host.handle(.down)
        host.handle(.enter)
        guard let model = app.stack.top?.destination as? PostListViewModel else {
            Issue.record("Posts did not open: \(String(describing: app.stack.top?.route))")
            return
        }
        let started = ContinuousClock.now + .seconds(300)
        while source.loadProgress?.phase == .idle, ContinuousClock.now < started { try await Task.sleep(for: .milliseconds(2)) }
        var surface = Surface(width: 60, height: 8)
        host.render(on: &surface)
        #expect(surface.lines[2].hasPrefix(" Loading posts… indexing 25% of 1000.0 MB"), "\(surface.lines)")
        try await Task.sleep(for: .milliseconds(350))
        host.render(on: &surface)
        #expect(model.loadProgressFraction() == 0.25)
        let bar = surface.lines[3]
        // 60 columns: 1 margin, 39 cells of bar (a quarter: 9 full), " 25%", "  Esc to cancel", 1 left.
        #expect(bar == " " + String(repeating: "█", count: 9) + String(repeating: "░", count: 30) + " 25%  Esc to cancel ", "\(surface.lines)")
        host.handle(.escape)
        #expect(app.stack.top?.route == "home")
        let deadline = ContinuousClock.now + .seconds(300)
        while !source.wasCancelled, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(source.wasCancelled)
    }
}

@MainActor
@Suite("Progress bar while the Posts list fills in")
struct PostsFillingInProgressTests {
    @Test("rows so far show; past 0.3 s the status line has a bar of the bytes indexed; Esc cancels and goes back")
    func barInStatusLine() async throws {
        let source = EndlessListingSource(sendsBatch: true)
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {})
        host.handle(.down)
        host.handle(.enter)
        guard let model = app.stack.top?.destination as? PostListViewModel else {
            Issue.record("Posts did not open")
            return
        }
        let deadline = ContinuousClock.now + .seconds(300)
        while !model.isPartial, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        try await Task.sleep(for: .milliseconds(350))
        var surface = Surface(width: 120, height: 8)
        host.render(on: &surface)
        #expect(surface.lines[2].contains("first") && surface.lines[3].contains("second"), "\(surface.lines)")
        #expect(surface.lines[7].hasSuffix("██░░░░░░░░ 2 posts so far · indexing 25% of 1000.0 MB"), "\(surface.lines)")
        host.handle(.escape)
        #expect(app.stack.top?.route == "home")
        // Its own deadline: on a loaded machine the wait for the first rows may have used up the first one.
        let cancelDeadline = ContinuousClock.now + .seconds(300)
        while !source.wasCancelled, ContinuousClock.now < cancelDeadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(source.wasCancelled)
    }
}
