@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// A waiting request costs no CPU, and requests (reloads, cancellations) leave no connection behind,
/// measured from `/proc` (see ``ProcStat``).
@Suite(.serialized)
struct HTTPQuietTests {
    /// The transport thread's name as `/proc/self/task/TID/comm` shows it (15 bytes at most).
    /// A transport of this suite's own: the shared one also carries the requests of the suites
    /// running beside this one, which would count against the measured thread.
    static let ownTransport = CurlTransport(threadName: "bulletin-cquiet")
    static let transportThread = ownTransport.name

    @Test("while a request waits 5 s on a silent listener, the transport thread uses at most 5 ticks (50 ms)")
    func silentCostsNoCPU() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let url = listener.baseURL.appendingPathComponent("users")
        var client = HTTPClient(timeout: 30, retry: .none)
        client.transport = Self.ownTransport
        let waiting = Task { [client] () async throws(DataError) -> Data in try await client.data(from: url) }
        defer { waiting.cancel() }
        try await Task.sleep(for: .milliseconds(300))  // let the request connect and settle into waiting
        let before = try #require(ProcStat.threadTicks(namePrefix: Self.transportThread),
                                  "the transport thread is named; threads: \(ProcStat.threadNames())")
        let processBefore = try #require(ProcStat.cpuTicks())
        try await Task.sleep(for: .seconds(5))  // the measured window
        let after = try #require(ProcStat.threadTicks(namePrefix: Self.transportThread))
        let processAfter = try #require(ProcStat.cpuTicks())
        #expect(after - before <= 5, "transport thread: \(after - before) ticks in 5 s; whole test process: \(processAfter - processBefore)")
        waiting.cancel()
        let result = await waiting.result
        #expect(throws: DataError.cancelled) { try result.get() }
    }

    @Test("50 reloads of one URL and 10 cancelled requests leave no socket behind: connections are reused or closed")
    func noSocketLeaks() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", HTTPClientFaultTests.db.path])
        defer { server.stop() }
        let client = HTTPClient(timeout: 5, retry: .none)
        let url = server.baseURL.appendingPathComponent("users")
        var counts: [Int] = []
        for _ in 0..<50 {
            _ = try await FetchContext.reloading(true) { () async throws(DataError) in try await client.data(from: url) }
            counts.append(ProcStat.openConnections(toPort: server.port))
        }
        #expect(counts.max() ?? 0 <= 1, "one kept-alive connection reused by every reload: \(counts)")
        #expect(try await server.requests().count == 50)

        let listener = try SilentListener()
        defer { listener.close() }
        for _ in 0..<10 {
            let task = Task { () async throws(DataError) -> Data in
                try await HTTPClient(timeout: 30).data(from: listener.baseURL.appendingPathComponent("users"))
            }
            try await waitUntil { ProcStat.openConnections(toPort: listener.port) == 1 }
            task.cancel()
            let result = await task.result
            #expect(throws: DataError.cancelled) { try result.get() }
            try await waitUntil { ProcStat.openConnections(toPort: listener.port) == 0 }
        }
        #expect(ProcStat.openConnections(toPort: listener.port) == 0, "a cancelled request frees its connection at once")
    }

    /// Polls `condition` every 20 ms for up to 120 s; fails the test when it never holds.
    private func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("condition never held within 120 s", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
