import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Edits of the embedded data set go to a copy under `$XDG_DATA_HOME/bulletin/` (issue 8).
struct EmbeddedDataWriterTests {
    private func temporaryDataHome() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-xdg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("the copy goes to $XDG_DATA_HOME/bulletin/db.json, else ~/.local/share; a relative XDG_DATA_HOME is ignored")
    func copyPath() {
        #expect(EmbeddedDataWriter.defaultCopyPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"])
            == "/x/data/bulletin/db.json")
        #expect(EmbeddedDataWriter.defaultCopyPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/bulletin/db.json")
        #expect(EmbeddedDataWriter.defaultCopyPath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/a"])
            == "/home/a/.local/share/bulletin/db.json")
    }

    @Test("the first edit copies the data set (creating directories) and saves there; the source and the copy show it")
    func firstEditCopies() async throws {
        let home = try temporaryDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = EmbeddedDataWriter.defaultCopyPath(environment: ["XDG_DATA_HOME": home])
        let source = EmbeddedDataSource()
        let writer = EmbeddedDataWriter(source: source, copyPath: path)
        #expect(writer.access == .allowed)
        #expect(!FileManager.default.fileExists(atPath: path))

        let created = try await writer.create(.post(Post(userId: 1, id: 0, title: "Hello", body: "there")))
        #expect(created.record?.id == 101)
        #expect(created.persisted)
        #expect(created.note == "saved to \(path) (later runs open it; --reset-embedded goes back to the original)")
        #expect(try await source.post(id: 101).title == "Hello")
        #expect(try await FileDataSource(path: path).post(id: 101).title == "Hello")
        #expect(try await FileDataSource(path: path).statistics() == DataStatistics(
            users: 10, posts: 101, comments: 500, albums: 50, photos: 300, todos: 100))
        #expect(try await EmbeddedDataSource().statistics().posts == 100)

        let second = try await writer.update(.post(Post(userId: 1, id: 101, title: "Hello again", body: "there")))
        #expect(second.note == "saved to \(path)")
        #expect(try await FileDataSource(path: path).post(id: 101).title == "Hello again")
        #expect(writer.access == .allowed)
    }

    @Test("after the first edit a reload (r, the lists after a save) reads the copy, not the bundled data set")
    func reloadReadsTheCopy() async throws {
        let home = try temporaryDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/bulletin/db.json"
        let source = EmbeddedDataSource()
        let writer = EmbeddedDataWriter(source: source, copyPath: path)
        let user = try await source.user(id: 1)
        _ = try await writer.update(.user(User(id: 1, name: user.name + "X", username: user.username)))
        #expect(try await source.user(id: 1).name == user.name + "X")
        let reloaded = try await FetchContext.reloading(true) { () async throws(DataError) -> User in
            try await source.user(id: 1)
        }
        #expect(reloaded.name == user.name + "X")
    }

    @Test("a copy that appears after the source was made is never overwritten: access says to start again, and writes refuse")
    func appearedCopyIsKept() async throws {
        let home = try temporaryDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/bulletin/db.json"
        let source = EmbeddedDataSource(copyPath: path)   // no copy yet: the bundled set
        #expect(source.editedCopyPath == nil)
        try FileManager.default.createDirectory(atPath: home + "/bulletin", withIntermediateDirectories: true)
        let earlier = #"{"users": [], "posts": [{"userId": 1, "id": 1, "title": "mine", "body": "b"}]}"#
        try Data(earlier.utf8).write(to: URL(fileURLWithPath: path))
        let writer = EmbeddedDataWriter(source: source, copyPath: path)
        guard case let .denied(reason) = writer.access else { Issue.record("expected denied access"); return }
        #expect(reason == "another run saved edits to \(path) meanwhile: start Bulletin again to open them")
        do {
            _ = try await writer.delete(.post, id: 1)
            Issue.record("the write should have been refused")
        } catch {
            guard case let .unwritableFile(failedPath, why) = error else { Issue.record("got \(error)"); return }
            #expect(failedPath == path && why == reason)
        }
        #expect(FileManager.default.contents(atPath: path) == Data(earlier.utf8))
    }

    @Test("the next run reopens the copy: its edits are read, the label says so, and writes go on saving into it")
    func nextRunReopensTheCopy() async throws {
        let home = try temporaryDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/bulletin/db.json"
        let first = EmbeddedDataSource(copyPath: path)
        #expect(first.descriptor.description == "embedded data set")
        let todo = try #require(try await first.todos(userID: 1).first { $0.id == 2 })
        _ = try await EmbeddedDataWriter(source: first, copyPath: path).setCompleted(!todo.completed, of: todo)

        let second = EmbeddedDataSource(copyPath: path)   // a later run
        #expect(second.editedCopyPath == path)
        #expect(second.descriptor == SourceDescriptor(kind: .embedded, location: path, detail: "with your edits"))
        #expect(second.descriptor.description == "embedded data set, with your edits")
        #expect(try await second.todos(userID: 1).first { $0.id == 2 }?.completed == !todo.completed)
        let writer = EmbeddedDataWriter(source: second, copyPath: path)
        #expect(writer.access == .allowed)
        let user = try await second.user(id: 1)
        let saved = try await writer.update(.user(User(id: 1, name: user.name + " II", username: user.username)))
        #expect(saved.note == "saved to \(path)")
        #expect(try await second.user(id: 1).name == user.name + " II")
        let onDisk = FileDataSource(path: path)
        #expect(try await onDisk.user(id: 1).name == user.name + " II")
        #expect(try await onDisk.todos(userID: 1).first { $0.id == 2 }?.completed == !todo.completed,
                "the earlier run's edit is kept")
        #expect(FileManager.default.fileExists(atPath: path + ".bak"))
    }

    @Test("moving the copy aside brings back the original set; the edits stay in db.json.before-reset")
    func moveAside() async throws {
        let home = try temporaryDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/bulletin/db.json"
        #expect(try EmbeddedDataWriter.moveCopyAside(at: path) == nil, "nothing to move")
        let source = EmbeddedDataSource(copyPath: path)
        _ = try await EmbeddedDataWriter(source: source, copyPath: path).delete(.post, id: 1)
        let edited = try #require(FileManager.default.contents(atPath: path))
        #expect(try EmbeddedDataWriter.moveCopyAside(at: path) == path + ".before-reset")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.contents(atPath: path + ".before-reset") == edited)
        let original = EmbeddedDataSource(copyPath: path)
        #expect(original.editedCopyPath == nil && original.descriptor.description == "embedded data set")
        #expect(try await original.post(id: 1).id == 1, "post 1 is back")
    }
}
