@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// A todo toggled where the data lives: a splice of its one `completed` value in a db.json
/// (every other byte the same), a PATCH on a REST API (PUT where PATCH is refused), the
/// embedded set's copy; and refusals with their reasons.
@Suite(.serialized, SharedData.needed)
struct TodoWriteTests {
    static let db = SharedData.data("jsonplaceholder/db.json")

    /// Todo 1 of the recordings: `delectus aut autem`, not completed.
    static let first = Todo(userId: 1, id: 1, title: "delectus aut autem", completed: false)

    @Test("file: only todo 1's completed changes (false → true), byte for byte; reads and a fresh load show it")
    func fileSplice() async throws {
        let copy = try ScratchFile(copying: Self.db)
        defer { copy.remove() }
        let before = copy.bytes
        let source = FileDataSource(path: copy.path)
        let writer = FileDataWriter(source: source)
        let todo = try #require(try await source.todos(userID: 1).first)
        #expect(todo == Self.first)
        let outcome = try await writer.setCompleted(true, of: todo)
        #expect(outcome.persisted && outcome.todo.completed && outcome.note == "saved to \(copy.path)")
        // The expected file, made independently: the one `false` after todo 1's title becomes `true`.
        let text = try #require(String(data: before, encoding: .utf8))
        let marker = "\"title\": \"delectus aut autem\",\n      \"completed\": false"
        #expect(text.components(separatedBy: marker).count == 2, "the marker is unique")
        let expected = text.replacingOccurrences(of: marker, with: "\"title\": \"delectus aut autem\",\n      \"completed\": true")
        #expect(copy.bytes == Data(expected.utf8))
        #expect(copy.bytes.count == before.count - 1)
        #expect(try await source.todos(userID: 1).first?.completed == true)
        #expect(try await FileDataSource(path: copy.path).todos(userID: 1).first?.completed == true)
        #expect(FileManager.default.contents(atPath: copy.path + ".bak") == before, "the previous version is kept")
        let back = try await writer.setCompleted(false, of: outcome.todo)
        #expect(!back.todo.completed && copy.bytes == before, "toggling back gives the original bytes")
    }

    @Test("file: a todo after a post save, and a post save after a todo save, both keep each other's change")
    func fileMixedSaves() async throws {
        let copy = try ScratchFile(copying: Self.db)
        defer { copy.remove() }
        let source = FileDataSource(path: copy.path)
        let writer = FileDataWriter(source: source)
        var post = try await source.post(id: 1)
        post.title = "a new title"
        _ = try await writer.update(.post(post))
        _ = try await writer.setCompleted(true, of: Self.first)
        post.title = "another title"
        _ = try await writer.update(.post(post))
        let fresh = FileDataSource(path: copy.path)
        #expect(try await fresh.post(id: 1).title == "another title")
        #expect(try await fresh.todos(userID: 1).first?.completed == true)
        #expect(try await source.todos(userID: 1).first?.completed == true, "the source's reads keep the todo")
    }

    @Test("file: a file changed on disk, an unknown todo, a todo without completed are refused and the file is unchanged")
    func fileRefusals() async throws {
        let copy = try ScratchFile(copying: Self.db)
        defer { copy.remove() }
        let source = FileDataSource(path: copy.path)
        let writer = FileDataWriter(source: source)
        _ = try await source.todos(userID: 1)
        var missing = Self.first
        missing.id = 9999
        await #expect(throws: DataError.notFound("todo 9999", location: copy.path)) {
            try await writer.setCompleted(true, of: missing)
        }
        var changed = copy.bytes
        changed.append(contentsOf: Array("\n".utf8))
        try changed.write(to: URL(fileURLWithPath: copy.path))
        await #expect(throws: DataError.changedOnDisk(path: copy.path)) { try await writer.setCompleted(true, of: Self.first) }
        #expect(copy.bytes == changed)
        let overwritten = try await writer.setCompleted(true, of: Self.first, overwriteIfChanged: true)
        #expect(overwritten.todo.completed && copy.bytes.count == changed.count - 1)
        #expect(try await source.todos(userID: 1).first?.completed == true)

        let bare = try ScratchFile(contents: Data(#"{"users": [], "todos": [{"userId": 1, "id": 1, "title": "t"}]}"#.utf8))
        defer { bare.remove() }
        let bareWriter = FileDataWriter(source: FileDataSource(path: bare.path))
        await #expect(throws: DataError.unwritableFile(path: bare.path, reason: "todo 1 has no completed member")) {
            try await bareWriter.setCompleted(true, of: Self.first)
        }
    }

    @Test("file: after a change on disk, a reload (r) reads the new version and the next toggle saves over it, keeping that change")
    func reloadAfterChangeOnDisk() async throws {
        let copy = try ScratchFile(copying: Self.db)
        defer { copy.remove() }
        let source = FileDataSource(path: copy.path)
        let writer = FileDataWriter(source: source)
        _ = try await source.todos(userID: 1)
        // Someone else marks todo 2 done meanwhile.
        let marker2 = "\"title\": \"quis ut nam facilis et officia qui\",\n      \"completed\": false"
        let text = try #require(String(data: copy.bytes, encoding: .utf8))
        let elsewhere = text.replacingOccurrences(of: marker2, with: marker2.replacingOccurrences(of: "false", with: "true"))
        try Data(elsewhere.utf8).write(to: URL(fileURLWithPath: copy.path))
        await #expect(throws: DataError.changedOnDisk(path: copy.path)) { try await writer.setCompleted(true, of: Self.first) }
        let reloaded = try await FetchContext.reloading(true) { () async throws(DataError) in try await source.todos(userID: 1) }
        #expect(reloaded.map(\.completed).prefix(2) == [false, true], "the reload shows the change made elsewhere")
        _ = try await writer.setCompleted(true, of: Self.first)
        let fresh = try await FileDataSource(path: copy.path).todos(userID: 1)
        #expect(fresh.map(\.completed).prefix(2) == [true, true], "both changes are in the file")
    }

    @Test("read-only writers refuse with their reason")
    func readOnly() async throws {
        await #expect(throws: DataError.readOnly(reason: "started with --read-only")) {
            try await ReadOnlyWriter(reason: "started with --read-only").setCompleted(true, of: Self.first)
        }
    }

    @Test("REST: PATCH /todos/1 with {\"completed\": true}, then read back; the server holds it")
    func restPatch() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10)
        let writer = RESTDataWriter(source: source)
        _ = try await source.todos(userID: 1)
        let outcome = try await writer.setCompleted(true, of: Self.first)
        #expect(outcome.persisted && outcome.todo.completed && outcome.note == nil)
        let requests = try await server.requests()
        // 20 todos may be a page: page 2 is asked once for the run.
        #expect(requests.map { "\($0.method) \($0.path)" }
                == ["GET /todos?userId=1", "GET /todos?userId=1&_page=2&_limit=20", "PATCH /todos/1", "GET /todos/1"])
        let body = try #require(requests[2].body)
        #expect(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Bool] == ["completed": true])
        #expect(try await source.todos(userID: 1).first?.completed == true, "the cached list was dropped")
        try await Self.expectStored(at: server, ["userId": 1, "id": 1, "title": "delectus aut autem", "completed": true])
    }

    /// The server's record `/todos/1`, member by member: exactly `expected`, nothing else changed.
    static func expectStored(at server: LoopbackServer, _ expected: NSDictionary) async throws {
        let data = try await HTTPClient(timeout: 10).data(from: server.baseURL.appendingPathComponent("todos/1"))
        let stored = try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        #expect(stored == expected, "\(stored)")
    }

    @Test("REST: a server without PATCH gets PUT of the todo as it holds it, completed replaced")
    func restPut() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path, "--behave", "no-patch"])
        defer { server.stop() }
        let writer = RESTDataWriter(source: RESTDataSource(baseURL: server.baseURL, timeout: 10))
        let outcome = try await writer.setCompleted(true, of: Self.first)
        #expect(outcome.persisted && outcome.todo.completed)
        let requests = try await server.requests()
        #expect(requests.map { "\($0.method) \($0.path)" } == ["PATCH /todos/1", "GET /todos/1", "PUT /todos/1", "GET /todos/1"])
        let put = try #require(try JSONSerialization.jsonObject(with: Data((requests[2].body ?? "").utf8)) as? [String: Any])
        #expect(put["title"] as? String == "delectus aut autem" && put["userId"] as? Int == 1 && put["completed"] as? Bool == true)
        try await Self.expectStored(at: server, ["userId": 1, "id": 1, "title": "delectus aut autem", "completed": true])
    }

    @Test("REST: a server that answers but keeps nothing says so, and the todo stays as it holds it")
    func restNotKept() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path, "--no-persist"])
        defer { server.stop() }
        let writer = RESTDataWriter(source: RESTDataSource(baseURL: server.baseURL, timeout: 10))
        let outcome = try await writer.setCompleted(true, of: Self.first)
        #expect(!outcome.persisted && outcome.todo.completed == false && outcome.note == RESTDataWriter.notKeptNote)
    }

    @Test("REST: a failed PATCH throws its HTTP error; an unknown todo is not found")
    func restFailure() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        let writer = RESTDataWriter(source: RESTDataSource(baseURL: server.baseURL, timeout: 10))
        try await server.inject(Fault(path: "/todos/1", status: 500, method: "PATCH"))
        await #expect {
            try await writer.setCompleted(true, of: Self.first)
        } throws: { error in
            if case .badStatus(500, _, _) = error as? DataError { true } else { false }
        }
        var missing = Self.first
        missing.id = 9999
        await #expect {
            try await writer.setCompleted(true, of: missing)
        } throws: { error in
            if case .notFound("todo 9999", _) = error as? DataError { true } else { false }
        }
    }

    @Test("embedded: the first toggle makes the copy, which holds the change")
    func embedded() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-todo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let copyPath = directory.appendingPathComponent("db.json").path
        let source = EmbeddedDataSource()
        let writer = EmbeddedDataWriter(source: source, copyPath: copyPath)
        let todo = try #require(try await source.todos(userID: 2).first)
        let outcome = try await writer.setCompleted(!todo.completed, of: todo)
        #expect(outcome.persisted && outcome.note?.hasPrefix("saved to \(copyPath)") == true)
        #expect(try await FileDataSource(path: copyPath).todos(userID: 2).first?.completed == !todo.completed)
        #expect(try await source.todos(userID: 2).first?.completed == !todo.completed)
    }
}
