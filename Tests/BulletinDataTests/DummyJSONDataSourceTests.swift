import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// DummyJSONDataSource against the loopback server in `--style dummyjson` serving `../shared/data/dummyjson/`.
@Suite(.serialized, SharedData.needed)
struct DummyJSONDataSourceTests {
    private func withSource(pageSize: Int = 100, _ body: (DummyJSONDataSource, LoopbackServer) async throws -> Void) async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("dummyjson").path, "--style", "dummyjson"])
        defer { server.stop() }
        try await body(DummyJSONDataSource(baseURL: server.baseURL, pageSize: pageSize, timeout: 10), server)
    }

    @Test("all 208 users arrive over limit/skip pages and map onto User")
    func usersPaged() async throws {
        try await withSource(pageSize: 50) { source, server in
            let users = try await source.users()
            #expect(users.count == 208)
            let emily = try #require(users.first)
            #expect(emily.id == 1)
            #expect(emily.name == "Emily Johnson")
            #expect(emily.username == "emilys")
            #expect(emily.email == "emily.johnson@x.dummyjson.com")
            #expect(emily.address?.street == "626 Main Street")
            #expect(emily.address?.city == "Phoenix")
            #expect(emily.address?.geo?.lat == "-77.16213")
            #expect(emily.company?.name == "Dooley, Kozey and Cronin")
            #expect(emily.company?.catchPhrase == "Sales Manager")
            let paths = try await server.requests().map(\.path)
            #expect(paths == ["/users?limit=50&skip=0", "/users?limit=50&skip=50", "/users?limit=50&skip=100",
                              "/users?limit=50&skip=150", "/users?limit=50&skip=200"])
        }
    }

    @Test("a user, their posts, one post and the statistics; posts link back to their user")
    func detail() async throws {
        try await withSource { source, _ in
            let user = try await source.user(id: 5)
            let posts = try await source.posts(userID: 5)
            #expect(!posts.isEmpty)
            #expect(posts.allSatisfy { $0.userId == user.id })
            let post = try await source.post(id: posts[0].id)
            #expect(post == posts[0])
            #expect(try await source.comments(postID: post.id).isEmpty)  // the recordings hold no comments
            #expect(try await source.statistics() == DataStatistics(users: 208, posts: 251, comments: 0))
            #expect(source.descriptor == SourceDescriptor(kind: .dummyJSON, location: source.baseURL.absoluteString))
        }
    }

    @Test("a missing user is notFound naming the URL")
    func missing() async throws {
        try await withSource { source, server in
            let url = server.baseURL.appendingPathComponent("users/9999").absoluteString
            await #expect(throws: DataError.notFound("user 9999", location: url)) { try await source.user(id: 9999) }
        }
    }

    @Test("a bad user in an envelope is skipped and reported as users[n].firstName")
    func badRecordInEnvelope() async throws {
        try await withSource { source, server in
            try await server.inject(Fault(path: "/users", body: #"""
                {"users": [{"id": 1, "firstName": "A", "lastName": "B", "username": "ab"},
                           {"id": 2, "lastName": "C", "username": "c"}], "total": 2, "skip": 0, "limit": 100}
                """#))
            let list = try await source.userList()
            #expect(list.records.map(\.name) == ["A B"])
            #expect(list.issues.map(\.path) == ["users[1].firstName"])
            #expect(list.issues.first?.reason == "missing")
            #expect(await source.recordIssues().count == 1)
        }
    }

    @Test("a body without the envelope is malformedJSON naming the URL")
    func notAnEnvelope() async throws {
        try await withSource { source, server in
            try await server.inject(Fault(path: "/users", body: "[]"))
            do {
                _ = try await source.users()
                Issue.record("expected malformedJSON")
            } catch let error as DataError {
                guard case let .malformedJSON(_, location, _) = error else { Issue.record("got \(error)"); return }
                #expect(location.hasPrefix(server.baseURL.absoluteString + "/users?"))
            }
        }
    }
}
