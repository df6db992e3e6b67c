import BulletinData
import BulletinFeatures
import BulletinTestSupport
import MVVMC
import TermView
import Testing

@testable import BulletinUI

/// The status-line spinner: only after a short delay, animated, gone once loaded.
/// A source whose users never arrive (until cancelled), with a load progress when `file`.
private struct WaitingSource: EmptyFileSource {
    let descriptor = SourceDescriptor(kind: .rest, location: "http://127.0.0.1:9")
    var loadProgress: LoadProgress?

    func users() async throws(DataError) -> [User] {
        do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
        return []
    }
}

/// A writer whose saves wait (until cancelled): a save held by another session's lock.
private struct WaitingWriter: DataWriter {
    let access = WriteAccess.allowed
    private func wait() async throws(DataError) -> WriteOutcome {
        do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
        throw .cancelled
    }
    func create(_ record: Record) async throws(DataError) -> WriteOutcome { try await wait() }
    func update(_ record: Record) async throws(DataError) -> WriteOutcome { try await wait() }
    func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome { try await wait() }
}

@MainActor
@Suite("Loading spinner")
struct SpinnerTests {
    @Test("a save that takes a while: the spinner's glyph beside `Saving…`, not `loading Saving…`")
    func savingSpinner() {
        let clock = FakeClock()
        let source = StubDataSource()
        let stack = NavigationStack<any ScreenViewModel>()
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(Fixtures.posts[0])), source: source, writer: WaitingWriter(),
                                       onClose: { _ in })
        stack.show(form.request(title: "Edit post 1", link: nil, owner: nil))
        let host = ScreenHost(stack: stack, onQuit: {}, clock: { clock.now })
        form.edit { $0.insert("x") }
        form.save()
        _ = statusLine(host)
        clock.now += 0.35
        #expect(statusLine(host).hasSuffix("⠋ Saving…"), "\(statusLine(host))")
    }

    final class FakeClock { var now = 100.0 }

    func statusLine(_ host: ScreenHost) -> String {
        var surface = Surface(width: 80, height: 8)
        host.render(on: &surface)
        return surface.lines[7]
    }

    @Test("no spinner for quick loads; after the delay it shows and turns; once loaded it goes")
    func spinnerAppearsAfterDelay() async {
        let clock = FakeClock()
        let app = AppCoordinator(dependencies: AppDependencies(source: StubDataSource(delay: .milliseconds(300))), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {}, clock: { clock.now })
        #expect(!host.needsAnimation)
        host.handle(.enter)  // Users, loading
        #expect(host.needsAnimation)
        #expect(!statusLine(host).contains("loading"))
        clock.now += 0.2
        #expect(!statusLine(host).contains("loading"))
        clock.now += 0.15
        // The glyph alone before a summary that says it loads (not "⠋ loading Loading users…").
        #expect(statusLine(host).hasSuffix("⠋ Loading users…"), "\(statusLine(host))")
        clock.now += ScreenHost.spinnerInterval
        #expect(statusLine(host).hasSuffix("⠙ Loading users…"), "\(statusLine(host))")
        guard let model = app.stack.top?.destination as? UserListViewModel else {
            Issue.record("expected the user list")
            return
        }
        await model.load()
        #expect(!host.needsAnimation)
        let line = statusLine(host)
        #expect(!line.contains("loading"))
        #expect(line.hasSuffix("3 users"), "\(line)")
    }

    @Test("between whole frames a turn of the spinner is its one cell, and the frame on screen is what a whole frame would draw")
    func turnIsOneCell() throws {
        let clock = FakeClock()
        let app = AppCoordinator(dependencies: AppDependencies(source: WaitingSource()), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {}, clock: { clock.now })
        let backend = MemoryBackend(size: Size(width: 80, height: 8))
        let terminal = Terminal(backend: backend)
        host.handle(.enter)   // Users, waiting
        terminal.draw { host.render(on: &$0) }
        #expect(host.spinnerStep() == .frame, "no spinner drawn yet: a whole frame")
        clock.now += ScreenHost.spinnerDelay + 0.01
        terminal.draw { host.render(on: &$0) }
        let frame = try #require(terminal.lastFrame)
        let column = try #require((0..<80).first { frame[$0, 7].text == "⠋" }, "\(frame.lines)")
        #expect(host.spinnerStep() == .unchanged, "the frame due is the one shown")
        clock.now += ScreenHost.spinnerInterval
        let step = host.spinnerStep()
        #expect(step == .cell(text: "⠙", at: Point(x: column, y: 7)))
        let drawn = backend.cellsDrawn
        if case let .cell(text, point) = step { #expect(terminal.patch(text, at: point)) }
        #expect(backend.cellsDrawn == drawn + 1, "one cell sent")
        var whole = Surface(width: 80, height: 8)
        host.render(on: &whole)
        #expect(terminal.lastFrame == whole, "what is on screen is what a whole frame draws")
        #expect(host.spinnerStep() == .unchanged)
        host.helpState = TextViewState()
        #expect(host.spinnerStep() == .frame, "the help overlay hides the spinner: a whole frame")
        app.stack.pop()
    }

    @Test("a screen showing a file's load progress gets a whole frame on every turn")
    func progressTurnsWholeFrames() {
        let clock = FakeClock()
        let source = WaitingSource(loadProgress: LoadProgress())
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, onQuit: {}, clock: { clock.now })
        host.handle(.enter)
        var surface = Surface(width: 80, height: 8)
        host.render(on: &surface)
        clock.now += ScreenHost.spinnerDelay + 0.01
        host.render(on: &surface)
        clock.now += ScreenHost.spinnerInterval
        #expect(host.spinnerStep() == .cell(text: "⠙", at: host.spinnerShown?.point ?? Point(x: -1, y: -1)),
                "progress idle: nothing else to show")
        source.loadProgress?.update(.reading(done: 10, total: 100))
        clock.now += ScreenHost.spinnerInterval
        #expect(host.spinnerStep() == .frame, "the progress changed without an observed change: a whole frame")
        app.stack.pop()
    }
}
