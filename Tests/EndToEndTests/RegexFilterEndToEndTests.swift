import BulletinTestSupport
import Foundation
import Testing

/// A `~` regular-expression filter in the real binary (issue 24, item 6).
@Suite("End to end: regular-expression filters in tmux", .serialized)
struct RegexFilterEndToEndTests {
    @Test("/~^(amara|priya) narrows Users to two; an invalid pattern says why and keeps them; Esc clears; a literal ^ finds nothing")
    func regexFilter() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await session.press("Enter", until: "Margaret Okafor", "10 users")
        session.type("/~^(amara|priya)")
        var screen = try await session.appears(all: ["2 of 10", "Amara Nwosu-Bell", "Priya Raghunathan"])
        #expect(!screen.contains("Margaret Okafor"), "\(screen)")
        let marked = session.captureWithAttributes().first { $0.contains("Priya") } ?? ""
        #expect(marked.contains("mPriya"), "the match starts a new attribute run (highlighted): \(marked)")
        session.type("(")
        screen = try await session.appears("invalid regex: expected ')'")
        #expect(screen.contains("Amara Nwosu-Bell") && !screen.contains("Margaret Okafor"), "the rows stay: \(screen)")
        session.send("BSpace")
        try await session.appears("2 of 10")
        session.send("Enter")
        try await session.appears("/~^(amara|priya)  2 of 10")
        try await session.press("Escape", until: "Margaret Okafor", "10 users")
        session.type("/^amara")
        try await session.appears(all: ["no matches", "/^amara▏"])
        try await session.press("Escape", until: "Margaret Okafor")
        try await session.quit()
    }
}
