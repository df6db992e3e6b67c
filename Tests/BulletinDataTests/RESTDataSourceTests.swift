import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// RESTDataSource against `Tests/Servers/jsonplaceholder_server.py` serving `../shared/data/jsonplaceholder/`.
@Suite(SharedData.needed)
struct RESTDataSourceTests {
    private func withSource(_ body: (RESTDataSource, LoopbackServer) async throws -> Void) async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        try await body(RESTDataSource(baseURL: server.baseURL, timeout: 10), server)
    }

    @Test("users, user 1 and the statistics come from /users, /posts and /comments")
    func usersAndStatistics() async throws {
        try await withSource { source, server async throws in
            #expect(source.descriptor == SourceDescriptor(kind: .rest, location: server.baseURL.absoluteString))
            #expect(try await source.users().count == 10)
            #expect(try await source.user(id: 1).name == "Leanne Graham")
            #expect(try await source.statistics() == DataStatistics(
                users: 10, posts: 100, comments: 500, albums: 100, photos: 5000, todos: 200))
        }
    }

    @Test("posts of user 1, one post, and the comments on post 1")
    func postsAndComments() async throws {
        try await withSource { source, _ async throws in
            let posts = try await source.posts(userID: 1)
            #expect(posts.count == 10)
            #expect(posts.first?.title == "sunt aut facere repellat provident occaecati excepturi optio reprehenderit")
            #expect(try await source.post(id: 11).userId == 2)
            let comments = try await source.comments(postID: 1)
            #expect(comments.count == 5)
            #expect(comments.allSatisfy { $0.postId == 1 })
        }
    }

    @Test("a missing user is notFound naming the URL")
    func missingRecord() async throws {
        try await withSource { source, server async throws in
            let url = server.baseURL.appendingPathComponent("users/999").absoluteString
            await #expect(throws: DataError.notFound("user 999", location: url)) { try await source.user(id: 999) }
        }
    }

    @Test("an unknown collection is a 404 badStatus naming the URL")
    func unknownPath() async throws {
        try await withSource { _, server async throws in
            let source = RESTDataSource(baseURL: server.baseURL.appendingPathComponent("v2"))
            let url = server.baseURL.appendingPathComponent("v2/users").absoluteString
            await #expect(throws: DataError.badStatus(404, url: url, excerpt: "{}")) { try await source.users() }
        }
    }

    @Test("a port where nothing listens is a transport error naming the URL")
    func nothingListening() async throws {
        let port = try LoopbackServer.closedPort()
        let source = try RESTDataSource.make(baseURL: "http://127.0.0.1:\(port)")
        do {
            _ = try await source.users()
            Issue.record("expected a transport error")
        } catch {
            guard case let .transport(url, reason) = error else {
                Issue.record("expected transport, got \(error)")
                return
            }
            #expect(url == "http://127.0.0.1:\(port)/users")
            #expect(reason == "connection refused")
        }
    }
}

/// Base URLs checked without any server.
struct RESTDataSourceURLTests {
    @Test("text without a scheme or host is invalidURL")
    func invalidBaseURL() {
        for text in ["localhost:3000", "not a url", "", "ftp://example.org", "http://"] {
            #expect(throws: DataError.invalidURL(text)) { try RESTDataSource.make(baseURL: text) }
        }
    }

    @Test("a source made from a URL without a host throws invalidURL on use")
    func invalidURLOnUse() async throws {
        let source = RESTDataSource(baseURL: try #require(URL(string: "/relative/path")))
        await #expect(throws: DataError.invalidURL("/relative/path")) { try await source.users() }
    }

    @Test("a base URL with a path and trailing slash keeps its path")
    func basePath() throws {
        let source = try RESTDataSource.make(baseURL: "https://jsonplaceholder.typicode.com/")
        #expect(source.descriptor.description == "REST API https://jsonplaceholder.typicode.com/")
    }
}

/// The loopback server in `--db` mode, serving the embedded data set (no shared data needed).
struct RESTDataSourceEmbeddedTests {
    @Test("the REST source over the embedded db.json answers like the embedded source")
    func matchesEmbedded() async throws {
        let db = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")
        let server = try LoopbackServer.start(arguments: ["--db", db.path])
        defer { server.stop() }
        let rest = RESTDataSource(baseURL: server.baseURL)
        let embedded = EmbeddedDataSource()
        #expect(try await rest.users() == embedded.users())
        #expect(try await rest.user(id: 6).name == "山田 太郎")
        #expect(try await rest.posts(userID: 3) == embedded.posts(userID: 3))
        #expect(try await rest.comments(postID: 42) == embedded.comments(postID: 42))
        #expect(try await rest.statistics() == embedded.statistics())
    }
}
