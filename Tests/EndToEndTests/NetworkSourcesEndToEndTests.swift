import BulletinTestSupport
import Foundation
import Testing

/// The DummyJSON and GitHub sources in the real binary, and a server that stops answering mid-session.
@Suite("End to end: network sources in tmux", .serialized,
       SharedData.needed)
struct NetworkSourcesEndToEndTests {
    /// Home → Users (waiting for `listed`) → first user (titled `user`, waiting for `heading`)
    /// → first post (waiting for `post`) → Back → q.
    /// - Parameter below: What the post screen shows besides the post's title: its comments'
    ///   heading, or (GitHub, no comments) its breadcrumb.
    func walk(
        _ session: TmuxSession, listed: String, user: String, heading: String, post: String, below: String = "Comments ("
    ) async throws {
        try await session.press("Enter", until: listed)
        try await session.press("Enter", until: heading, "Home › Users › \(user)")
        try await session.press("Enter", until: below, post)
        try await session.press("Escape", until: heading)
        try await session.quit()
    }

    @Test("--dummyjson: Home → Users → Emily Johnson → her post → q")
    func dummyJSON() async throws {
        let server = try LoopbackServer.startDummyJSON()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--dummyjson", server.baseURL.absoluteString])
        defer { session.close() }
        try await walk(session, listed: "Emily Johnson", user: "Emily Johnson", heading: "Posts (1)",
                       post: "The trees, therefore, must be such old")
    }

    @Test("--dummyjson: End pages through all 208 users, the 'loading more' row showing on the way")
    func dummyJSONPaging() async throws {
        let server = try LoopbackServer.startDummyJSON()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--dummyjson", server.baseURL.absoluteString])
        defer { session.close() }
        try await session.press("Enter", until: "100 users so far")
        let screen = try await session.press("End", until: "208 users")  // one End loads every page (issue 24)
        #expect(!screen.contains("so far"))
        try await session.quit()
    }

    @Test("--github-url: Home → Users → mojombo → a repository → q; the Admin panel hides the token")
    func github() async throws {
        let server = try LoopbackServer.startGitHub()
        defer { server.stop() }
        let session = try TmuxSession(
            command: [BulletinBinary.path, "--github-url", server.baseURL.absoluteString],
            environment: ["GITHUB_TOKEN": "ghp_e2esecret"])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        // GitHub's Home has no Posts entry (no list of every repository): Admin panel is third.
        session.send("Down")
        session.send("Down")
        let admin = try await session.press("Enter", until: "token in use (GITHUB_TOKEN)")
        #expect(!admin.contains("ghp_e2esecret"))
        session.send("Escape")
        try await session.waitFor("Welcome to Bulletin")  // before Up: Esc and Up sent together read as one sequence
        session.send("Up")
        session.send("Up")
        try await session.waitFor("Welcome to Bulletin")
        try await walk(session, listed: "mojombo", user: "Tom Preston-Werner", heading: "Repositories (2)",
                       post: "30daysoflaptops.github.io", below: "users/mojombo/repos/30daysoflaptops")
    }

    @Test("--github-url rate limited: the list says 'Rate limited … until HH:MM' with the budget left")
    func githubRateLimited() async throws {
        let server = try LoopbackServer.startGitHub()
        defer { server.stop() }
        let reset = Date().addingTimeInterval(1800)
        try await server.inject(Fault(path: "/users", status: 403, headers: [
            "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(Int(reset.timeIntervalSince1970)),
        ], body: #"{"message": "API rate limit exceeded"}"#))
        let session = try await TmuxSession.bulletin(["--github-url", server.baseURL.absoluteString])
        defer { session.close() }
        session.send("Enter")
        let parts = Calendar.current.dateComponents([.hour, .minute], from: reset)
        let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        try await session.appears(all: ["Rate limited by", "until \(clock) (0 requests left)"])
        try await session.quit()
    }

    @Test("a server that stops answering shows an error with retry, and r recovers; a failed r on a loaded screen keeps it")
    func serverStopsAnswering() async throws {
        let db = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")
        let server = try LoopbackServer.start(arguments: ["--db", db.path])
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString, "--timeout", "2"])
        defer { session.close() }
        try await session.press("Enter", until: "Username")
        try await server.inject(Fault(path: "*", mode: .drop))
        var screen = try await session.press("Enter", until: "Press r to retry", "Cannot reach \(server.baseURL.absoluteString)/users/")
        try await server.reset()
        screen = try await session.press("r", until: "Posts (")
        #expect(!screen.contains("Press r to retry"))
        try await server.inject(Fault(path: "*", mode: .hang))
        session.send("r")
        // A reload that fails keeps the loaded screen and says why in the status line.
        screen = try await session.waitForAll(["Not reloaded: No answer from", "Posts (10)", "Username: mokafor"])
        #expect(!screen.contains("Press r to retry"))
        try await server.reset()
        session.send("r")
        try await session.waitForAbsence(of: "Not reloaded")
        try await session.waitFor("Posts (")
        try await session.quit()
    }
}
