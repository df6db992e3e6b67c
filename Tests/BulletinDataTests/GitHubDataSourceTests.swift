import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

/// GitHubDataSource against the loopback server replaying `../shared/data/github/` (Link rewritten)
/// and serving `Tests/Fixtures/github/`.
@Suite(.serialized, SharedData.needed)
struct GitHubDataSourceTests {
    private func withSource(
        token: String? = nil, _ body: (GitHubDataSource, LoopbackServer) async throws -> Void
    ) async throws {
        let server = try LoopbackServer.startGitHub()
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

    @Test("a user decodes into GitHubAccount: every line's field, nothing squeezed into the company")
    func userAccount() async throws {
        try await withSource { source, _ in
            let user = try await source.user(id: "mojombo")
            #expect(user.name == "Tom Preston-Werner")
            #expect(user.username == "mojombo")
            #expect(user.website == "http://tom.preston-werner.com")
            #expect(user.company == User.Company(name: "@chatterbugapp, @redwoodjs", catchPhrase: nil, bs: nil))
            #expect(user.address == nil)
            guard case let .github(account) = user.profile else { Issue.record("got \(user.profile)"); return }
            #expect(account == GitHubAccount(
                login: "mojombo", id: 1, type: "User", siteAdmin: false, name: "Tom Preston-Werner",
                company: "@chatterbugapp, @redwoodjs", blog: "http://tom.preston-werner.com", location: "San Francisco",
                bio: "Cofounder of GitHub.\nCreator of Jekyll.", email: nil, followers: 23000, following: 11,
                publicRepositories: 2, createdAt: "2007-10-20T05:24:19Z", webURL: "https://github.com/mojombo"))
        }
    }

    @Test("the /users pages carry type and site_admin (users_per_page_10 has two site admins)")
    func listFields() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("github").path, "--style", "github"])
        defer { server.stop() }
        let source = GitHubDataSource(baseURL: server.baseURL, timeout: 10)
        let page = try await source.userPage(after: nil)
        let accounts = page.list.records.compactMap { user -> GitHubAccount? in
            if case let .github(account) = user.profile { account } else { nil }
        }
        #expect(accounts.count == 100)
        #expect(accounts.first { $0.login == "engineyard" }?.type == "Organization")
        #expect(accounts.first?.siteAdmin == nil, "the 2013 recording has no site_admin")
        #expect(accounts.first?.name == nil, "/users sends no name; the User falls back to the login")
        #expect(page.list.records.first?.name == "mojombo")
        let small = try JSONDecoder().decode([SiteAdminProbe].self, from: Data(contentsOf: SharedData.data("github/users_per_page_10.json")))
        let admins = small.filter(\.site_admin).map(\.login)
        #expect(admins.count == 2, "the recording's own count, to compare with what the source decodes below")
        let decoded = try JSONDecoding.decodeRecords(
            GitHubUser.self, from: Data(contentsOf: SharedData.data("github/users_per_page_10.json")), location: "t", root: "users")
        #expect(decoded.records.filter { $0.account.siteAdmin == true }.map(\.login) == admins)
        #expect(decoded.records.filter { $0.account.siteAdmin == false }.count == 8)
    }

    @Test("a user's repositories and one repository decode into GitHubRepositoryDetails")
    func repositories() async throws {
        try await withSource { source, _ in
            let repos = try await source.posts(userID: "mojombo")
            #expect(repos.map(\.title) == ["30daysoflaptops.github.io", "grit"])
            #expect(repos.allSatisfy { $0.userId == "mojombo" })
            #expect(repos[0].body == "No description.")
            #expect(repos[1].body.hasPrefix("**Grit is no longer maintained."))
            guard case let .github(grit) = repos[1].details else { Issue.record("got \(repos[1].details)"); return }
            #expect(grit == GitHubRepositoryDetails(
                fullName: "mojombo/grit", description: repos[1].body, topics: ["git", "ruby"], language: "Ruby",
                license: .init(spdxID: "MIT", name: "MIT License"), defaultBranch: "master", stars: 1950, forks: 531,
                openIssues: 0, createdAt: "2007-10-29T14:37:16Z", pushedAt: "2023-10-29T20:51:52Z",
                updatedAt: "2024-05-01T12:00:00Z", homepage: "http://grit.rubyforge.org/",
                webURL: "https://github.com/mojombo/grit", isFork: false, isArchived: true))
            guard case let .github(fork) = repos[0].details else { Issue.record("got \(repos[0].details)"); return }
            #expect(fork.isFork && !fork.isArchived && fork.license == nil && fork.description == nil)
            let one = try await source.post(id: "mojombo/grit")
            #expect(one == repos[1])
            #expect(try await source.comments(postID: one.id).isEmpty)
        }
    }

    @Test("repositories in GitHub's older schema: watchers, watchers_count, forks and open_issues give the counts")
    func olderCountNames() async throws {
        try await withSource { source, server in
            let old = """
                [{"name": "twitter", "full_name": "sferik/twitter", "owner": {"login": "sferik"},
                  "watchers": 13, "forks": 2, "open_issues": 16},
                 {"name": "t", "full_name": "sferik/t", "owner": {"login": "sferik"},
                  "watchers_count": 5, "watchers": 4, "forks": 1, "open_issues": 0}]
                """
            try await server.inject(Fault(path: "/users/sferik/repos", times: 1, status: 200, body: old))
            let repos = try await source.postList(userID: "sferik").records
            let details = repos.compactMap { post -> GitHubRepositoryDetails? in
                if case let .github(details) = post.details { details } else { nil }
            }
            #expect(details.map(\.stars) == [13, 5], "watchers_count before watchers")
            #expect(details.map(\.forks) == [2, 1])
            #expect(details.map(\.openIssues) == [16, 0])
        }
    }

    @Test("a failed later page of repositories keeps the pages read and names the page and its status (a 404 there blames no user)",
          arguments: [500, 404])
    func failedRepositoryPage(status: Int) async throws {
        try await withSource { source, server in
            let next = "<\(server.baseURL.absoluteString)/users/mojombo/repos?per_page=100&page=2>; rel=\"next\""
            try await server.inject(Fault(path: "/users/mojombo/repos", times: 1, headers: ["Link": next]),
                                    Fault(path: "/users/mojombo/repos", status: status, body: "boom"))
            let list = try await source.postList(userID: "mojombo")
            #expect(list.records.map(\.title) == ["30daysoflaptops.github.io", "grit"])
            #expect(list.issues.count == 1)
            let issue = try #require(list.issues.first)
            #expect(issue.path == "page 2 of mojombo's repositories")
            #expect(issue.reason.hasPrefix("HTTP \(status) from \(server.baseURL.absoluteString)/users/mojombo/repos?page=2&per_page=100")
                    || issue.reason.hasPrefix("HTTP \(status) from \(server.baseURL.absoluteString)/users/mojombo/repos?per_page=100&page=2"),
                    "\(issue.reason)")
            #expect(!issue.reason.contains("No user"), "\(issue.reason)")
            #expect(issue.effect == .partial)
            // The first page failing is the user screen's error, as before.
            try await server.reset()
            try await server.inject(Fault(path: "/users/mojombo/repos", status: 500))
            await #expect(throws: DataError.self) {
                try await FetchContext.reloading(true) { () async throws(DataError) in try await source.postList(userID: "mojombo") }
            }
        }
    }

    @Test("a user's repositories stop at 10 pages, and the list says so")
    func repositoryPageCap() async throws {
        try await withSource { source, server in
            let next = "<\(server.baseURL.absoluteString)/users/mojombo/repos?per_page=100&page=2>; rel=\"next\""
            try await server.inject(Fault(path: "/users/mojombo/repos", headers: ["Link": next]))
            let list = try await source.postList(userID: "mojombo")
            let requests = try await server.requests().filter { $0.path.hasPrefix("/users/mojombo/repos") }
            // The next link is the same URL from page 2 on, answered from the run's cache: the cap
            // still counts pages, not requests.
            #expect(requests.count == 2)
            #expect(list.records.count == 20)
            #expect(list.issues.map(\.path) == ["repositories of mojombo after page 10"])
            #expect(list.issues.first?.reason == "Bulletin reads at most 10 pages (1000 repositories)")
        }
    }

    @Test("the Users list's pages stop at maxPages (3) even when GitHub links a fourth; the list says where it stopped")
    func userPagesStopAtMax() async throws {
        try await withSource { source, server in
            // Every /users answer links a next page, so only the cap can stop the paging.
            let next = "<\(server.baseURL.absoluteString)/users?since=999>; rel=\"next\""
            try await server.inject(Fault(path: "/users", headers: ["Link": next]))
            var cursor: PageCursor?
            var pages = 0
            var issues: [RecordIssue] = []
            repeat {
                let page = try await source.userPage(after: cursor)
                pages += 1
                issues += page.list.issues
                cursor = page.next
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(try await server.requests().filter { $0.path.hasPrefix("/users") }.count == 2,
                    "page 1, then since=999 (pages 2 and 3 share the URL: the second is the run's cache)")
            #expect(issues.map(\.path) == ["users after page 3"])
            #expect(issues.first?.effect == .partial)
            let list = try await GitHubDataSource(baseURL: server.baseURL, maxPages: 2, timeout: 10).userList()
            #expect(list.issues.map(\.path) == ["users after page 2"])
        }
    }

    @Test("a 304 on reload keeps the same list, costs no rate limit, and the request carried If-None-Match")
    func notModified() async throws {
        let log = RequestLog()
        let server = try LoopbackServer.startGitHub()
        defer { server.stop() }
        let source = GitHubDataSource(baseURL: server.baseURL, maxPages: 1, timeout: 10, log: log)
        let first = try await source.users()
        let again = try await FetchContext.reloading(true) { () async throws(DataError) in try await source.users() }
        #expect(again == first)
        let requests = try await server.requests().filter { $0.path == "/users?per_page=100" }
        #expect(requests.count == 2)
        #expect(requests[0].header("If-None-Match") == nil)
        #expect(requests[1].header("If-None-Match") == #""324912429a6c8d7f41cb480e07da772a""#)
        let statuses = log.snapshot.requests.filter { $0.path == "/users?per_page=100" }.map(\.status)
        #expect(statuses == [.http(200), .http(304)])
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

    @Test("Link headers: rel=next is found among others; none when absent")
    func nextLink() {
        let header = #"<https://api.github.com/users?since=135>; rel="next", <https://api.github.com/users{?since}>; rel="first""#
        #expect(GitHubDataSource.nextLink(header)?.absoluteString == "https://api.github.com/users?since=135")
        #expect(GitHubDataSource.nextLink(#"<https://x/a?page=1>; rel="prev""#) == nil)
        #expect(GitHubDataSource.nextLink(nil) == nil)
    }
}

/// The two members of `/users` items the site-admin check compares.
private struct SiteAdminProbe: Decodable {
    var login: String
    var site_admin: Bool
}
