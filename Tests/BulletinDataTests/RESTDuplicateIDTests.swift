@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Two records with one id on a server that stores what it is sent (issue 22, item 1): the
/// loopback server with `--behave duplicate-ids` starts with posts[1].id = posts[0].id and,
/// like such servers, answers `GET /posts/1` with the first, changes or removes every record
/// with the id on `PATCH`/`PUT`/`DELETE`, and keeps a POSTed id even when it is taken. Every
/// check reads the server's store (`GET /__control/db`) member by member.
@Suite("REST writes where records share an id (issue 22)")
struct RESTDuplicateIDTests {
    typealias Journey = RESTWriteJourneyTests

    /// Three posts with members Bulletin does not model; `duplicate-ids` gives the second id 1.
    static let db = """
        {"users": [{"id": 1, "name": "Ann", "username": "ann"}],
         "posts": [{"userId": 1, "id": 1, "title": "sunt aut facere", "body": "b1", "tags": ["a"]},
                   {"userId": 1, "id": 2, "title": "qui est esse", "body": "b2", "rating": 4.25},
                   {"userId": 1, "id": 3, "title": "ea molestias", "body": "b3", "views": 1.0, "meta": {"pinned": true}}],
         "comments": []}
        """

    /// The two posts as Bulletin reads them from the list (both id 1).
    private func shared(_ source: RESTDataSource) async throws -> (first: Post, second: Post) {
        let posts = try await source.allPosts().filter { $0.id == 1 }
        try #require(posts.count == 2)
        return (posts[0], posts[1])
    }

    /// The writes the server received (anything but GET).
    private func writes(_ server: LoopbackServer) async throws -> [String] {
        try await server.requests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
    }

    /// Expects `error` to be ``DataError/writeNotSent(url:reason:)`` for post 1 naming both titles.
    private func expectRefusal(_ error: DataError, _ server: LoopbackServer) {
        guard case let .writeNotSent(url, reason) = error else {
            Issue.record("not a refusal: \(error)")
            return
        }
        #expect(url == server.baseURL.absoluteString + "/posts/1")
        #expect(reason.contains("id 1") || reason.contains("post 1"), "\(reason)")
        #expect(reason.contains("“sunt aut facere”") && reason.contains("“qui est esse”"), "\(reason)")
        #expect(error.description.hasSuffix("nothing was changed"), "\(error)")
    }

    @Test("an edit of the second record with the id is not sent: the form's record is not the one GET /posts/1 answers")
    func editOfSecondRefused() async throws {
        try await Journey.withServer(["duplicate-ids"], db: Self.db) { source, writer, server async throws in
            let (_, second) = try await shared(source)
            let before = try await Journey.store(server)
            try await server.reset()
            var edited = second
            edited.title = "qui est esse DUPEDIT"
            do {
                _ = try await writer.update(.post(edited), original: .post(second))
                Issue.record("the edit was sent")
            } catch let error as DataError {
                expectRefusal(error, server)
                #expect(error.description.contains("the server's post 1 is “sunt aut facere”, not “qui est esse”"), "\(error)")
            }
            #expect(try await writes(server) == [])
            #expect(try await Journey.store(server) == before, "every record as it was, member by member")
        }
    }

    @Test("an edit of the first record is not sent either while the list holds its id twice (a PATCH would change both)")
    func editOfFirstRefused() async throws {
        try await Journey.withServer(["duplicate-ids"], db: Self.db) { source, writer, server async throws in
            let (first, _) = try await shared(source)
            let before = try await Journey.store(server)
            var edited = first
            edited.title = "changed"
            for original in [Record.post(first), nil] {
                do {
                    _ = try await writer.update(.post(edited), original: original)
                    Issue.record("the edit was sent")
                } catch let error as DataError {
                    expectRefusal(error, server)
                    #expect(error.description.contains("2 posts share id 1 on the server"), "\(error)")
                }
            }
            #expect(try await writes(server) == [])
            #expect(try await Journey.store(server) == before)
        }
    }

    @Test("a delete of either record with the id is not sent (DELETE /posts/1 removes both); with no record named, neither")
    func deleteRefused() async throws {
        try await Journey.withServer(["duplicate-ids"], db: Self.db) { source, writer, server async throws in
            let (first, second) = try await shared(source)
            let before = try await Journey.store(server)
            for original in [Record.post(second), .post(first), nil] {
                do {
                    _ = try await writer.delete(.post, id: 1, original: original, overwriteIfChanged: false)
                    Issue.record("the delete was sent")
                } catch let error as DataError {
                    expectRefusal(error, server)
                }
            }
            #expect(try await writes(server) == [])
            #expect(try await Journey.store(server) == before)
        }
    }

    @Test("undo whose id another record took meanwhile: not POSTed with the id (no second record with it); every member comes back under a new id")
    func undoNeverDuplicates() async throws {
        try await Journey.withServer(["duplicate-ids"], db: Self.db) { source, writer, server async throws in
            let third = try await source.post(id: 3)
            let deletedRaw = try #require(Journey.record(try await Journey.store(server), "posts", id: "3").first)
            _ = try await writer.delete(.post, id: 3, original: .post(third), overwriteIfChanged: false)
            #expect(Journey.record(try await Journey.store(server), "posts", id: "3").isEmpty)
            // Someone else's record takes id 3 (this server keeps a POSTed id even when taken).
            let squatter = #"{"userId": 1, "id": 3, "title": "squatter", "body": "s"}"#
            _ = try await HTTPClient(timeout: 5).send("POST", to: server.baseURL.appendingPathComponent("posts"), json: Data(squatter.utf8))
            let outcome = try await writer.restore(.post(third))
            #expect(outcome.record?.id == 4 && outcome.persisted, "\(outcome)")
            #expect(outcome.note == "its id 3 is taken by “squatter”, so the server gave it id 4", "\(outcome)")
            let store = try await Journey.store(server)
            let holders = Journey.record(store, "posts", id: "3")
            #expect(holders.map { $0["title"] } == [.string("squatter")], "one record with id 3, untouched: \(holders)")
            var expected = Journey.members(deletedRaw)
            expected["id"] = .number("4")
            #expect(Journey.members(Journey.record(store, "posts", id: "4").first) == expected, "every member, unmodelled ones too")
        }
    }

    @Test("delete and undo of a record whose id is its own: the server holds exactly the deleted record again, every member")
    func undoRestoresEveryMember() async throws {
        try await Journey.withServer(["duplicate-ids"], db: Self.db) { source, writer, server async throws in
            let before = try await Journey.store(server)
            let third = try await source.post(id: 3)
            _ = try await writer.delete(.post, id: 3, original: .post(third), overwriteIfChanged: false)
            let outcome = try await writer.restore(.post(third))
            #expect(outcome.record?.id == 3 && outcome.persisted && outcome.note == nil, "\(outcome)")
            let after = try await Journey.store(server)
            #expect(Journey.record(after, "posts", id: "3").map(Journey.members) == Journey.record(before, "posts", id: "3").map(Journey.members))
            #expect(Journey.record(after, "posts", id: "1") == Journey.record(before, "posts", id: "1"))
        }
    }

    @Test("ids equal by value but written differently (1000.0, 1e3, 1000) count as one id when looking for records sharing it; text ids by text")
    func idsEqualByValue() throws {
        let list = CachedList(data: Data(#"[{"id": 1000.0, "name": "Dot"}, {"id": 1e3, "name": "Exp"}, {"id": "1000", "name": "Text"}, {"id": 1001}]"#.utf8))
        for id in ["1000.0", "1e3"] {
            #expect(list.records(withID: id)?.map(RESTDataWriter.title) == ["“Dot”", "“Exp”"], "\(id)")
        }
        // As Bulletin reads them, both numbers are id 1000, and so is the string "1000" (as "3" is 3).
        #expect(list.records(withID: "1000")?.map(RESTDataWriter.title) == ["“Dot”", "“Exp”", "“Text”"])
        #expect(list.records(withID: "1001")?.count == 1)
        #expect(list.records(withID: "b3")?.isEmpty == true)
        // The scan that spares parsing: never fewer than the records found.
        #expect([list.mentions(ofID: "1000"), list.mentions(ofID: "1e3"), list.mentions(ofID: "1001"), list.mentions(ofID: "b3")] == [Int]([3, 2, 1, 0]))
        let nested = CachedList(data: Data(#"[{"id": 5, "company": {"id" : 5}, "t": "\"id\": 6"}, {"id":"x\"y"}, {"id":6}]"#.utf8))
        #expect(nested.mentions(ofID: "5") == 3 && nested.records(withID: "5")?.count == 1, "a nested id and an escaped one count")
        #expect(nested.mentions(ofID: "6") == 2 && nested.records(withID: "6")?.count == 1, "text inside a string does not")
    }
}
