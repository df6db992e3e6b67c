@testable import BulletinData
import Foundation
import Testing

/// The token rule (``HTTPCredential``): its own origin only, and only over https or to loopback.
struct HTTPCredentialTests {
    private func credential(_ base: String) throws -> HTTPCredential {
        let url = try #require(URL(string: base))
        return try #require(HTTPCredential(bearerToken: " s3cret\n", for: url))
    }

    private func allows(_ credential: HTTPCredential, _ url: String) -> Bool {
        credential.allows(URL(string: url)!)
    }

    @Test("https: sent to the same origin (any path, default port spelt or not), not to another scheme, host or port")
    func https() throws {
        let github = try credential("https://api.github.com")
        #expect(allows(github, "https://api.github.com/users?per_page=100"))
        #expect(allows(github, "https://API.github.com:443/users"))
        #expect(!allows(github, "http://api.github.com/users"), "another scheme")
        #expect(!allows(github, "https://uploads.github.com/users"), "another host")
        #expect(!allows(github, "https://api.github.com:8443/users"), "another port")
        #expect(github.isUsable)
    }

    @Test("loopback over plain http: 127.0.0.0/8, ::1 and localhost; only the same port")
    func loopback() throws {
        for base in ["http://127.0.0.1:8000", "http://127.0.0.2:8000", "http://127.255.1.9:8000", "http://[::1]:8000",
                     "http://localhost:8000"] {
            let local = try credential(base)
            #expect(local.isUsable, "\(base)")
            #expect(allows(local, base + "/users"), "\(base)")
            #expect(!allows(local, base.replacingOccurrences(of: ":8000", with: ":8001") + "/users"), "\(base) other port")
        }
        #expect(!allows(try credential("http://127.0.0.1:8000"), "http://127.0.0.2:8000/users"), "another loopback host")
    }

    @Test("plain http elsewhere: never sent, not even to its own origin")
    func plainHTTPRefused() throws {
        for base in ["http://example.internal", "http://10.0.0.5:3000", "http://128.0.0.1", "http://127.0.0.1.example.com"] {
            let plain = try credential(base)
            #expect(!plain.isUsable, "\(base)")
            #expect(!allows(plain, base + "/users"), "\(base)")
        }
    }

    @Test("never shown: description and interpolation hide the token; empty tokens are none")
    func hidden() throws {
        let github = try credential("https://api.github.com")
        #expect(github.description == "bearer token for https://api.github.com (hidden)")
        #expect(!"\(github)".contains("s3cret"))
        #expect(!String(reflecting: github).contains("s3cret"))
        #expect(github.header.value == "Bearer s3cret")
        #expect(HTTPCredential(bearerToken: "  \n", for: URL(string: "https://api.github.com")!) == nil)
        #expect(HTTPCredential(bearerToken: "t", for: URL(string: "file:///tmp")!) == nil)
    }

    @Test("the client puts Authorization only on requests the rule allows, whatever the hop")
    func clientHeaders() throws {
        let client = HTTPClient(credential: try credential("http://127.0.0.1:8000"))
        let own = client.makeRequest(Redirect.Hop(method: "GET", url: URL(string: "http://127.0.0.1:8000/users")!))
        #expect(own.header("Authorization") == "Bearer s3cret")
        let other = client.makeRequest(Redirect.Hop(method: "GET", url: URL(string: "http://127.0.0.2:8000/users")!))
        #expect(other.header("Authorization") == nil)
    }

    @Test("credentials never ride in the generic headers: Authorization and Cookie there are dropped")
    func noCredentialHeaders() {
        let client = HTTPClient(headers: ["authorization": "Bearer leaked", "Cookie": "s=1", "X-Extra": "kept"])
        let request = client.makeRequest(Redirect.Hop(method: "GET", url: URL(string: "https://api.github.com/users")!))
        #expect(request.header("Authorization") == nil)
        #expect(request.header("Cookie") == nil)
        #expect(request.header("X-Extra") == "kept")
    }

    @Test("GitHub with a token on plain http to another host says the token is not sent, and sends none")
    func gitHubPlainHTTP() throws {
        let plain = GitHubDataSource(baseURL: URL(string: "http://example.internal")!, token: "s3cret")
        #expect(plain.descriptor.authentication == GitHubDataSource.plainHTTPNotice)
        #expect(plain.client.credential == nil)
        let secure = GitHubDataSource(baseURL: URL(string: "https://api.github.com")!, token: "s3cret")
        #expect(secure.descriptor.authentication == "token in use (GITHUB_TOKEN)")
        #expect(secure.client.credential?.allows(URL(string: "https://api.github.com/users")!) == true)
        #expect(secure.descriptor.authentication?.contains("s3cret") == false)
        #expect(GitHubDataSource(baseURL: URL(string: "https://api.github.com")!).descriptor.authentication
            == "none (60 requests an hour)")
    }
}
