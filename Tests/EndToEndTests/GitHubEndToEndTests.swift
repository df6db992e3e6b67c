import BulletinTestSupport
import Foundation
import Testing

/// GitHub in its own words, in the real binary: the Users list's columns, a Bot's screen, its
/// repositories, a repository's screen, and Back. The loopback server replays the recorded
/// `/users` pages and, as the page after them, `Tests/Fixtures/github/users_tail.json` (a Bot
/// and an Organization), with the user and repository fixtures beside it.
@Suite("End to end: GitHub in tmux", .serialized,
       SharedData.needed)
struct GitHubEndToEndTests {
    static let fixtures = SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/github")

    @Test("--github-url: Users (login, type, site admin) → a Bot → its repositories → a repository → Back")
    func botWalk() async throws {
        let server = try LoopbackServer.startGitHub()
        defer { server.stop() }
        let tail = try String(contentsOf: Self.fixtures.appendingPathComponent("users_tail.json"), encoding: .utf8)
        // The two recorded pages pass through; the third /users request (since=237) gets the tail page.
        try await server.inject(Fault(path: "/users", times: 2), Fault(path: "/users", times: 1, body: tail))
        let session = try await TmuxSession.bulletin(["--github-url", server.baseURL.absoluteString])
        defer { session.close() }
        let users = try await session.press("Enter", until: "Login", "Type", "Site admin", "mojombo", "100 users so far")
        #expect(!users.contains("Username"), "GitHub's columns, not the login three times")
        try await session.press("End", until: "202 users")  // one End loads every page (issue 24)
        session.type("/dependabot")
        try await session.waitForAll(["/dependabot", "1 of 202", "Bot"])
        session.send("Enter")
        session.send("Enter")
        let bot = try await session.waitForAll([
            "Home › Users › dependabot[bot]", "users/dependabot[bot]", "Login:", "Type:", "Bot", "Public repositories: 1",
            "Created:", "2019-04-16", "Web URL:", "https://github.com/apps/dependabot",
            "fetch-metadata", "TypeScript", "180", "2024-06-03",
        ])
        #expect(!bot.contains("Catch"), "no JSONPlaceholder company line")
        session.send("Enter")
        try await session.waitForAll([
            "fetch-metadata", "Full name:      dependabot[bot]/fetch-metadata", "Topics:         dependabot, github-actions",
            "Language:       TypeScript", "Licence:        MIT License (MIT)", "Default branch: main", "Stars:          180", "Forks:          57",
            "Open issues:    12", "Pushed:         2024-06-02", "Web URL:        https://github.com/dependabot/fetch-metadata",
            "Extract information about the dependencies",
        ])
        try await session.press("Escape", until: "Home › Users › dependabot[bot]", "Public repositories: 1", "fetch-metadata")
        try await session.quit()
        let paths = try await server.requests().map(\.path)
        #expect(paths.contains("/users/dependabot%5Bbot%5D/repos?per_page=100"))
        #expect(paths.contains("/repos/dependabot%5Bbot%5D/fetch-metadata"))
        #expect(!paths.contains { $0.hasPrefix("/users/mojombo") }, "no request per user")
    }
}
