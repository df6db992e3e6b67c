import BulletinTestSupport
import Foundation
import Testing

/// Many loads started and abandoned in quick succession over a real loopback API.
///
/// Regression test for a crash and a hang found by hand when requests went through
/// FoundationNetworking (a `URLSessionTask` cancelled while it completed could trap or
/// deadlock). Requests now go through libcurl and are cancelled for real (``CurlTransport``
/// takes the easy handle off at once), so pressing `r` and Enter/Esc as fast as a person can
/// must still leave the app responsive and exiting cleanly.
@Suite("End to end: loads abandoned in quick succession", .serialized)
struct NetworkStressEndToEndTests {
    @Test("60 reloads, then 30 open-and-back pairs, against --api: no crash, no hang, q exits 0",
          SharedData.needed)
    func reloadAndBackStorm() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        let session = try TmuxSession(command: [BulletinBinary.path, "--api", server.baseURL.absoluteString])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try await session.waitFor("Leanne Graham")
        session.send("Enter")
        try await session.waitFor("Posts (10)")
        for _ in 0..<60 { session.send("r") }
        for _ in 0..<30 { session.send("Enter", "Escape") }
        // Whatever screen the storm ended on, the app still answers: go Home, open Users again.
        session.type(":home")
        session.send("Enter")
        try await session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try await session.waitFor("Leanne Graham")
        session.send("q")
        #expect(try await session.waitForExit() == 0, "stderr: \(session.standardError)")
        #expect(session.sttyAfter == session.sttyBefore)
    }
}
