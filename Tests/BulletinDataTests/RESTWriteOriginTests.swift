@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Writes redirected with 307 or 308 to another origin (issue 22, item 3): refused as 301 and
/// 302 are, nothing sent there. The other origin is a second loopback server on 127.0.0.2,
/// whose request log and store show that nothing arrived.
@Suite("REST writes redirected to another origin with 307/308 are refused (issue 22)")
struct RESTWriteOriginTests {
    typealias Journey = RESTWriteJourneyTests

    @Test("PATCH, POST and DELETE answered 307/308 to 127.0.0.2: refused naming the URL; the other server logs nothing, both stores unchanged",
          arguments: [307, 308])
    func refused(status: Int) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-origin-\(UUID().uuidString).json")
        try Data(Journey.db.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let other = try LoopbackServer.start(arguments: ["--db", file.path, "--host", "127.0.0.2"])
        defer { other.stop() }
        #expect(other.baseURL.host == "127.0.0.2")
        let server = try LoopbackServer.start(arguments: ["--db", file.path, "--behave", "redirect-writes-elsewhere-\(status)",
                                                          "--redirect-base", other.baseURL.absoluteString])
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10)
        let writer = RESTDataWriter(source: source)
        let before = try await Journey.store(server)
        let otherBefore = try await Journey.store(other)
        let post = try await source.post(id: 1)
        var edited = post
        edited.title = "sent elsewhere?"
        let item = server.baseURL.absoluteString + "/posts/1"
        await #expect(throws: DataError.redirectRefused(url: item, status: status, method: "PATCH")) {
            _ = try await writer.update(.post(edited), original: .post(post))
        }
        await #expect(throws: DataError.redirectRefused(url: server.baseURL.absoluteString + "/posts", status: status, method: "POST")) {
            _ = try await writer.create(.post(Post(userId: 1, id: 0, title: "new", body: "b")))
        }
        await #expect(throws: DataError.redirectRefused(url: item, status: status, method: "DELETE")) {
            _ = try await writer.delete(.post, id: 1, original: .post(post), overwriteIfChanged: false)
        }
        #expect(try await other.requests().isEmpty, "nothing reached 127.0.0.2")
        #expect(try await Journey.store(other) == otherBefore)
        #expect(try await Journey.store(server) == before)
        #expect(try await server.requests().filter { $0.method != "GET" }.map(\.method) == ["PATCH", "POST", "DELETE"])
    }
}
