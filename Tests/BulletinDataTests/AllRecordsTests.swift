import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// `allPosts()`, `postList()` and `allComments()` (issue 7): one request per collection where
/// the API has one, and the gathering default (one request per user) where it has not.
struct AllRecordsTests {
    static let embeddedDB = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")

    @Test("embedded and file sources answer from the data set's arrays")
    func dataSetSources() async throws {
        let embedded = EmbeddedDataSource()
        let set = try await embedded.dataSet()
        #expect(try await embedded.allPosts() == set.posts)
        #expect(try await embedded.allComments() == set.comments)
        #expect(try await embedded.postList().records.count == 100)
        let file = FileDataSource(path: Self.embeddedDB.path)
        #expect(try await file.allPosts() == set.posts)
        #expect(try await file.allComments().count == 500)
    }

    @Test("REST: allPosts is GET /posts and allComments GET /comments, one request each (and one page-2 probe for the run)")
    func restOneRequestEach() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.embeddedDB.path])
        defer { server.stop() }
        let rest = RESTDataSource(baseURL: server.baseURL, timeout: 10)
        let embedded = EmbeddedDataSource()
        #expect(try await rest.allPosts() == embedded.allPosts())
        #expect(try await rest.allComments() == embedded.allComments())
        // 100 posts may be a page: page 2 is asked once; the same answer shows the server answers whole.
        #expect(try await server.requests().map(\.path) == ["/posts", "/posts?_page=2&_limit=100", "/comments"])
    }

    @Test("REST: a post that does not decode is skipped and reported by postList")
    func restPostListIssues() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.embeddedDB.path])
        defer { server.stop() }
        let body = #"[{"userId": 1, "id": 1, "title": "kept", "body": "b"}, {"userId": 1, "id": 2, "title": null, "body": "b"}]"#
        try await server.inject(Fault(path: "/posts", body: body))
        let list = try await RESTDataSource(baseURL: server.baseURL, timeout: 10).postList()
        #expect(list.records.map(\.title) == ["kept"])
        #expect(list.issues.map(\.path) == ["posts[1].title"])
    }

    @Test("the default gathers posts user by user; a user whose posts fail is reported, not fatal")
    func defaultGathersAndReports() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.embeddedDB.path])
        defer { server.stop() }
        try await server.inject(Fault(path: "/posts", times: 1, status: 500))
        let source = GatheringDataSource(RESTDataSource(baseURL: server.baseURL, timeout: 10))
        let list = try await source.postList()
        #expect(list.records.count == 90)
        #expect(!list.records.contains { $0.userId == 1 })
        #expect(list.issues.map(\.path) == ["posts of user 1"])
        #expect(list.issues.first?.reason.hasPrefix("HTTP 500 from") == true)
        let paths = try await server.requests().map(\.path)
        #expect(paths == ["/users", "/users?_page=2&_limit=10"] + (1...10).map { "/posts?userId=\($0)" })
    }

    @Test("the default throws when every user's posts fail, and gathers comments post by post")
    func defaultAllFailAndComments() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.embeddedDB.path])
        defer { server.stop() }
        let source = GatheringDataSource(RESTDataSource(baseURL: server.baseURL, timeout: 10))
        #expect(try await source.allComments() == EmbeddedDataSource().allComments())
        #expect(try await server.requests().filter { $0.path.hasPrefix("/comments?postId=") }.count == 100)
        try await server.inject(Fault(path: "/posts", status: 500))
        await #expect(throws: DataError.self) { try await GatheringDataSource(RESTDataSource(baseURL: server.baseURL)).postList() }
    }
}

/// The data sources that need `../shared/data` recordings.
@Suite(.serialized, SharedData.needed)
struct AllRecordsRecordedTests {
    @Test("DummyJSON: every post and comment over /posts and /comments pages, no request per user")
    func dummyJSONPages() async throws {
        let server = try LoopbackServer.startDummyJSON()
        defer { server.stop() }
        let source = DummyJSONDataSource(baseURL: server.baseURL, pageSize: 100, timeout: 10)
        #expect(try await source.allPosts().count == 251)
        #expect(try await source.allComments().isEmpty)
        let paths = try await server.requests().map(\.path)
        #expect(paths == ["/posts?limit=100&skip=0", "/posts?limit=100&skip=100", "/posts?limit=100&skip=200",
                          "/comments?limit=100&skip=0"])
    }

    @Test("GitHub: no list of every repository; postList, allPosts and postListing throw at once, with no request")
    func gitHubHasNoRepositoryList() async throws {
        let server = try LoopbackServer.startGitHub()
        defer { server.stop() }
        let source = GitHubDataSource(baseURL: server.baseURL, maxPages: 1, timeout: 10)
        let expected = "No list of every repository in \(server.baseURL.absoluteString) (GitHub lists repositories per user"
        await #expect { _ = try await source.postList() } throws: { ($0 as? DataError)?.description.hasPrefix(expected) == true }
        await #expect { _ = try await source.allPosts() } throws: { ($0 as? DataError)?.description.hasPrefix(expected) == true }
        await #expect { _ = try await source.postListing(partial: nil) } throws: {
            ($0 as? DataError)?.description.hasPrefix(expected) == true
        }
        #expect(try await source.allComments().isEmpty)
        #expect(try await server.requests().isEmpty, "not one request per user, not one at all")
    }
}

