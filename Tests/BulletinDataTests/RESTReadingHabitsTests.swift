@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Reading lists from servers with other people's habits (issue 22, items 4–6, 11, 12), through
/// ``RESTDataSource`` against the loopback server's `--behave` habits (`read_behaviours.py`), on
/// JSONPlaceholder's data (10 users, 100 posts, 500 comments, 100 albums, 200 todos: 20 a user).
@Suite("REST reading habits of other servers", .serialized, SharedData.needed)
struct RESTReadingHabitsTests {
    static let data = SharedData.data("jsonplaceholder").path

    private func withSource(
        _ behave: [String], timeout: TimeInterval = 10, _ body: (RESTDataSource, LoopbackServer) async throws -> Void
    ) async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.data] + behave.flatMap { ["--behave", $0] })
        defer { server.stop() }
        try await body(RESTDataSource(baseURL: server.baseURL, timeout: timeout), server)
    }

    // MARK: - 4. Pages without Link

    @Test("pages without Link, with or without X-Total-Count: every list is read to its end",
          arguments: [["pages-no-link"], ["pages-no-link-no-total"]])
    func pagesWithoutLink(behave: [String]) async throws {
        try await withSource(behave) { source, server async throws in
            #expect(try await source.users().count == 10)
            let posts = try await source.postList()
            #expect(posts.records.count == 100 && Set(posts.records.map(\.id)).count == 100 && posts.issues.isEmpty)
            #expect(try await source.todos(userID: 1).count == 20, "user 1's todos are 20, not the first 10")
            #expect(try await source.postList(userID: 2).records.count == 10)
            #expect(try await source.comments(postID: 7).count == 5)
            let paths = try await server.requests().map(\.path)
            #expect(paths.contains("/posts?_page=10&_limit=10"))
            #expect(paths.contains("/todos?userId=1&_page=2&_limit=10"))
        }
    }

    @Test("pages without Link and filters compared as text: user 2 has 10 posts, 10 albums and 20 todos, not 0",
          arguments: [["pages-no-link", "string-filters"], ["pages-no-link-no-total", "string-filters"]])
    func pagesAndTextFilters(behave: [String]) async throws {
        try await withSource(behave) { source, _ async throws in
            let posts = try await source.postList(userID: 2)
            #expect(posts.records.count == 10 && posts.records.allSatisfy { $0.userId == 2 } && posts.issues.isEmpty)
            #expect(try await source.albums(userID: 2).count == 10)
            #expect(try await source.todos(userID: 2).count == 20)
            #expect(try await source.statistics() == DataStatistics(
                users: 10, posts: 100, comments: 500, albums: 100, photos: 5000, todos: 200))
        }
    }

    @Test("a page that cannot be read: only part read, with what is known (10 of 100 with a count, 'there may be more' without)",
          arguments: [("pages-no-link", "10 of 100 records read"), ("pages-no-link-no-total", "10 records read, there may be more")])
    func pageNotReadable(behave: String, known: String) async throws {
        try await withSource([behave]) { source, server async throws in
            try await server.inject(Fault(path: "/posts", times: 1), Fault(path: "/posts", status: 400, body: "nope"))
            let posts = try await source.postList()
            #expect(posts.records.count == 10)
            let first = source.baseURL.appendingPathComponent("posts").absoluteString
            let reason = "\(known): page 2 could not be read (HTTP 400 from \(first)?_page=2&_limit=10: nope)"
            #expect(posts.issues == [RecordIssue(path: "posts after page 1", reason: reason, effect: .partial, location: first)])
            #expect(RecordIssue.summary(of: posts.issues) == "only part read: posts after page 1 (\(reason))")
            #expect(await source.recordIssues().contains { $0.effect == .partial }, "the Admin panel lists it")
            // The panel's count alone (a new source, nothing listed): 10, and said to be part.
            try await server.reset()
            try await server.inject(Fault(path: "/posts", times: 1), Fault(path: "/posts", status: 400, body: "nope"))
            let counting = RESTDataSource(baseURL: server.baseURL, timeout: 10)
            #expect(try await counting.statistics().posts == 10)
            #expect(await counting.recordIssues().map(\.path) == ["posts after page 1"])
        }
    }

    @Test("a server that answers whole costs one probe for the run: a round list is asked for page 2 once")
    func oneProbe() async throws {
        try await withSource([]) { source, server async throws in
            #expect(try await source.users().count == 10)
            #expect(try await source.postList(userID: 1).records.count == 10)
            #expect(try await source.todos(userID: 3).count == 20)
            #expect(try await server.requests().map(\.path)
                    == ["/users", "/users?_page=2&_limit=10", "/posts?userId=1", "/todos?userId=3"])
        }
    }

    @Test("a probe answered with json-server 1.0's envelope (an object, not a list): the list is whole, not an error, and not probed again")
    func envelopeProbe() async throws {
        try await withSource([]) { source, server async throws in
            try await server.inject(Fault(path: "/users", times: 1),
                                    Fault(path: "/users", body: #"{"first": 1, "prev": 1, "next": null, "last": 1, "data": []}"#))
            let users = try await source.userList()
            #expect(users.records.count == 10 && users.issues.isEmpty)
            _ = try await source.postList(userID: 1)
            #expect(try await server.requests().map(\.path) == ["/users", "/users?_page=2&_limit=10", "/posts?userId=1"])
        }
    }

    @Test("a post created on a server that pages without Link appears in the list and the server holds it")
    func createdPostAppears() async throws {
        try await withSource(["pages-no-link-no-total"]) { source, server async throws in
            #expect(try await source.postList().records.count == 100)
            let body = Data(#"{"userId": 1, "title": "paged new", "body": "b"}"#.utf8)
            _ = try await source.client.send("POST", to: source.baseURL.appendingPathComponent("posts"), json: body)
            await source.client.cache.invalidate(path: "/posts")
            let posts = try await source.postList()
            #expect(posts.records.count == 101 && posts.issues.isEmpty)
            #expect(posts.records.last?.id == 101 && posts.records.last?.title == "paged new")
            #expect(try await source.postList(userID: 1).records.contains { $0.title == "paged new" })
            let stored = try JSONSerialization.jsonObject(with: try await server.storedCollections()) as? [String: Any]
            let storedPosts = stored?["posts"] as? [[String: Any]] ?? []
            #expect(storedPosts.count == 101 && storedPosts.last?["title"] as? String == "paged new")
        }
    }

    // MARK: - 5. Link loops

    @Test("a Link that leads back to a page already read stops there, says so, and shows no record twice",
          arguments: ["self-link", "link-loop"])
    func linkLoop(behave: String) async throws {
        try await withSource([behave]) { source, _ async throws in
            let users = try await source.userList()
            #expect(users.records.count == 10 && Set(users.records.map(\.id)).count == 10)
            let partial = users.issues.filter { $0.effect == .partial }
            #expect(partial.count == 1)
            #expect(partial.first?.reason.contains("leads back to page 1, already read; stopped there") == true)
            #expect(RecordIssue.summary(of: users.issues)?.hasPrefix("only part read: users after page") == true)
        }
    }

    // MARK: - 6. One bad record

    @Test("one user or comment with bad bytes is skipped and named; the rest load",
          arguments: ["bad-utf8-record", "lone-surrogate-record", "nul-record"])
    func badRecord(behave: String) async throws {
        try await withSource([behave]) { source, _ async throws in
            let users = try await source.userList()
            #expect(users.records.map(\.id) == [1, 2, 4, 5, 6, 7, 8, 9, 10].map { RecordID($0) })
            #expect(users.issues.map(\.path) == ["users[2]"])
            #expect(users.issues.first?.effect == .skipped)
            let reason = try #require(users.issues.first?.reason)
            #expect(behave == "bad-utf8-record" ? reason.hasPrefix("not valid UTF-8 (line ") : reason.hasPrefix("not valid JSON"), "\(reason)")
            let comments = try await source.comments(postID: 1)
            #expect(comments.map(\.id) == [1, 3, 4, 5].map { RecordID($0) }, "post 1 still opens, without comment 2")
            let issues = await source.recordIssues()
            #expect(issues.contains { $0.path == "users[2]" && $0.effect == .skipped })
            #expect(issues.contains { $0.path == "comments[1]" && $0.effect == .skipped })
            #expect(RecordIssue.summary(of: users.issues)?.hasPrefix("1 record skipped: users[2] not valid") == true)
        }
    }

    // MARK: - 11. A trickle; 12. Huge headers

    @Test("a server that trickles a byte a second is stopped at --timeout (2 s) plus at most 1 s, as too slow with its bytes")
    func trickle() async throws {
        try await withSource(["trickle"], timeout: 2) { source, _ async throws in
            let url = source.baseURL.appendingPathComponent("users").absoluteString
            let started = ContinuousClock.now
            let error = await #expect(throws: DataError.self) { _ = try await source.users() }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(3), "\(elapsed)")
            guard case let .tooSlow(failed, bytes, seconds)? = error else {
                Issue.record("expected tooSlow, got \(String(describing: error))")
                return
            }
            #expect(failed == url && seconds == 2 && bytes > 0)
            #expect(error?.description == "The answer from \(url) was too slow: \(bytes) bytes in 2 s (--timeout); stopped there")
        }
    }

    @Test("headers over the limit (one 200 KB line, or 2,000 lines) say so and name the limit",
          arguments: ["huge-header", "huge-headers"])
    func hugeHeaders(behave: String) async throws {
        try await withSource([behave]) { source, _ async throws in
            let url = source.baseURL.appendingPathComponent("users").absoluteString
            await #expect(throws: DataError.headersTooLarge(url: url, limitBytes: 102_400)) { _ = try await source.users() }
            #expect(DataError.headersTooLarge(url: url, limitBytes: HTTPClient.maxHeaderBytes).description
                    == "The server's headers from \(url) were larger than the limit of 100 KB; stopped there")
        }
    }
}
