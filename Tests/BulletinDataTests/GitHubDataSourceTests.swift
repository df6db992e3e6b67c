import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// GitHubDataSource against the loopback server replaying `../shared/data/github/` (Link rewritten)
/// and serving `Tests/Fixtures/github/`.
@Suite(.serialized, .enabled(if: SharedData.isAvailable, Testing.Comment(rawValue: SharedData.skipNotice)))
struct GitHubDataSourceTests {
    static let fixtures = SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/github")

    private func withSource(
        token: String? = nil, _ body: (GitHubDataSource, LoopbackServer) async throws -> Void
    ) async throws {
        let server = try LoopbackServer.start(arguments: [
            "--dir", SharedData.data("github").path, "--style", "github", "--fixtures", Self.fixtures.path,
        ])
        defer { server.stop() }
        try await body(GitHubDataSource(baseURL: server.baseURL, token: token, timeout: 10), server)
    }

    @Test("the user list follows Link rel=next (since=135) across the recorded pages")
    func pagesFollowLink() async throws {
        try await withSource { source, server in
            let users = try await source.users()
            #expect(users.count == 200)
            #expect(users.first?.id == "mojombo")
            #expect(users.first?.username == "mojombo")
            #expect(users[100].id == "simonjefford")
            let paths = try await server.requests().map(\.path)
            #expect(paths == ["/users?per_page=100", "/users?since=135", "/users?since=237"])
        }
    }

    @Test("a user's detail and repositories; a repository opens as a post")
    func detailAndRepos() async throws {
        try await withSource { source, _ in
            let user = try await source.user(id: "mojombo")
            #expect(user.name == "Tom Preston-Werner")
            #expect(user.website == "http://tom.preston-werner.com")
            #expect(user.address?.city == "San Francisco")
            #expect(user.company?.bs == "23000 followers, 2 public repos")
            let repos = try await source.posts(userID: "mojombo")
            #expect(repos.map(\.title) == ["30daysoflaptops.github.io", "grit"])
            #expect(repos.allSatisfy { $0.userId == "mojombo" })
            #expect(repos[1].body.contains("Language: Ruby · ★ 1950 · updated 2024-05-01"))
            let grit = try await source.post(id: "mojombo/grit")
            #expect(grit == repos[1])
            #expect(try await source.comments(postID: grit.id).isEmpty)
        }
    }

    @Test("a [bot] login is percent-encoded in the path and found")
    func botLogin() async throws {
        try await withSource { source, server in
            let bot = try await source.user(id: "dependabot[bot]")
            #expect(bot.name == "dependabot[bot]")
            #expect(bot.website == nil)
            #expect(try await server.requests().last?.path == "/users/dependabot%5Bbot%5D")
        }
    }

    @Test("GITHUB_TOKEN is sent as a bearer token and never shown; the descriptor says a token is in use")
    func token() async throws {
        try await withSource(token: "ghp_secret123") { source, server in
            _ = try await source.user(id: "mojombo")
            let request = try #require(try await server.requests().first)
            #expect(request.header("Authorization") == "Bearer ghp_secret123")
            #expect(request.header("Accept") == "application/vnd.github+json")
            #expect(source.descriptor.authentication == "token in use (GITHUB_TOKEN)")
            #expect(!source.descriptor.description.contains("ghp_"))
        }
        try await withSource { source, server in
            _ = try await source.user(id: "mojombo")
            #expect(try await server.requests().first?.header("Authorization") == nil)
            #expect(source.descriptor.authentication?.hasPrefix("none") == true)
        }
    }

    @Test("403 with X-RateLimit-Remaining: 0 shows rate limited until the reset time")
    func rateLimit() async throws {
        try await withSource { source, server in
            let reset = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 1800).rounded(.down))
            try await server.inject(Fault(path: "/users", status: 403,
                headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(Int(reset.timeIntervalSince1970))],
                body: #"{"message": "API rate limit exceeded for 127.0.0.1."}"#))
            do {
                _ = try await source.users()
                Issue.record("expected rateLimited")
            } catch let error as DataError {
                guard case let .rateLimited(_, resetAt, remaining) = error else { Issue.record("got \(error)"); return }
                #expect(resetAt == reset)
                #expect(remaining == 0)
                #expect(error.description.contains("until \(DataError.clockTime(reset))"))
            }
        }
    }

    @Test("a secondary rate limit (403 with its message) is rateLimited too")
    func secondaryLimit() async throws {
        try await withSource { source, server in
            try await server.inject(Fault(path: "/users/mojombo", status: 403, headers: ["Retry-After": "60"],
                body: #"{"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}"#))
            await #expect(throws: DataError.self) { try await source.user(id: "mojombo") }
            do { _ = try await source.user(id: "mojombo") } catch let error as DataError {
                guard case .rateLimited = error else { Issue.record("got \(error)"); return }
            }
        }
    }

    @Test("a reload revalidates the recorded page with its ETag and gets 304")
    func etagRevalidation() async throws {
        try await withSource { source, server in
            _ = try await source.user(id: "mojombo")
            _ = try await FetchContext.reloading(true) { () async throws(DataError) in try await source.users() }
            _ = try await FetchContext.reloading(true) { () async throws(DataError) in try await source.users() }
            let requests = try await server.requests().filter { $0.path == "/users?per_page=100" }
            #expect(requests.count == 2)
            #expect(requests[1].header("If-None-Match") == #""324912429a6c8d7f41cb480e07da772a""#)
        }
    }

    @Test("Link headers: rel=next is found among others; none when absent")
    func nextLink() {
        let header = #"<https://api.github.com/users?since=135>; rel="next", <https://api.github.com/users{?since}>; rel="first""#
        #expect(GitHubDataSource.nextLink(header)?.absoluteString == "https://api.github.com/users?since=135")
        #expect(GitHubDataSource.nextLink(#"<https://x/a?page=1>; rel="prev""#) == nil)
        #expect(GitHubDataSource.nextLink(nil) == nil)
    }
}
