import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// REST writes against the loopback server, which keeps writes in memory as json-server does
/// (or, with `--no-persist`, answers like the public JSONPlaceholder and keeps nothing). Issue 8.
struct RESTDataWriterTests {
    private static let db = """
        {"users": [{"id": 1, "name": "Ann", "username": "ann"}],
         "posts": [{"userId": 1, "id": 1, "title": "t1", "body": "b1"}, {"userId": 1, "id": 2, "title": "t2", "body": "b2"}],
         "comments": [{"postId": 1, "id": 1, "name": "n", "email": "e@x.org", "body": "c"}]}
        """

    private func withWriter(
        persist: Bool = true, _ body: (RESTDataSource, RESTDataWriter, LoopbackServer) async throws -> Void
    ) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-rest-\(UUID().uuidString).json")
        try Data(Self.db.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(arguments: ["--db", file.path] + (persist ? [] : ["--no-persist"]))
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10)
        try await body(source, RESTDataWriter(source: source), server)
    }

    /// A JSON object's members with their values as text (`1`, `Hello`).
    private func json(_ text: String?) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data((text ?? "").utf8))
        return try #require(object as? [String: Any]).mapValues { "\($0)" }
    }

    @Test("create POSTs the record without an id as JSON; the server's id comes back, it is kept, and lists are fetched again")
    func createPosts() async throws {
        try await withWriter { source, writer, server async throws in
            #expect(try await source.posts(userID: 1).count == 2)
            let outcome = try await writer.create(.post(Post(userId: 1, id: 0, title: "Hello", body: "there")))
            #expect(outcome == WriteOutcome(record: .post(Post(userId: 1, id: 3, title: "Hello", body: "there")), persisted: true))
            let post = try #require(try await server.requests().first { $0.method == "POST" })
            #expect(post.path == "/posts")
            #expect(post.header("Content-Type") == "application/json; charset=utf-8")
            #expect(try json(post.body) == ["userId": "1", "title": "Hello", "body": "there"])
            #expect(try await source.posts(userID: 1).map(\.title) == ["t1", "t2", "Hello"])
        }
    }

    @Test("update PATCHes only the changed members to /posts/{id}; delete sends DELETE; both are kept and reads see them")
    func updateAndDelete() async throws {
        try await withWriter { source, writer, server async throws in
            #expect(try await source.post(id: 1).title == "t1")
            let updated = try await writer.update(.post(Post(userId: 1, id: 1, title: "T1", body: "b1")))
            #expect(updated.persisted && updated.note == nil)
            #expect(try await source.post(id: 1).title == "T1")
            let deleted = try await writer.delete(.post, id: 2)
            #expect(deleted == WriteOutcome(record: nil, persisted: true))
            await #expect(throws: DataError.notFound("post 2", location: server.baseURL.absoluteString + "/posts/2")) {
                try await source.post(id: 2)
            }
            let writes = try await server.requests().filter { $0.method != "GET" }
            #expect(writes.map { "\($0.method) \($0.path)" } == ["PATCH /posts/1", "DELETE /posts/2"])
            #expect(try json(writes[0].body) == ["title": "T1"])
        }
    }

    @Test("writes show in the request log (method, path, status) without becoming the last load; a refused one too")
    func writesAreLogged() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-rest-\(UUID().uuidString).json")
        try Data(Self.db.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(arguments: ["--db", file.path])
        defer { server.stop() }
        let log = RequestLog()
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10, log: log)
        let writer = RESTDataWriter(source: source)
        _ = try await source.post(id: 1)
        #expect(log.snapshot.lastLoad?.method == "GET")
        _ = try await writer.update(.post(Post(userId: 1, id: 1, title: "T1", body: "b1")))
        _ = try await writer.delete(.post, id: 2)
        await #expect(throws: DataError.self) { try await writer.delete(.post, id: 99) }
        let writes = log.snapshot.requests.filter { $0.method != "GET" }.map { "\($0.method) \($0.path) \($0.statusText)" }
        #expect(writes == ["PATCH /posts/1 200", "DELETE /posts/2 200", "DELETE /posts/99 404"])
        #expect(log.snapshot.lastLoad?.method == "GET")
    }

    @Test("users and comments go to /users and /comments")
    func usersAndComments() async throws {
        try await withWriter { source, writer, server async throws in
            let user = try await writer.create(.user(User(id: 0, name: "Bo", username: "bo", email: "bo@x.org")))
            #expect(user.record?.id == 2 && user.persisted)
            #expect(try await source.user(id: 2).email == "bo@x.org")
            let comment = Comment(postId: 1, id: 1, name: "edited", email: "e@x.org", body: "c")
            #expect(try await writer.update(.comment(comment)).persisted)
            #expect(try await source.comments(postID: 1) == [comment])
            let writes = try await server.requests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
            #expect(writes == ["POST /users", "PATCH /comments/1"])
        }
    }

    @Test("a server that answers but keeps nothing (public JSONPlaceholder) gives persisted: false with a note")
    func notPersisted() async throws {
        try await withWriter(persist: false) { _, writer, _ async throws in
            let created = try await writer.create(.post(Post(userId: 1, id: 0, title: "Hello", body: "there")))
            #expect(created.record?.id == 3)
            #expect(!created.persisted && created.note == RESTDataWriter.notKeptNote)
            let updated = try await writer.update(.post(Post(userId: 1, id: 1, title: "T1", body: "b1")))
            #expect(!updated.persisted && updated.note == RESTDataWriter.notKeptNote)
            let deleted = try await writer.delete(.post, id: 2)
            #expect(!deleted.persisted && deleted.note == RESTDataWriter.notKeptNote)
        }
    }

    @Test("an HTTP error names the status and URL; a missing record is notFound naming the URL")
    func httpErrors() async throws {
        try await withWriter { source, writer, server async throws in
            _ = try await source.allPosts()  // the writer reads the collection's types from the cached list, so the fault hits the POST
            try await server.inject(Fault(path: "/posts", times: 1, status: 500, body: #"{"error": "boom"}"#))
            let url = server.baseURL.absoluteString + "/posts"
            do throws(DataError) {
                _ = try await writer.create(.post(Post(userId: 1, id: 0, title: "x", body: "y")))
                Issue.record("the POST should have failed")
            } catch {
                guard case let .badStatus(500, failedURL, _) = error else { Issue.record("got \(error)"); return }
                #expect(failedURL == url)
                #expect(error.description.hasPrefix("HTTP 500 from \(url)"))
            }
            await #expect(throws: DataError.notFound("post 99", location: url + "/99")) {
                try await writer.update(.post(Post(userId: 1, id: 99, title: "x", body: "y")))
            }
            await #expect(throws: DataError.notFound("post 99", location: url + "/99")) { try await writer.delete(.post, id: 99) }
        }
    }

    @Test("a 404 to PATCH of a record a GET still finds (no PATCH route, as in Express) falls back to PUT of the server's record")
    func patch404FallsBackToPut() async throws {
        try await withWriter { source, writer, server async throws in
            try await server.inject(Fault(path: "/posts/1", status: 404, body: "{}", method: "PATCH"))
            let updated = try await writer.update(.post(Post(userId: 1, id: 1, title: "T1", body: "b1")))
            #expect(updated.persisted && updated.note == nil, "\(updated)")
            #expect(try await source.post(id: 1).title == "T1")
            let writes = try await server.requests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
            #expect(writes == ["PATCH /posts/1", "PUT /posts/1"])
            // Post 2 is read, then PATCH answers 404 and so does the GET that checks: it is gone, nothing is PUT.
            try await server.inject(Fault(path: "/posts/2", times: 1, method: "GET"),
                                    Fault(path: "/posts/2", status: 404, body: "{}", method: "PATCH"),
                                    Fault(path: "/posts/2", status: 404, body: "{}", method: "GET"))
            await #expect(throws: DataError.notFound("post 2", location: server.baseURL.absoluteString + "/posts/2")) {
                try await writer.update(.post(Post(userId: 1, id: 2, title: "T2", body: "b2")), original: .post(Post(userId: 1, id: 2, title: "t2", body: "b2")))
            }
            let later = try await server.requests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
            #expect(later == writes + ["PATCH /posts/2"], "no PUT for a record that is gone: \(later)")
        }
    }

    @Test("the loopback server merges PATCH bodies, answers 404 for missing records, and with --no-persist keeps nothing")
    func serverKeepsWritesLikeJSONServer() async throws {
        try await withWriter { source, _, server async throws in
            let post1 = server.baseURL.appendingPathComponent("posts/1")
            let answer = try await source.client.send("PATCH", to: post1, json: Data(#"{"title": "patched"}"#.utf8))
            #expect(try JSONDecoder().decode(Post.self, from: answer.body) == Post(userId: 1, id: 1, title: "patched", body: "b1"))
            #expect(try await RESTDataSource(baseURL: server.baseURL).post(id: 1).title == "patched")
            await #expect(throws: DataError.badStatus(404, url: server.baseURL.absoluteString + "/posts/9", excerpt: "{}")) {
                try await source.client.send("PATCH", to: server.baseURL.appendingPathComponent("posts/9"), json: Data("{}".utf8))
            }
        }
        try await withWriter(persist: false) { source, _, server async throws in
            _ = try await source.client.send("DELETE", to: server.baseURL.appendingPathComponent("posts/1"), json: nil)
            _ = try await source.client.send("DELETE", to: server.baseURL.appendingPathComponent("posts/99"), json: nil)
            #expect(try await RESTDataSource(baseURL: server.baseURL).statistics().posts == 2)
        }
    }
}
