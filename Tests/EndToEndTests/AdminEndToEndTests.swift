import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The Admin panel in the real binary (tmux, 100x30): the request log over `--api`, switching
/// to a typed file path, `--read-only`, and exporting a db.json.
@Suite("End to end: the Admin panel in tmux", .serialized)
struct AdminEndToEndTests {
    static let embeddedFile = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")

    /// A directory of its own, removed by the caller.
    func temporaryDirectory() throws -> URL {
        let url = try TmuxSession.scratchDirectory("bulletin-admin-e2e")
        return url
    }

    /// From Home (where ``TmuxSession/bulletin(_:open:width:height:environment:showing:)`` leaves
    /// the app) to the Admin panel (Down to the fourth entry, Enter), waiting for its first section.
    /// - Parameter downs: Rows from Users to Admin panel on Home: 3, or 2 where the source has no
    ///   Posts entry (GitHub, TheMealDB).
    func openPanel(_ session: TmuxSession, downs: Int = 3) async throws {
        for _ in 0..<downs { session.send("Down") }
        try await session.press("Enter", until: "Data source")
    }

    @Test("--api: the panel lists the requests it made; typing a db.json path switches to it and lands on its Users")
    func requestsThenSwitch() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.embeddedFile.path])
        defer { server.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("switched.json")
        try Data(#"{"users": [{"id": 1, "name": "Switched Person", "username": "sp", "email": "sp@example.com"}], "posts": []}"#.utf8)
            .write(to: file)
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString])
        defer { session.close() }
        try await openPanel(session)
        try await session.waitFor("Users:     10")
        // The counts: users, posts and comments, and the albums, photos and todos the server may have.
        for path in ["/users", "/posts", "/comments", "/albums", "/photos", "/todos"] { try await session.waitFor("ms  \(path)") }
        // Lists of a round size may be pages (issue 22): page 2 of a list is asked at most once,
        // for as many lists as answer before one probe shows the server answers whole (the counts
        // run at once), and a probe may still be on its way: wait until the panel counts what the
        // server got. Every request the server got is listed.
        let collections = ["/users", "/posts", "/comments", "/albums", "/photos", "/todos"]
        var paths = try await server.requests().map(\.path)
        let deadline = ContinuousClock.now + .seconds(10)
        while !session.capture().contains("Requests (\(paths.count), newest first)"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            paths = try await server.requests().map(\.path)
        }
        let made = paths.count
        let probes = paths.filter { $0.contains("_page=2") }
        #expect(Set(paths.filter { !$0.contains("_page=") }) == Set(collections) && made == 6 + probes.count, "\(paths)")
        #expect(Set(probes).count == probes.count && probes.allSatisfy { probe in collections.contains { probe.hasPrefix($0 + "?") } },
                "\(paths)")
        var screen = try await session.appears(all: ["Requests (\(made), newest first)",
                                                     "REST API (JSONPlaceholder-compatible)",
                                                     "Location:  \(server.baseURL.absoluteString)", "GET    200"])
        try await session.press("s", until: "Switch to:")
        session.type(directory.appendingPathComponent("missing.json").path)
        try await session.press("Enter", until: "✗ No such file: \(directory.path)/missing.json")
        session.send("C-u")
        session.type(file.path)
        screen = try await session.press("Enter", until: "Switched Person", "Home › Users")
        #expect(!screen.contains("Admin panel"))
        session.send("Escape")
        screen = try await session.appears(all: ["Welcome to Bulletin", file.path])  // Home names the new source
        try await session.quit()
    }

    @Test("--read-only: the panel says writes are off and why")
    func readOnly() async throws {
        let session = try await TmuxSession.bulletin(["--read-only"])
        defer { session.close() }
        try await openPanel(session)
        try await session.waitFor("Writes:    off: started with --read-only")
        try await session.quit()
    }

    @Test("e exports the data as a db.json that parses; exporting again asks before overwriting")
    func exportDB() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.json").path
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await openPanel(session)
        try await session.waitFor("Comments:  500")
        try await session.press("e", until: "Export db.json to:")
        session.type(path)
        try await session.press("Enter", until: "Exported 10 users, 100 posts, 500 comments to \(path)")
        let exported = try JSONDecoder().decode(DataSet.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(exported.users.count == 10 && exported.posts.count == 100 && exported.comments.count == 500)
        try await session.press("e", until: "Export db.json to:")
        session.type(path)
        try await session.press("Enter", until: "Overwrite?")
        session.send("Escape")
        try await session.waitForAbsence(of: "Overwrite?")
        session.send("Escape")
        try await session.waitForAbsence(of: "Export db.json to:")
        try await session.quit()
    }

    @Test("--github-url: the panel shows the rate-limit budget and reset time from X-RateLimit-* and that GitHub is read-only",
          SharedData.needed)
    func githubRateLimit() async throws {
        let server = try LoopbackServer.startGitHub()
        defer { server.stop() }
        let reset = Date().addingTimeInterval(1800)
        try await server.inject(Fault(path: "*", headers: [
            "X-RateLimit-Remaining": "4321", "X-RateLimit-Limit": "5000",
            "X-RateLimit-Reset": String(Int(reset.timeIntervalSince1970)),
        ]))
        let session = try await TmuxSession.bulletin(["--github-url", server.baseURL.absoluteString])
        defer { session.close() }
        try await openPanel(session, downs: 2)
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: reset)
        let clock = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        // Writes are off, and why; the budget and the auth line: all on one capture.
        try await session.appears(all: ["Budget:       4321 of 5000 requests left, resets at \(clock)", "Writes:       off: ",
                                        "read-only", "Auth:         none (60 requests an hour)"])
        try await session.quit()
    }
}
