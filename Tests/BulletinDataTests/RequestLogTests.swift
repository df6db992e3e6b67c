@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The request log the Admin panel reads: bounded, thread-safe, fed by HTTPClient and file reads.
@Suite("Request log")
struct RequestLogTests {
    static let db = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")

    func request(_ path: String, status: RequestRecord.Status = .http(200), at seconds: Double = 0) -> RequestRecord {
        RequestRecord(date: Date(timeIntervalSince1970: seconds), method: "GET", path: path, status: status, milliseconds: 5)
    }

    @Test("keeps the last 50 requests, oldest dropped first")
    func bounded() {
        let log = RequestLog()
        for index in 0..<60 { log.record(request("/r\(index)")) }
        let requests = log.snapshot.requests
        #expect(requests.count == 50)
        #expect(requests.first?.path == "/r10")
        #expect(requests.last?.path == "/r59")
    }

    @Test("records from many tasks at once stay bounded and lose nothing recent")
    func concurrent() async {
        let log = RequestLog()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<200 {
                        log.record(RequestRecord(date: Date(), method: "GET", path: "/t\(task)/\(index)", status: .http(200), milliseconds: 1))
                        log.record(DataError.timedOut(url: "u\(index)"))
                    }
                }
            }
        }
        let snapshot = log.snapshot
        #expect(snapshot.requests.count == 50)
        #expect(snapshot.errors.count == RequestLog.errorCapacity)
        #expect(Set(snapshot.requests.map(\.path)).count == 50, "no entry written twice or torn")
    }

    @Test("the last load is the latest successful request; failures and cancellations are not loads")
    func lastLoad() {
        let log = RequestLog()
        log.record(request("/users", at: 1))
        log.record(request("/posts", status: .http(500), at: 2))
        log.record(request("/comments", status: .failed, at: 3))
        #expect(log.snapshot.lastLoad?.path == "/users")
        log.record(DataError.cancelled)
        #expect(log.snapshot.errors.isEmpty)
        log.record(DataError.timedOut(url: "http://x/users"))
        #expect(log.snapshot.errors.map(\.error) == [.timedOut(url: "http://x/users")])
    }

    @Test("observers hear every change until they stop")
    func observers() {
        let log = RequestLog()
        let counter = Counter()
        let token = log.observe { counter.add() }
        log.record(request("/a"))
        log.record(.timedOut(url: "x"))
        log.stopObserving(token)
        log.record(request("/b"))
        #expect(counter.value == 2)
    }

    @Test("rate limit: X-RateLimit-Remaining, -Limit and -Reset (epoch seconds) are read; partial headers are not")
    func rateLimitParsing() {
        let headers = ["x-ratelimit-remaining": "57", "x-ratelimit-limit": "60", "x-ratelimit-reset": "1700000000"]
        let parsed = RateLimitStatus.parse { headers[$0.lowercased()] }
        #expect(parsed == RateLimitStatus(remaining: 57, limit: 60, resetAt: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(RateLimitStatus.parse { ["x-ratelimit-remaining": "5"][$0.lowercased()] } == nil)
        #expect(RateLimitStatus.parse { ["x-ratelimit-remaining": "a", "x-ratelimit-limit": "60"][$0.lowercased()] } == nil)
        let noReset = RateLimitStatus.parse { ["x-ratelimit-remaining": "0", "x-ratelimit-limit": "5000"][$0.lowercased()] }
        #expect(noReset == RateLimitStatus(remaining: 0, limit: 5000, resetAt: nil))
    }

    @Test("HTTPClient logs method, path with query, status and duration, the failure, and the rate-limit budget")
    func httpClient() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.db.path])
        defer { server.stop() }
        try await server.inject(Fault(path: "/users", headers: ["X-RateLimit-Remaining": "4999", "X-RateLimit-Limit": "5000",
                                                                 "X-RateLimit-Reset": "1700000000"]))
        try await server.inject(Fault(path: "/comments", status: 500))
        let log = RequestLog()
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 5, log: log)
        _ = try await source.users()
        _ = try await source.posts(userID: 1)
        await #expect(throws: DataError.self) { _ = try await source.comments(postID: 1) }
        let snapshot = log.snapshot
        #expect(snapshot.requests.map(\.path).prefix(3) == ["/users", "/users?_page=2&_limit=10", "/posts?userId=1"],
                "10 users may be a page: page 2 is asked once for the run")
        #expect(snapshot.requests.map(\.method).allSatisfy { $0 == "GET" })
        #expect(snapshot.requests.first?.status == .http(200))
        #expect(snapshot.requests.last?.status == .http(500))
        #expect(snapshot.requests.allSatisfy { $0.milliseconds >= 0 && $0.milliseconds < 300_000 }, "a duration in milliseconds, not seconds or nanoseconds")
        #expect(snapshot.rateLimit == RateLimitStatus(remaining: 4999, limit: 5000, resetAt: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(snapshot.errors.count == 1)
        #expect(snapshot.errors.first?.error.description.hasPrefix("HTTP 500 from http://127.0.0.1:") == true)
        #expect(snapshot.lastLoad?.path == "/posts?userId=1")
        try await server.inject(Fault(path: "/posts", body: "<html>maintenance</html>"))
        await #expect(throws: DataError.self) { _ = try await source.posts(userID: 2) }
        #expect(log.snapshot.errors.count == 2, "a 200 answer that is not JSON is an error too")
        #expect(log.snapshot.errors.last?.error.description.contains("/posts?userId=2") == true)
    }

    @Test("a file source logs each read of its file, and a failed read as a request and an error")
    func fileReads() async throws {
        let log = RequestLog()
        _ = try await FileDataSource(path: Self.db.path, log: log).users()
        #expect(log.snapshot.requests.map(\.method) == ["READ"])
        #expect(log.snapshot.requests.first?.path == Self.db.path)
        #expect(log.snapshot.requests.first?.status == .read)
        let missing = "/nonexistent-\(UUID().uuidString).json"
        await #expect(throws: DataError.self) { _ = try await FileDataSource(path: missing, log: log).users() }
        #expect(log.snapshot.requests.last?.status == .failed)
        #expect(log.snapshot.errors.map(\.error) == [.unreadableFile(path: missing, reason: "no such file")])
        let embedded = RequestLog()
        _ = try await EmbeddedDataSource(log: embedded).users()
        #expect(embedded.snapshot.requests.map(\.path) == ["embedded.json"])
        #expect(embedded.snapshot.lastLoad?.method == "READ")
    }
}

/// A thread-safe counter for observer callbacks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
