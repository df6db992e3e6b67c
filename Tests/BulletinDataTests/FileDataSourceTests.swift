import BulletinData
import BulletinTestSupport
import Foundation
import Testing

struct FileDataSourceTests {
    /// Writes `text` to a new temporary file and returns its path.
    private func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bulletin-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private let smallDB = """
        {"users": [{"id": 1, "name": "Ann", "username": "ann"}, {"id": "2", "name": "Bo", "username": "bo"}],
         "posts": [{"userId": 1, "id": 1, "title": "t1", "body": "b"}, {"userId": "2", "id": 2, "title": "t2", "body": "b"}],
         "comments": [{"postId": 2, "id": 1, "name": "n", "email": "e", "body": "b"}],
         "todos": [{"userId": 1, "id": 1, "title": "kept beside them", "completed": false}]}
        """

    @Test("a db.json answers users, posts, comments and lookups by id")
    func readsDB() async throws {
        let path = try temporaryFile(smallDB)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = FileDataSource(path: path)
        #expect(source.descriptor == SourceDescriptor(kind: .file, location: path))
        #expect(try await source.users().map(\.name) == ["Ann", "Bo"])
        #expect(try await source.user(id: 2).name == "Bo")
        #expect(try await source.posts(userID: 2).map(\.title) == ["t2"])
        #expect(try await source.post(id: 1).title == "t1")
        #expect(try await source.comments(postID: 2).count == 1)
        #expect(try await source.comments(postID: 1).isEmpty)
        #expect(try await source.statistics() == DataStatistics(users: 2, posts: 2, comments: 1, todos: 1))
        #expect(try await source.todos(userID: 1).map(\.title) == ["kept beside them"])
    }

    @Test("a missing id is notFound naming the record and the file")
    func missingID() async throws {
        let path = try temporaryFile(smallDB)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = FileDataSource(path: path)
        await #expect(throws: DataError.notFound("user 42", location: path)) { try await source.user(id: 42) }
        await #expect(throws: DataError.notFound("post 9", location: path)) { try await source.post(id: 9) }
    }

    @Test("the file is read once and served from memory after that")
    func cachesAfterFirstRead() async throws {
        let path = try temporaryFile(smallDB)
        let source = FileDataSource(path: path)
        #expect(try await source.users().count == 2)
        try FileManager.default.removeItem(atPath: path)
        #expect(try await source.users().count == 2)
    }

    @Test("a missing file is unreadableFile naming the path")
    func missingFile() async {
        let path = "/nonexistent/bulletin/db.json"
        await #expect(throws: DataError.unreadableFile(path: path, reason: "no such file")) {
            try await FileDataSource(path: path).users()
        }
    }

    @Test("a directory is unreadableFile")
    func directory() async {
        let path = FileManager.default.temporaryDirectory.path
        await #expect(throws: DataError.unreadableFile(path: path, reason: "is a directory")) {
            try await FileDataSource(path: path).users()
        }
    }

    @Test("a bad user in a db.json is skipped and reported as users[1].name; the others load")
    func badUserPath() async throws {
        let path = try temporaryFile(#"{"users": [{"id": 1, "name": "Ann", "username": "a"}, {"id": 2, "name": null, "username": "b"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = FileDataSource(path: path)
        #expect(try await source.users().map(\.name) == ["Ann"])
        #expect(try await source.userList().issues
            == [RecordIssue(path: "users[1].name", reason: "null", effect: .skipped, location: path)])
    }

    @Test("a top-level array whose file name names no collection is malformedJSON naming the file")
    func unnamedArray() async throws {
        let path = try temporaryFile(#"[{"id": 1}]"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try await FileDataSource(path: path).users()
            Issue.record("expected malformedJSON")
        } catch {
            guard case let .malformedJSON(jsonPath, location, reason) = error else {
                Issue.record("expected malformedJSON, got \(error)")
                return
            }
            #expect(jsonPath == "$")
            #expect(location == path)
            #expect(reason.contains("users, posts or comments"))
        }
    }

    @Test("the empty and the truncated users files give malformedJSON naming the file",
          SharedData.needed)
    func hardInputs() async {
        for name in ["users-empty-file.json", "users-truncated.json"] {
            let path = SharedData.input(name).path
            do {
                _ = try await FileDataSource(path: path).users()
                Issue.record("\(name) decoded")
            } catch {
                guard case let .malformedJSON(jsonPath, location, reason) = error else {
                    Issue.record("\(name): expected malformedJSON, got \(error)")
                    continue
                }
                #expect(jsonPath == "$")
                #expect(location == path)
                #expect(error.description.contains(name))
                if name == "users-empty-file.json" { #expect(reason == "empty body") }
            }
        }
    }
}
