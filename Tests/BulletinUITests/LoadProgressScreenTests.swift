import BulletinData
import BulletinFeatures
import TermView
import Testing

@testable import BulletinUI

/// A source whose users never arrive (until cancelled) and whose progress the test sets.
private struct SlowFileSource: DataSource {
    let descriptor = SourceDescriptor(kind: .file, location: "big.json")
    let loadProgress: LoadProgress? = LoadProgress()

    func users() async throws(DataError) -> [User] {
        do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
        return []
    }
    func user(id: RecordID) async throws(DataError) -> User { throw .notFound("user", location: "big.json") }
    func posts(userID: RecordID) async throws(DataError) -> [Post] { [] }
    func post(id: RecordID) async throws(DataError) -> Post { throw .notFound("post", location: "big.json") }
    func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { [] }
    func statistics() async throws(DataError) -> DataStatistics { DataStatistics(users: 0, posts: 0, comments: 0) }
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
