import BulletinTestSupport
import Foundation
import Testing

/// less's and vi's movement on lists in the real binary (issue 24, item 3): `G` on a paged
/// DummyJSON list loads every page and selects the last user; `g` goes back to the first, `h`
/// goes back a screen.
@Suite("End to end: list movement in tmux", .serialized)
struct ListMovementEndToEndTests {
    @Test("G on a paged DummyJSON list loads to the end (208 users, the last selected); g goes to the first; h back",
          SharedData.needed)
    func endOfPagedList() async throws {
        let server = try LoopbackServer.startDummyJSON()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--dummyjson", server.baseURL.absoluteString], environment: ["NO_COLOR": "1"])
        defer { session.close() }
        try await session.press("Enter", until: "100 users so far")
        let last = try FindEndToEndTests.dummyJSONName(208)
        session.type("G")
        var screen = try await session.appears(all: ["208 users", last])
        #expect(!screen.contains("so far") && !screen.contains("Loading"), "\(screen)")
        let selected = session.captureWithAttributes().first { $0.contains(last) } ?? ""
        #expect(selected.hasPrefix("\u{1B}[7m") || selected.contains("\u{1B}[0;7m"), "the last user's row is the selected one (reverse video): \(selected)")
        session.type("g")
        let first = try FindEndToEndTests.dummyJSONName(1)
        screen = try await session.appears(first)
        #expect(!screen.contains(last), "back at the top")
        try await session.press("h", until: TmuxSession.home)
        try await session.quit()
    }
}
