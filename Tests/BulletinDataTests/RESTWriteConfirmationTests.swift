@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// What the REST writer says after a write the server accepted but did not confirm, and how
/// undo and a retry after a lost answer avoid duplicates (issue 12).
@Suite("REST writes: confirming, undo ids, lost answers (issue 12)")
struct RESTWriteConfirmationTests {
    typealias Journey = RESTWriteJourneyTests

    @Test("what each write costs on a json-server-like server: the requests, in order")
    func requestsPerWrite() async throws {
        try await Journey.withServer([]) { source, writer, server async throws in
            let post = try await source.post(id: 1)
            _ = try await source.allPosts()
            try await server.reset()
            var edited = post
            edited.title = "T"
            _ = try await writer.create(.post(Post(userId: 1, id: 0, title: "Fresh", body: "x")))
            _ = try await writer.update(.post(edited), original: .post(post))
            _ = try await writer.delete(.post, id: 2)
            _ = try await writer.restore(try Journey.decodePost(Self.post2))
            let requests = try await server.requests().map { "\($0.method) \($0.path)" }
            #expect(requests == [
                "POST /posts", "GET /posts/3",  // the list's types and ids come from the cached GET /posts
                // The list is read (from the cache, else now) before an edit and a delete: a
                // write is not sent when it holds the id more than once (issue 22).
                "GET /posts/1", "GET /posts", "PATCH /posts/1", "GET /posts/1",
                "GET /posts/2", "GET /posts", "DELETE /posts/2", "GET /posts/2",
                "GET /posts", "POST /posts", "GET /posts/2",  // the writes dropped the cached list
            ])
        }
    }

    static let post2 = #"{"userId": 1, "id": 2, "title": "t2", "body": "b2"}"#

    @Test("on a server without PATCH, the first edit learns it (PATCH refused, then PUT) and later edits PUT at once")
    func patchRefusalRemembered() async throws {
        try await Journey.withServer(["no-patch"]) { source, writer, server async throws in
            let first = try await source.post(id: 1)
            let second = try await source.post(id: 2)
            try await server.reset()
            var edited = first
            edited.title = "T1"
            _ = try await writer.update(.post(edited), original: .post(first))
            var other = second
            other.title = "T2"
            _ = try await writer.update(.post(other), original: .post(second))
            let requests = try await server.requests().map { "\($0.method) \($0.path)" }
            #expect(requests == [
                "GET /posts/1", "GET /posts", "PATCH /posts/1", "PUT /posts/1", "GET /posts/1",
                "GET /posts/2", "GET /posts", "PUT /posts/2", "GET /posts/2",
            ])
            #expect(try await source.post(id: 2).title == "T2")
        }
    }

    @Test("the first comment on a server with string ids gets its post id as a string, from the posts' ids")
    func firstRecordTakesParentIDType() async throws {
        let db = #"{"users": [], "posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}], "comments": []}"#
        try await Journey.withServer(["string-ids"], db: db) { _, writer, server async throws in
            let outcome = try await writer.create(.comment(Comment(postId: 1, id: 0, name: "n", email: "e@x.org", body: "c")))
            #expect(outcome.persisted && outcome.note == nil, "\(outcome)")
            let stored = try await Journey.store(server)["comments"] ?? []
            #expect(stored.count == 1 && stored.first?["postId"] == .string("1") && stored.first?["id"] == .string("1"))
        }
    }

    @Test("201 with a message and a list that cannot be read: saved, not failed, and the note says why it was not checked")
    func uncheckedCreate() async throws {
        try await Journey.withServer(["created-message"]) { source, writer, server async throws in
            _ = try await source.allPosts()  // cached: the fault below hits the read after the POST
            try await server.inject(Fault(path: "/posts", status: 403, method: "GET"))
            let outcome = try await writer.create(.post(Post(userId: 1, id: 0, title: "Fresh", body: "x")))
            #expect(outcome.record == nil && outcome.persisted)
            let note = try #require(outcome.note)
            #expect(note.hasPrefix("saved; the server's answer could not be checked (an answer that is not the record with no Location"))
            #expect(note.contains("the list could not be read: HTTP 403 from \(server.baseURL.absoluteString)/posts"), "\(note)")
            let store = try await Journey.store(server)
            #expect(store["posts"]?.filter { $0["title"] == .string("Fresh") }.count == 1)
        }
    }

    @Test("201 with an empty body and a Location header: the id comes from Location, without reading the list")
    func idFromLocation() async throws {
        try await Journey.withServer(["created-empty", "location"]) { source, writer, server async throws in
            _ = try await source.allPosts()
            try await server.reset()
            try await server.inject(Fault(path: "/posts", status: 403, method: "GET"))  // the list could not confirm it
            let outcome = try await writer.create(.post(Post(userId: 1, id: 0, title: "Fresh", body: "x")))
            #expect(outcome == WriteOutcome(record: .post(Post(userId: 1, id: 3, title: "Fresh", body: "x")), persisted: true))
            #expect(try await server.requests().map { "\($0.method) \($0.path)" } == ["POST /posts", "GET /posts/3"])
        }
    }

    @Test("a Location naming the collection (Location: /posts/) is not taken for the new id: the list finds the record")
    func locationOfCollectionIgnored() async throws {
        try await Journey.withServer(["created-empty"]) { source, writer, server async throws in
            let before = try await writer.cachedList(.post)
            let post = Post(userId: 1, id: 0, title: "Fresh", body: "x")
            _ = try await writer.create(.post(post))  // stored as post 3
            let url = server.baseURL.appendingPathComponent("posts")
            for location in ["/posts/", "/posts", "\(url.absoluteString)/"] {
                let answer = HTTPResponse(status: 201, url: url, headers: [.init(name: "Location", value: location)])
                let id = await writer.createdID(answer, record: .post(post), known: before)
                #expect(try id.get() == .number("3"), "\(location): \(id)")
            }
            let named = HTTPResponse(status: 201, url: url, headers: [.init(name: "Location", value: "/posts/3")])
            #expect(try await writer.createdID(named, record: .post(post), known: before).get() == .string("3"))
        }
    }

    @Test("a read-back that fails after an accepted edit is a note, not a failure")
    func uncheckedEdit() async throws {
        try await Journey.withServer([]) { source, writer, server async throws in
            let post = try await source.post(id: 1)
            var edited = post
            edited.title = "T"
            // The GET before the PATCH and the PATCH go through; the read-back is refused.
            try await server.inject(Fault(path: "/posts/1", times: 2), Fault(path: "/posts/1", status: 403))
            let outcome = try await writer.update(.post(edited), original: .post(post))
            #expect(outcome.persisted)
            #expect(outcome.note?.hasPrefix("saved; the server's answer could not be checked (reading it back failed: HTTP 403") == true,
                    "\(outcome)")
        }
    }

    @Test("a server that drops a member on write is named: saved; the server dropped tags, views")
    func droppedMembersNamed() async throws {
        try await Journey.withServer([]) { source, writer, server async throws in
            let post = try await source.post(id: 1)
            var edited = post
            edited.title = "T"
            // The answer to the PATCH and the record read back afterwards: the server lost two members.
            try await server.inject(Fault(path: "/posts/1", times: 1), Fault(path: "/posts/1", times: 2, status: 200, body: #"{"userId": 1, "id": 1, "title": "T", "body": "b1", "meta": {"pinned": true}}"#))
            let outcome = try await writer.update(.post(edited), original: .post(post))
            #expect(outcome.note == "saved; the server dropped tags, views", "\(outcome)")
        }
    }

    @Test("the members a server dropped are also noted whole for the Admin panel (the status line is cut to the terminal's width)")
    func droppedMembersInLog() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-noted-\(UUID().uuidString).json")
        try Data(Journey.db.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(db: file, behaviours: [])
        defer { server.stop() }
        let log = RequestLog()
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10, log: log)
        let writer = RESTDataWriter(source: source)
        let post = try await source.post(id: 1)
        var edited = post
        edited.title = "T"
        _ = try await writer.update(.post(edited), original: .post(post))
        #expect(log.snapshot.notes.isEmpty, "a write the server kept whole is no note: \(log.snapshot.notes)")
        let saved = edited  // the record as the server holds it now, which the next form opens on
        try await server.inject(Fault(path: "/posts/1", times: 1), Fault(path: "/posts/1", times: 2, status: 200, body: #"{"userId": 1, "id": 1, "title": "T2", "body": "b1"}"#))
        edited.title = "T2"
        let outcome = try await writer.update(.post(edited), original: .post(saved))
        #expect(outcome.note == "saved; the server dropped tags, views, meta", "\(outcome)")
        #expect(log.snapshot.notes == ["Writing post 1 (GET /posts/1 afterwards): saved; the server dropped tags, views, meta"], "\(log.snapshot.notes)")
    }

    @Test("a DELETE, then an undo, that the server carried out but answered 500: each is done (read back), with a note; the record comes back whole")
    func deleteAnswered500() async throws {
        try await Journey.withServer([]) { source, writer, server async throws in
            let before = try #require(try await Journey.store(server)["posts"]?.first { $0["id"] == .number("2") })
            try await server.inject(Fault(path: "/posts/2", times: 1, mode: .errorAfterWrite, method: "DELETE"))
            let outcome = try await writer.delete(.post, id: 2)
            #expect(outcome.persisted && outcome.record == nil)
            #expect(outcome.note?.hasPrefix("the server reported a failure (HTTP 500 from ") == true, "\(outcome)")
            #expect(outcome.note?.hasSuffix("but the record is gone: it was deleted") == true, "\(outcome)")
            try await server.inject(Fault(path: "/posts", times: 1, mode: .errorAfterWrite, method: "POST"))
            let undone = try await writer.restore(try Journey.decodePost(Self.post2))
            #expect(undone.persisted && undone.record?.id == 2, "\(undone)")
            #expect(undone.note?.hasSuffix("but the record is back under its own id") == true, "\(undone)")
            let after = try await Journey.store(server)["posts"]?.filter { $0["id"] == .number("2") } ?? []
            #expect(after == [before], "\(after)")
            // A 500 for a DELETE that was not carried out stays a failure.
            try await server.inject(Fault(path: "/posts/1", times: 1, status: 500, method: "DELETE"))
            await #expect(throws: DataError.self) { try await writer.delete(.post, id: 1) }
        }
    }

    @Test("undo whose id was taken meanwhile: POSTed again without an id, the note says which id it got; each record once")
    func undoIDFallback() async throws {
        try await Journey.withServer([]) { source, writer, server async throws in
            let post = try await source.post(id: 2)
            _ = try await writer.delete(.post, id: 2)
            _ = try await source.client.send("POST", to: server.baseURL.appendingPathComponent("posts"),
                                             json: Data(#"{"id": 2, "userId": 1, "title": "squatter", "body": "x"}"#.utf8))
            let outcome = try await writer.restore(.post(post))
            #expect(outcome.record?.id == 3 && outcome.persisted)
            #expect(outcome.note == "its id 2 is taken by “squatter”, so the server gave it id 3", "\(outcome)")
            let store = try await Journey.store(server)
            let posts = store["posts"] ?? []
            #expect(posts.compactMap { $0["id"]?.idText }.sorted() == ["1", "2", "3"])
            #expect(Journey.members(posts.first { $0["id"]?.idText == "3" })["rating"] == .number("4.25"), "every member came back")
        }
    }

    @Test("undo on a server that keeps nothing (public JSONPlaceholder): the record is still listed, so nothing is sent and the note says so")
    func undoOnServerChoosingIDs() async throws {
        try await Journey.withServer([], persist: false) { source, writer, server async throws in
            let post = try await source.post(id: 2)
            _ = try await writer.delete(.post, id: 2)
            try await server.reset()
            let outcome = try await writer.restore(.post(post))
            #expect(outcome == WriteOutcome(record: .post(post), persisted: true, note: RESTDataWriter.heldUndoNote), "\(outcome)")
            #expect(try await server.requests().map { "\($0.method) \($0.path)" } == ["GET /posts"], "no POST: it would add a second post 2")
        }
    }

    @Test("undo sent twice (the first answer lost, and its read-back failed): the second finds it back under its id and creates nothing")
    func undoTwice() async throws {
        try await Journey.withServer([], timeout: 2) { source, writer, server async throws in
            let post = try await source.post(id: 2)
            _ = try await writer.delete(.post, id: 2)
            // The answer is lost and so is the read-back that would find it back (else the first undo says it is done).
            try await server.inject(Fault(path: "/posts", times: 1, mode: .drop, method: "POST"),
                                    Fault(path: "/posts/2", times: 1, status: 403, method: "GET"))
            await #expect(throws: DataError.self) { try await writer.restore(.post(post)) }
            let again = try await writer.restore(.post(post))
            #expect(again.note == RESTDataWriter.heldUndoNote && again.record == .post(post))
            #expect(try await Journey.store(server)["posts"]?.filter { $0["id"]?.idText == "2" }.count == 1)
        }
    }

    @Test("after a POST whose answer was lost, locateCreated finds the record it made, and nil once it is gone")
    func locateAfterLostAnswer() async throws {
        try await Journey.withServer([], timeout: 2) { source, writer, server async throws in
            _ = try await source.allPosts()
            try await server.inject(Fault(path: "/posts", times: 1, mode: .drop, method: "POST"))
            let post = Post(userId: 1, id: 0, title: "t1", body: "b1")  // the same text as post 1, which must not be taken for it
            do throws(DataError) {
                _ = try await writer.create(.post(post))
                Issue.record("the answer was dropped")
            } catch {
                #expect(error.mayHaveReachedServer, "\(error)")
            }
            let found = try await writer.locateCreated(.post(post))
            #expect(found == .post(Post(userId: 1, id: 3, title: "t1", body: "b1")))
            _ = try await writer.delete(.post, id: 3)
            #expect(try await writer.locateCreated(.post(post)) == nil)
        }
    }

    /// 25 posts by user 1: three pages of 10 on a server that pages by default.
    static let pagedDB: String = {
        let posts = (1...25).map { #"{"userId": 1, "id": \#($0), "title": "t\#($0)", "body": "b"}"# }
        return #"{"users": [{"id": 1, "name": "Ann", "username": "ann"}], "posts": [\#(posts.joined(separator: ", "))], "comments": []}"#
    }()

    @Test("on a server that pages its lists, a create answered with nothing is found on the last page, and so is one whose answer was lost")
    func pagedListsAreReadToTheEnd() async throws {
        try await Journey.withServer(["paginates", "created-empty"], db: Self.pagedDB, timeout: 2) { source, writer, server async throws in
            #expect(try await source.allPosts().count == 25)
            let outcome = try await writer.create(.post(Post(userId: 1, id: 0, title: "Fresh", body: "x")))
            #expect(outcome == WriteOutcome(record: .post(Post(userId: 1, id: 26, title: "Fresh", body: "x")), persisted: true))
            try await server.inject(Fault(path: "/posts", times: 1, mode: .drop, method: "POST"))
            let lost = Post(userId: 1, id: 0, title: "Lost", body: "y")
            await #expect(throws: DataError.self) { try await writer.create(.post(lost)) }
            #expect(try await writer.locateCreated(.post(lost)) == .post(Post(userId: 1, id: 27, title: "Lost", body: "y")))
            let stored = try await Journey.store(server)["posts"] ?? []
            #expect(stored.count == 27)
        }
    }

    @Test("200 null for a missing record is not found, for the source's reads and the writer's delete")
    func nullIsNotFound() async throws {
        try await Journey.withServer(["null-missing"]) { source, writer, server async throws in
            await #expect(throws: DataError.notFound("post 9", location: server.baseURL.absoluteString + "/posts/9")) {
                try await source.post(id: 9)
            }
            let deleted = try await writer.delete(.post, id: 2)
            #expect(deleted == WriteOutcome(record: nil, persisted: true))
        }
    }
}
