import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// `v` on GitHub and DummyJSON: the record fetched again and shown as the API sent it
/// (loopback servers in each API's shape over `../shared/data` and the fixtures).
@Suite("Raw records from GitHub and DummyJSON", .serialized,
       SharedData.needed)
struct RawRecordNetworkSourcesTests {
    static let githubFixtures = SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/github")

    @Test("GitHub: a user is GET /users/{login}, a repository GET /repos/{owner}/{name}, as GitHub sent them")
    func github() async throws {
        let server = try LoopbackServer.start(arguments: [
            "--dir", SharedData.data("github").path, "--style", "github", "--fixtures", Self.githubFixtures.path,
        ])
        defer { server.stop() }
        let source = GitHubDataSource(baseURL: server.baseURL, timeout: 10)
        let user = try #require(try await source.rawRecord(.user, id: "dependabot[bot]"))
        #expect(user.hasPrefix("{\n  \"login\": \"dependabot[bot]\""), "\(user.prefix(80))")
        #expect(user.contains("\"type\": \"Bot\""))
        let repository = try #require(try await source.rawRecord(.post, id: "dependabot[bot]/fetch-metadata"))
        #expect(repository.contains("\"full_name\": \"dependabot[bot]/fetch-metadata\""), "\(repository.prefix(200))")
        #expect(try await source.rawRecord(.comment, id: 1) == nil, "repositories have no comments here")
        let paths = try await server.requests().map(\.path)
        #expect(paths.contains("/users/dependabot%5Bbot%5D"), "\(paths)")
    }

    @Test("DummyJSON: GET /users/{id}, pretty-printed with DummyJSON's own members")
    func dummyJSON() async throws {
        let server = try LoopbackServer.startDummyJSONWithComments()
        defer { server.stop() }
        let source = DummyJSONDataSource(baseURL: server.baseURL, timeout: 10)
        let user = try #require(try await source.rawRecord(.user, id: 1))
        #expect(user.contains("\"firstName\": "), "\(user.prefix(120))")
        #expect(user.contains("\"age\": "))
        await #expect(throws: DataError.self) { try await source.rawRecord(.user, id: 99_999) }
    }
}
