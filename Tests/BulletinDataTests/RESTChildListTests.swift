@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// A user's posts and a post's comments from servers that ignore the filter, compare it as a
/// string, or filter correctly: the lists are right, the fallback costs one request for the run,
/// and the Admin panel's log says what the server does. Counts requests in the server's log.
@Suite("REST child lists whatever the server filters")
struct RESTChildListTests {
    /// The embedded data set (10 users with 10 posts each, 5 comments a post) plus user 11, who has no posts.
    static let db: URL = {
        let embedded = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")
        var document = (try? JSONSerialization.jsonObject(with: Data(contentsOf: embedded))) as? [String: Any] ?? [:]
        var users = document["users"] as? [[String: Any]] ?? []
        users.append(["id": 11, "name": "Nobody Posts", "username": "quiet"])
        document["users"] = users
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-child-lists-\(getpid()).json")
        try? JSONSerialization.data(withJSONObject: document).write(to: url)
        return url
    }()

    private func withSource(
        behave: [String] = [], _ body: (RESTDataSource, LoopbackServer, RequestLog) async throws -> Void
    ) async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.db.path] + behave.flatMap { ["--behave", $0] })
        defer { server.stop() }
        let log = RequestLog()
        try await body(RESTDataSource(baseURL: server.baseURL, timeout: 10, log: log), server, log)
    }

    /// The paths of the `GET`s the server received, in order.
    private func gets(_ server: LoopbackServer) async throws -> [String] {
        try await server.requests().filter { $0.method == "GET" }.map(\.path)
    }

    @Test("ignores-filters: user 1's posts are exactly user 1's; one GET /posts serves every user after")
    func ignoredFilter() async throws {
        try await withSource(behave: ["ignores-filters"]) { source, server, log async throws in
            let posts = try await source.posts(userID: 1)
            #expect(posts.count == 10)
            #expect(posts.allSatisfy { $0.userId == 1 })
            // 100 posts may be a page: page 2 is asked once for the run (the same answer: the server answers whole).
            #expect(try await gets(server) == ["/posts?userId=1", "/posts?userId=1&_page=2&_limit=100", "/posts"])
            let second = try await source.posts(userID: 2)
            #expect(second.count == 10 && second.allSatisfy { $0.userId == 2 })
            #expect(try await gets(server).count == 3, "the verdict is kept and the whole collection is cached")
            #expect(log.snapshot.notes.count == 1)
            #expect(log.snapshot.notes.first?.hasPrefix("The server ignores GET /posts?userId= (it answered posts of other users)") == true)
        }
    }

    @Test("ignores-filters: a post's comments are its own (5, not 500), and comments decide on their own")
    func ignoredCommentFilter() async throws {
        try await withSource(behave: ["ignores-filters"]) { source, server, log async throws in
            let comments = try await source.comments(postID: 3)
            #expect(comments.count == 5)
            #expect(comments.allSatisfy { $0.postId == 3 })
            #expect(try await source.comments(postID: 4).count == 5)
            #expect(try await gets(server) == ["/comments?postId=3", "/comments"])
            #expect(log.snapshot.notes.map { $0.contains("GET /comments?postId=") } == [true])
        }
    }

    @Test("string-filters: the [] answers are found wrong by the whole collection; counts are right")
    func stringComparingFilter() async throws {
        try await withSource(behave: ["string-filters"]) { source, server, log async throws in
            #expect(try await source.posts(userID: 1).map(\.userId) == Array(repeating: 1, count: 10))
            #expect(try await source.posts(userID: 7).count == 10)
            #expect(try await source.comments(postID: 12).count == 5)
            #expect(try await gets(server) == ["/posts?userId=1", "/posts", "/posts?_page=2&_limit=100", "/comments?postId=12", "/comments"])
            #expect(log.snapshot.notes.count == 2)
            #expect(log.snapshot.notes.first?.contains("answers nothing for users that have posts") == true)
        }
    }

    @Test("a filtering server: one request per child list, and an honest [] costs nothing more once the filter is proved")
    func workingFilter() async throws {
        try await withSource { source, server, log async throws in
            #expect(try await source.posts(userID: 1).count == 10)
            #expect(try await source.posts(userID: 11) == [])
            #expect(try await source.posts(userID: 11) == [], "cached")
            #expect(try await gets(server) == ["/posts?userId=1", "/posts?userId=1&_page=2&_limit=10", "/posts?userId=11"],
                    "10 posts may be a page: page 2 is asked once for the run")
            #expect(log.snapshot.notes.isEmpty)
        }
    }

    @Test("a filtering server, empty answer first: the whole collection is read once, and not again for the next empty one")
    func honestEmptyFirst() async throws {
        try await withSource { source, server, log async throws in
            #expect(try await source.posts(userID: 11) == [])
            #expect(try await source.posts(userID: 12) == [])
            #expect(try await gets(server) == ["/posts?userId=11", "/posts", "/posts?_page=2&_limit=100", "/posts?userId=12"])
            #expect(try await source.posts(userID: 3).count == 10)
            #expect(log.snapshot.notes.isEmpty, "an empty answer for a user with no posts proves nothing wrong")
        }
    }

    @Test("the fallback's whole collection is dropped by a write's invalidation and revalidated by r")
    func fallbackFollowsTheCache() async throws {
        try await withSource(behave: ["ignores-filters"]) { source, server, _ async throws in
            _ = try await source.posts(userID: 1)
            await source.client.cache.invalidate(path: "/posts")
            #expect(try await source.posts(userID: 1).count == 10)
            _ = try await FetchContext.reloading(true) { () async throws(DataError) in try await source.posts(userID: 2) }
            let requests = try await server.requests().filter { $0.method == "GET" }
            #expect(requests.map(\.path) == ["/posts?userId=1", "/posts?userId=1&_page=2&_limit=100", "/posts", "/posts", "/posts"])
            #expect(requests.last?.header("If-None-Match") != nil, "r revalidates the cached collection")
        }
    }

    @Test("the delete dialog's count (comments(postID:)) and the user's heading count are right on an ignoring server")
    func countsForDialogs() async throws {
        try await withSource(behave: ["ignores-filters"]) { source, _, _ async throws in
            for user in 1...10 { #expect(try await source.posts(userID: RecordID(user)).count == 10) }
            #expect(try await source.posts(userID: 11).isEmpty)
            for post in [1, 50, 100] { #expect(try await source.comments(postID: RecordID(post)).count == 5) }
        }
    }
}

/// Lists from a server that pages every answer (10 records unless `_limit`, `Link` and `X-Total-Count`).
@Suite("REST lists from a paginating server")
struct RESTPaginationTests {
    private func withSource(
        behave: [String] = ["paginates"], _ body: (RESTDataSource, LoopbackServer) async throws -> Void
    ) async throws {
        let server = try LoopbackServer.start(arguments: ["--db", RESTChildListTests.db.path] + behave.flatMap { ["--behave", $0] })
        defer { server.stop() }
        try await body(RESTDataSource(baseURL: server.baseURL, timeout: 10), server)
    }

    @Test("users, every post, every comment and the counts read every page")
    func everyPage() async throws {
        try await withSource { source, server async throws in
            #expect(try await source.users().count == 11)
            let posts = try await source.postList()
            #expect(posts.records.count == 100 && posts.issues.isEmpty)
            #expect(Set(posts.records.map(\.id)).count == 100)
            #expect(try await source.allComments().count == 500)
            #expect(try await source.statistics() == DataStatistics(
                users: 11, posts: 100, comments: 500, albums: 50, photos: 300, todos: 100))
            let paths = try await server.requests().map(\.path)
            #expect(paths.contains("/posts?_page=10&_limit=10"))
            #expect(!paths.contains("/posts?_page=11&_limit=10"), "stops at the last page")
        }
    }

    @Test("child lists read every page: user 1's posts and post 1's comments")
    func childPages() async throws {
        try await withSource { source, _ async throws in
            #expect(try await source.posts(userID: 1).count == 10)
            #expect(try await source.comments(postID: 1).count == 5)
        }
    }

    @Test("paginating and ignoring filters: user 2's posts found over every page of the whole collection")
    func pagesAndIgnoredFilter() async throws {
        try await withSource(behave: ["paginates", "ignores-filters"]) { source, _ async throws in
            let posts = try await source.posts(userID: 2)
            #expect(posts.count == 10 && posts.allSatisfy { $0.userId == 2 })
            #expect(try await source.comments(postID: 99).count == 5)
        }
    }

    @Test("past maxPages the list says it was read only in part")
    func partial() async throws {
        try await withSource { source, _ async throws in
            var bounded = source
            bounded.maxPages = 3
            let list = try await bounded.postList()
            #expect(list.records.count == 30)
            #expect(list.issues == [RecordIssue(path: "posts after page 3", reason: "the server has more pages; only the first 3 were read",
                                                effect: .partial, location: source.baseURL.appendingPathComponent("posts").absoluteString)])
            #expect(RecordIssue.summary(of: list.issues)
                    == "only part read: posts after page 3 (the server has more pages; only the first 3 were read)")
            #expect(await bounded.recordIssues().contains { $0.effect == .partial }, "the Admin panel lists it")
            #expect(list.issues.first?.description
                    == "posts after page 3 the server has more pages; only the first 3 were read (list read in part)")
        }
    }
}

/// A `Link: rel="next"` naming another host is not followed (another server gets no request).
@Suite("REST pages on another host")
struct RESTForeignPageTests {
    @Test("a next page on 127.0.0.2 is not requested; the list says it was read only in part")
    func foreignNext() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", RESTChildListTests.db.path])
        defer { server.stop() }
        try await server.inject(Fault(path: "/posts", headers: ["Link": #"<http://127.0.0.2:\#(server.port)/posts?_page=2>; rel="next""#]))
        let list = try await RESTDataSource(baseURL: server.baseURL, timeout: 10).postList()
        #expect(list.records.count == 100)
        #expect(list.issues.map(\.reason) == ["the next page is on another server (127.0.0.2), not followed"])
        #expect(try await server.requests().map(\.path) == ["/posts"])
    }
}

/// `Link` headers read without a server.
struct LinkHeaderTests {
    let base = URL(string: "http://127.0.0.1:3000/posts?_page=1")!

    @Test("next is found among first, prev and last, absolute or relative")
    func next() {
        let header = #"<http://127.0.0.1:3000/posts?_page=1>; rel="first", <http://127.0.0.1:3000/posts?_page=2>; rel="next""#
        #expect(LinkHeader.next(in: header, relativeTo: base)?.absoluteString == "http://127.0.0.1:3000/posts?_page=2")
        #expect(LinkHeader.next(in: #"</posts?_page=3>; rel=next"#, relativeTo: base)?.absoluteString
                == "http://127.0.0.1:3000/posts?_page=3")
        #expect(LinkHeader.next(in: #"<http://x/a>; rel="prev next""#, relativeTo: base)?.absoluteString == "http://x/a")
        #expect(LinkHeader.next(in: #"<http://x/a>; rel="last""#, relativeTo: base) == nil)
        #expect(LinkHeader.next(in: nil, relativeTo: base) == nil)
    }

    @Test("pages are followed on the same origin only: scheme, host and port (HTTPOrigin, the credential's rule too)")
    func origin() {
        #expect(HTTPOrigin(URL(string: "http://127.0.0.1:3000/a")!) == HTTPOrigin(base))
        #expect(HTTPOrigin(URL(string: "http://127.0.0.2:3000/a")!) != HTTPOrigin(base))
        #expect(HTTPOrigin(URL(string: "http://127.0.0.1:3001/a")!) != HTTPOrigin(base))
        #expect(HTTPOrigin(URL(string: "http://h/a")!) == HTTPOrigin(URL(string: "http://h:80/b")!))
    }
}
