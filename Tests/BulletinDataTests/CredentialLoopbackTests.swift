import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The token rule against real loopback servers: a `Link: next` to another origin gets no token,
/// and the token appears in nothing Bulletin records.
@Suite(.serialized, SharedData.needed)
struct CredentialLoopbackTests {
    private func githubServer() throws -> LoopbackServer {
        try LoopbackServer.start(arguments: [
            "--dir", SharedData.data("github").path, "--style", "github", "--fixtures", GitHubDataSourceTests.fixtures.path,
        ])
    }

    @Test("GitHub pages: Link next on the same origin keeps the token; a Link next to another port gets none")
    func linkToAnotherOrigin() async throws {
        let home = try githubServer()
        defer { home.stop() }
        let elsewhere = try githubServer()
        defer { elsewhere.stop() }
        let log = RequestLog()
        let source = GitHubDataSource(baseURL: home.baseURL, token: "ghp_never_elsewhere", maxPages: 3, timeout: 10, log: log)
        try await home.inject(Fault(path: "/users", times: 1, headers: [:]),
                              Fault(path: "/users", times: 1,
                                    headers: ["Link": "<\(elsewhere.baseURL.absoluteString)/users?since=237>; rel=\"next\""]))
        let users = try await source.users()
        #expect(users.count == 200, "the third page, from the other server, is as recorded")
        let homeRequests = try await home.requests()
        #expect(homeRequests.map(\.path) == ["/users?per_page=100", "/users?since=135"])
        #expect(homeRequests.allSatisfy { $0.header("Authorization") == "Bearer ghp_never_elsewhere" })
        let otherRequests = try await elsewhere.requests()
        #expect(otherRequests.map(\.path) == ["/users?since=237"])
        #expect(otherRequests.allSatisfy { $0.header("Authorization") == nil })
        let recorded = log.snapshot
        #expect(!"\(recorded.requests) \(recorded.errors) \(source.descriptor) \(source.client)".contains("ghp_"))
    }
}
