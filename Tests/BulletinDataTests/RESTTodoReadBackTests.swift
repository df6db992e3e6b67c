@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Todo toggles over REST on servers without `GET /todos/{id}` or without `PATCH` (issue 22,
/// item 13): the same read-back through the list the post writer uses, and a refused `PATCH`
/// remembered for the whole server. Each checks the server's stored todo member by member.
@Suite("REST todo toggles: read-back through the list, PATCH refusal remembered (issue 22)")
struct RESTTodoReadBackTests {
    typealias Journey = RESTWriteJourneyTests

    static let db = """
        {"users": [{"id": 1, "name": "Ann", "username": "ann"}],
         "posts": [{"userId": 1, "id": 1, "title": "t1", "body": "b1"}],
         "comments": [],
         "todos": [{"userId": 1, "id": 1, "title": "delectus aut autem", "completed": false, "due": "2026-12-01"},
                   {"userId": 1, "id": 2, "title": "quis ut nam", "completed": false}]}
        """

    static let first = Todo(userId: 1, id: 1, title: "delectus aut autem", completed: false)

    /// Todo `id` as the server stores it, by member.
    private func stored(_ server: LoopbackServer, id: String) async throws -> [String: JSONValue] {
        let holders = Journey.record(try await Journey.store(server), "todos", id: id)
        try #require(holders.count == 1)
        return Journey.members(holders.first)
    }

    private func requests(_ server: LoopbackServer) async throws -> [String] {
        try await server.requests().map { "\($0.method) \($0.path)" }
    }

    @Test("no GET /todos/{id}: the toggle is read back from GET /todos and confirmed, not reported unchecked")
    func readBackThroughList() async throws {
        try await Journey.withServer(["no-get-by-id"], db: Self.db) { _, writer, server async throws in
            let outcome = try await writer.setCompleted(true, of: Self.first)
            #expect(outcome == TodoWriteOutcome(todo: Todo(userId: 1, id: 1, title: "delectus aut autem", completed: true), persisted: true), "\(outcome)")
            #expect(try await requests(server) == ["PATCH /todos/1", "GET /todos/1", "GET /todos"])
            #expect(try await stored(server, id: "1") == ["userId": .number("1"), "id": .number("1"), "title": .string("delectus aut autem"),
                                                          "completed": .bool(true), "due": .string("2026-12-01")])
            #expect(try await stored(server, id: "2")["completed"] == .bool(false))
        }
    }

    @Test("no GET by id and no PATCH: the todo to PUT comes from the list, every member kept, and the read-back too")
    func putFromList() async throws {
        try await Journey.withServer(["no-get-by-id", "no-patch"], db: Self.db) { _, writer, server async throws in
            let outcome = try await writer.setCompleted(true, of: Self.first)
            #expect(outcome.persisted && outcome.todo.completed && outcome.note == nil, "\(outcome)")
            #expect(try await requests(server) == ["PATCH /todos/1", "GET /todos/1", "GET /todos", "PUT /todos/1", "GET /todos/1", "GET /todos"])
            #expect(try await stored(server, id: "1") == ["userId": .number("1"), "id": .number("1"), "title": .string("delectus aut autem"),
                                                          "completed": .bool(true), "due": .string("2026-12-01")])
        }
    }

    @Test("a PATCH refused (405) on posts is remembered for the server: the todo toggle PUTs at once; and the other way round")
    func refusalSharedAcrossKinds() async throws {
        try await Journey.withServer(["no-patch"], db: Self.db) { source, writer, server async throws in
            let post = try await source.post(id: 1)
            var edited = post
            edited.title = "T"
            _ = try await writer.update(.post(edited), original: .post(post))
            try await server.reset()
            let outcome = try await writer.setCompleted(true, of: Self.first)
            #expect(outcome.persisted && outcome.note == nil, "\(outcome)")
            #expect(try await requests(server) == ["GET /todos/1", "PUT /todos/1", "GET /todos/1"], "no PATCH tried again")
            #expect(try await stored(server, id: "1")["completed"] == .bool(true))
        }
        try await Journey.withServer(["no-patch"], db: Self.db) { source, writer, server async throws in
            _ = try await writer.setCompleted(true, of: Self.first)
            let post = try await source.post(id: 1)
            try await server.reset()
            var edited = post
            edited.title = "T"
            _ = try await writer.update(.post(edited), original: .post(post))
            #expect(try await requests(server).filter { !$0.hasPrefix("GET") } == ["PUT /posts/1"], "no PATCH after the todo learned it")
            #expect(Journey.members(Journey.record(try await Journey.store(server), "posts", id: "1").first)["title"] == .string("T"))
        }
    }
}
