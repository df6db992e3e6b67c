@testable import BulletinData
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BulletinTestSupport
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

    @Test("a server that never answers times out with timedOut naming the URL")
    func timesOut() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let url = listener.baseURL.appendingPathComponent("users")
        let started = Date()
        await #expect(throws: DataError.timedOut(url: url.absoluteString)) {
            let _: [User] = try await HTTPClient(timeout: 1).fetch(url)
        }
        #expect(Date().timeIntervalSince(started) < 25, "the 1 s timeout fires; 25 s leaves room for a loaded machine")
    }

    @Test("cancelling the task gives cancelled")
    func cancels() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let url = listener.baseURL.appendingPathComponent("users")
        let task = Task { () async throws(DataError) -> Data in try await HTTPClient(timeout: 30).data(from: url) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        #expect(throws: DataError.cancelled) { try result.get() }
    }
}
