import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// GitHub's user and repository screens rendered into the in-memory surface at 80x24 and
/// 120x40, through the real ScreenHost (header and footer included), against the loopback
/// server serving the recordings and `Tests/Fixtures/github/`.
@MainActor
@Suite(.serialized, SharedData.needed)
struct GitHubScreenTests {
    static let fixtures = SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/github")

    /// Home → Users → mojombo (→ grit with `openRepository`), rendered at `width`x`height`.
    func frame(width: Int, height: Int, openRepository: Bool = false) async throws -> [String] {
        let server = try LoopbackServer.start(arguments: [
            "--dir", SharedData.data("github").path, "--style", "github", "--fixtures", Self.fixtures.path,
        ])
        defer { server.stop() }
        let harness = ScreenHostTests().makeHarness(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10))
        harness.press(.enter, width: width, height: height)
        await harness.settle()
        harness.press(.enter, width: width, height: height)
        await harness.settle()
        if openRepository {
            harness.press(.down, .enter, width: width, height: height)
            await harness.settle()
        }
        let lines = ScreenHostTests().trimmed(harness.frame(width: width, height: height))
        return lines
    }

    @Test("the Users list at 80x24: login, type and site admin columns")
    func usersList() async throws {
        let server = try LoopbackServer.start(arguments: [
            "--dir", SharedData.data("github").path, "--style", "github", "--fixtures", Self.fixtures.path,
        ])
        defer { server.stop() }
        let harness = ScreenHostTests().makeHarness(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10))
        harness.press(.enter, width: 80, height: 24)
        await harness.settle()
        let lines = ScreenHostTests().trimmed(harness.frame(width: 80, height: 24))
        #expect(lines[1] == "Login                                             Type              Site admin", "\(lines)")
        #expect(lines[2] == "mojombo                                           User              —")
        #expect(lines[21] == "fanvsfan                                          User              —")
    }

    static let profile = [
        " Name:                Tom Preston-Werner",
        " Login:               mojombo",
        " Type:                User",
        " Company:             @chatterbugapp, @redwoodjs",
        " Blog:                http://tom.preston-werner.com",
        " Location:            San Francisco",
        " Bio:                 Cofounder of GitHub. Creator of Jekyll.",
        " E-mail:              —",
        " Followers:           23000",
        " Following:           11",
        " Public repositories: 2",
        " Created:             2007-10-20",
        " Web URL:             https://github.com/mojombo",
    ]

    // The header, the heading above the repositories and the footer carry the words of the
    // vocabulary work (issue 15 items 1 and 7); these tests pin the lines this work draws.
    @Test("a GitHub user's screen at 80x24 and 120x40: every line labelled, then the repositories' columns")
    func userScreen() async throws {
        let narrow = try await frame(width: 80, height: 24)
        #expect(Array(narrow[1...13]) == Self.profile, "\(narrow)")
        #expect(Array(narrow[16...18]) == [
            "Name                        Language         ★   Forks Updated    Flags",
            "30daysoflaptops.github.io   CSS              7       2 2023-11-10 fork",
            "grit                        Ruby          1950     531 2024-05-01 archived",
        ])
        let wide = try await frame(width: 120, height: 40)
        #expect(Array(wide[1...13]) == Self.profile, "\(wide)")
        #expect(Array(wide[16...18]) == [
            "Name                                                      Language                   ★   Forks Updated    Flags",
            "30daysoflaptops.github.io                                 CSS                        7       2 2023-11-10 fork",
            "grit                                                      Ruby                    1950     531 2024-05-01 archived",
        ])
    }

    static let facts = [
        " grit",
        " by Tom Preston-Werner (@mojombo)",
        " Full name: mojombo/grit",
        " Topics: git, ruby",
        " Language: Ruby",
        " Licence: MIT License (MIT)",
        " Default branch: master",
        " Stars: 1950",
        " Forks: 531",
        " Open issues: 0",
        " Created: 2007-10-29",
        " Pushed: 2023-10-29",
        " Homepage: http://grit.rubyforge.org/",
        " Web URL: https://github.com/mojombo/grit",
        " Status: archived",
        "",
    ]

    @Test("a repository's screen at 80x24 and 120x40: its facts under the byline, then the description wrapped")
    func repositoryScreen() async throws {
        let narrow = try await frame(width: 80, height: 24, openRepository: true)
        #expect(Array(narrow[1...16]) == Self.facts, "\(narrow)")
        #expect(Array(narrow[17...18]) == [
            " **Grit is no longer maintained. Check out libgit2/rugged.** Grit gives you",
            " object oriented read/write access to Git repositories via Ruby.",
        ])
        let wide = try await frame(width: 120, height: 40, openRepository: true)
        #expect(Array(wide[1...16]) == Self.facts, "\(wide)")
        #expect(wide[17] == " **Grit is no longer maintained. Check out libgit2/rugged.** Grit gives you object oriented read/write access to Git")
    }

    @Test("Search on GitHub at 80x24: GitHub's users, then its repositories, with GitHub's totals")
    func searchScreen() async throws {
        let server = try LoopbackServer.start(arguments: [
            "--dir", SharedData.data("github").path, "--style", "github", "--fixtures", Self.fixtures.path,
        ])
        defer { server.stop() }
        let harness = ScreenHostTests().makeHarness(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10))
        harness.press(.character("s"), width: 80, height: 24)
        await harness.settle()
        harness.press(.character("d"), .character("e"), .character("p"), width: 80, height: 24)
        let model = try #require(harness.app.stack.top?.destination as? SearchViewModel)
        await model.waitForSearch()
        let lines = ScreenHostTests().trimmed(harness.frame(width: 80, height: 24))
        let results = lines.drop { !$0.contains("Users (") }.prefix(4)
        #expect(Array(results) == [
            " Users (1 of 1520)",
            "  dependabot[bot]",
            " Repositories (1 of 2)",
            "  mojombo/grit — **Grit is no longer maintained. Check out libgit2/rugged.** Gr…",
        ], "\(lines)")
        #expect(lines[23].hasSuffix("1 user · 1 repository · incomplete results"), "\(lines[23])")
    }
}
