@testable import BulletinData
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

struct HTTPClientTests {
    private let url = URL(string: "http://127.0.0.1:1/users")!

    @Test("URL errors map to transport with readable reasons, timedOut and cancelled")
    func mapsURLErrors() {
        #expect(HTTPClient.dataError(for: URLError(.cannotConnectToHost), url: url)
            == .transport(url: url.absoluteString, reason: "connection refused"))
        #expect(HTTPClient.dataError(for: URLError(.cannotFindHost), url: url)
            == .transport(url: url.absoluteString, reason: "host not found"))
        #expect(HTTPClient.dataError(for: URLError(.timedOut), url: url) == .timedOut(url: url.absoluteString))
        #expect(HTTPClient.dataError(for: URLError(.cancelled), url: url) == .cancelled)
        #expect(HTTPClient.dataError(for: CancellationError(), url: url) == .cancelled)
    }

    @Test("a body excerpt is at most 200 characters on one line")
    func excerpt() {
        #expect(HTTPClient.excerpt(of: Data("<html>\n  <body>Bad\tgateway</body>\n</html>".utf8))
            == "<html> <body>Bad gateway</body> </html>")
        #expect(HTTPClient.excerpt(of: Data(String(repeating: "é", count: 500).utf8)).count == 200)
        #expect(HTTPClient.excerpt(of: Data()).isEmpty)
    }

    @Test("the default timeout is 15 seconds and can be changed")
    func timeouts() {
        #expect(HTTPClient().timeout == 15)
        #expect(HTTPClient(timeout: 2).timeout == 2)
    }
}
