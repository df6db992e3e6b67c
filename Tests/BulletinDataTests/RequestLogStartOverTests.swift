@testable import BulletinData
import Foundation
import Testing

/// Issue 16, item 6: after a source switch the shared log keeps only what happened since the
/// new source became active, so the Admin panel describes it alone.
@Suite("Request log: starting over for a new source")
struct RequestLogStartOverTests {
    func request(_ path: String, at seconds: Double) -> RequestRecord {
        RequestRecord(date: Date(timeIntervalSince1970: seconds), method: "GET", path: path, status: .http(200), milliseconds: 5)
    }

    @Test("requests and errors before the switch go, the last load too; notes and the rate limit go; later ones stay")
    func startOver() {
        let log = RequestLog()
        log.record(request("/old", at: 10))
        log.record(.transport(url: "http://old/users", reason: "connection lost"), at: Date(timeIntervalSince1970: 11))
        log.record(note: "The server ignores GET /posts?userId=")
        log.record(RateLimitStatus(remaining: 5, limit: 60, resetAt: nil))
        log.record(request("/new/users", at: 20))
        log.startOver(since: Date(timeIntervalSince1970: 15))
        let after = log.snapshot
        #expect(after.requests.map(\.path) == ["/new/users"])
        #expect(after.errors.isEmpty)
        #expect(after.lastLoad?.path == "/new/users")
        #expect(after.notes.isEmpty && after.rateLimit == nil)
        log.startOver(since: Date(timeIntervalSince1970: 30))
        #expect(log.snapshot.lastLoad == nil, "a last load older than the switch is not the new source's")
    }
}
