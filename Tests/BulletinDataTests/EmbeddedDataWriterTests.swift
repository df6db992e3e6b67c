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
        #expect(created.note == "saved to \(path) (open it later with --data \(path))")
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

    @Test("a copy from an earlier run is never overwritten: access says to open it with --data, and writes refuse")
    func earlierCopyIsKept() async throws {
        let home = try temporaryDataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/bulletin/db.json"
        try FileManager.default.createDirectory(atPath: home + "/bulletin", withIntermediateDirectories: true)
        let earlier = #"{"users": [], "posts": [{"userId": 1, "id": 1, "title": "mine", "body": "b"}]}"#
        try Data(earlier.utf8).write(to: URL(fileURLWithPath: path))
        let writer = EmbeddedDataWriter(source: EmbeddedDataSource(), copyPath: path)
        guard case let .denied(reason) = writer.access else { Issue.record("expected denied access"); return }
        #expect(reason.contains("--data \(path)"))
        do {
            _ = try await writer.delete(.post, id: 1)
            Issue.record("the write should have been refused")
        } catch {
            guard case let .unwritableFile(failedPath, why) = error else { Issue.record("got \(error)"); return }
            #expect(failedPath == path && why.contains("--data \(path)"))
        }
        #expect(FileManager.default.contents(atPath: path) == Data(earlier.utf8))
    }
}
