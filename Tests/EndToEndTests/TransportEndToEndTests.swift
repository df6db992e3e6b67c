import BulletinTestSupport
import Foundation
import Testing

/// The real binary over libcurl: no CPU while a request waits, and the body limit on screen.
@Suite("End to end: HTTP transport", .serialized)
struct TransportEndToEndTests {
    @Test("Bulletin waiting 5 s on a silent server uses at most 15 ticks of CPU (/proc/PID/stat), not a spinning core")
    func silentServerCostsNoCPU() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let session = try await TmuxSession.bulletin(["--api", listener.baseURL.absoluteString, "--timeout", "60"])
        defer { session.close() }
        try await session.press("Enter", until: "Loading users…")
        let pid = try #require(session.commandPID())
        let before = try #require(ProcStat.cpuTicks(pid: String(pid)))
        try await Task.sleep(nanoseconds: 5_000_000_000)  // the measured window, not a wait for a condition
        let after = try #require(ProcStat.cpuTicks(pid: String(pid)))
        // A thread spinning on the request would take ~500 ticks (FoundationNetworking did).
        // The spinner's 40 redraws in those 5 s cost 1–4 ticks in a debug build on a quiet
        // machine and up to 7 with both cores busy (10 runs beside two `yes`): 15 leaves room
        // for that and still fails at 3% of a core.
        #expect(after - before <= 15, "\(after - before) ticks in 5 s while waiting")
        let screen = session.capture()
        #expect(screen.contains("Loading users…"), "still waiting, not failed: \(screen)")
        session.send("q")
        #expect(try await session.waitForExit() == 0, "stderr: \(session.standardError)")
    }

    @Test("--max-response 1 against an endless body: the error names the URL and the limit")
    func bodyLimitOnScreen() async throws {
        let db = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")
        let server = try LoopbackServer.start(arguments: ["--db", db.path, "--behave", "endless-body"])
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString, "--max-response", "1"], width: 200)
        defer { session.close() }
        try await session.press("Enter", until: "\(server.baseURL.absoluteString)/users is larger than the limit of 1 MB",
                                "--max-response")
        session.send("q")
        #expect(try await session.waitForExit() == 0, "stderr: \(session.standardError)")
    }
}
