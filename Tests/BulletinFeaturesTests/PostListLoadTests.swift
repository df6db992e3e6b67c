import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// The Posts list loads through `users()` once and `postList()` once (issue 7), against the
/// loopback server serving the embedded data set.
@MainActor
struct PostListLoadTests {
    static let embeddedDB = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")

    private func withServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.embeddedDB.path])
        defer { server.stop() }
        try await body(server)
    }

    @Test("REST: the Posts list costs GET /users and GET /posts, not one request per user")
    func twoRequests() async throws {
        try await withServer { server in
            let model = PostListViewModel(source: RESTDataSource(baseURL: server.baseURL, timeout: 10), router: .none)
            await model.load()
            #expect(model.rows.count == 100)
            #expect(model.summary == "100 posts")
            let embedded = EmbeddedDataSource()
            let first = try await embedded.allPosts().min { $0.id < $1.id }
            #expect(model.rows.first?.post == first.map(PostSummary.init))
            #expect(try await model.rows.first?.author == embedded.user(id: #require(first).userId).name)
            // 10 users may be a page: page 2 is asked once for the run (the same answer: whole).
            #expect(try await server.requests().map(\.path) == ["/users", "/users?_page=2&_limit=10", "/posts"])
        }
    }

    @Test("a post whose author is not among the users shows a dash")
    func missingAuthor() async throws {
        try await withServer { server in
            let body = #"[{"userId": 1, "id": 2, "title": "known", "body": "b"}, {"userId": 99, "id": 1, "title": "orphan", "body": "b"}]"#
            try await server.inject(Fault(path: "/posts", body: body))
            let model = PostListViewModel(source: RESTDataSource(baseURL: server.baseURL, timeout: 10), router: .none)
            await model.load()
            #expect(model.rows.map(\.post.title) == ["orphan", "known"])
            #expect(model.cell(row: 0, column: .author) == "—")
            #expect(model.cell(row: 1, column: .author) == "Margaret Okafor")
        }
    }

    @Test("gathered per user: one user's failing posts are named in the status line, the rest listed")
    func failingUserReported() async throws {
        try await withServer { server in
            try await server.inject(Fault(path: "/posts", times: 1, status: 500))
            let source = GatheringDataSource(RESTDataSource(baseURL: server.baseURL, timeout: 10))
            let model = PostListViewModel(source: source, router: .none)
            await model.load()
            #expect(model.rows.count == 90)
            #expect(model.summary.hasPrefix("90 posts · 1 record skipped: posts of user 1 HTTP 500 from http://127.0.0.1:"))
        }
    }
}
