import BulletinData
import Foundation
import Testing

@testable import BulletinFeatures

/// `--github-url http://…` with `GITHUB_TOKEN` set: the Admin panel's Auth line says, once, that the
/// token is not sent over plain HTTP (built without any request: nothing here contacts the host).
@MainActor
@Suite("Token notice in the Admin panel")
struct TokenNoticeTests {
    private func authLine(_ url: String, token: String?) throws -> String? {
        let source = try SourceFactory(githubToken: token).make(.github(url)).source
        return AdminPanelViewModel(source: source).sourceFields.first { $0.label == "Auth" }?.value
    }

    @Test("plain http to another host: not sent, and the panel says so; https and loopback: in use; no token: none")
    func notice() throws {
        #expect(try authLine("http://example.internal", token: "ghp_s3cret") == GitHubDataSource.plainHTTPNotice)
        #expect(GitHubDataSource.plainHTTPNotice.contains("not sent over plain HTTP"))
        #expect(try authLine("https://ghe.example.internal/api/v3", token: "ghp_s3cret") == "token in use (GITHUB_TOKEN)")
        #expect(try authLine("http://127.0.0.1:9/api/v3", token: "ghp_s3cret") == "token in use (GITHUB_TOKEN)")
        #expect(try authLine("http://example.internal", token: nil) == "none (60 requests an hour)")
        let fields = try SourceFactory(githubToken: "ghp_s3cret").make(.github("http://example.internal")).source
        let shown = AdminPanelViewModel(source: fields).sourceFields.map(\.value).joined(separator: " ")
        #expect(!shown.contains("ghp_"))
        #expect(shown.components(separatedBy: "plain HTTP").count == 2, "said once: \(shown)")
    }
}
