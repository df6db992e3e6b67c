import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// GitHub's Users list, user screen and repository screen as view models, against the loopback
/// server replaying `../shared/data/github/` and serving `Tests/Fixtures/github/`.
@MainActor
@Suite(.serialized, SharedData.needed)
struct GitHubViewModelTests {
    static func withServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        let server = try LoopbackServer.startGitHub()
        defer { server.stop() }
        try await body(server)
    }

    @Test("the Users list shows login, type and site admin, not the login three times")
    func userColumns() async throws {
        try await Self.withServer { server in
            let model = UserListViewModel(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10), router: .none)
            await model.load()
            #expect(model.columns == [.login, .accountType, .siteAdmin])
            #expect(model.find.finder.columns.map(\.title) == ["Login", "Type", "Site admin"])
            #expect(model.columns.map { model.cell(row: 0, column: $0) } == ["mojombo", "User", "—"])
            let org = try #require(model.users.firstIndex { $0.id == "engineyard" })
            #expect(model.cell(row: org, column: .accountType) == "Organization")
            #expect(model.pagingColumn == .login)
            #expect(model.cell(row: model.rowCount - 1, column: .login) == "Loading more…")
        }
    }

    @Test("filter, sort and jump work on GitHub's columns")
    func findOnColumns() async throws {
        try await Self.withServer { server in
            let model = UserListViewModel(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10), router: .none)
            await model.load()
            model.find.finder.updateFilter("organization")
            await model.find.finder.waitUntilIdle()
            #expect(model.find.finder.order.map { model.users[$0].id.text } == ["errfree", "engineyard", "ministrycentered", "collectiveidea"])
            model.find.finder.cancelFilter()
            await model.find.finder.waitUntilIdle()
            model.find.finder.cycleSort()
            model.find.finder.cycleSort()
            await model.find.finder.waitUntilIdle()
            #expect(model.find.finder.sortColumn == 1, "the second column is Type")
            var types: [String] = []
            for row in 0..<model.find.finder.order.count { types.append(model.cell(row: row, column: .accountType)) }
            #expect(types.first == "Organization")
            #expect(types == types.sorted())
            model.goTo(id: "defunkt")
            #expect(model.user(at: model.selection.selected)?.id == "defunkt")
        }
    }

    @Test("site admin reads yes or no where /users sends it (the 2016 recording)")
    func siteAdminCells() {
        let admin = User(id: "a", name: "a", username: "a", profile: .github(GitHubAccount(login: "a", type: "User", siteAdmin: true)))
        let plain = User(id: "b", name: "b", username: "b", profile: .github(GitHubAccount(login: "b", type: "Bot", siteAdmin: false)))
        #expect(UserColumn.text(of: admin, column: .siteAdmin) == "yes")
        #expect(UserColumn.text(of: plain, column: .siteAdmin) == "no")
        #expect(UserColumn.text(of: plain, column: .accountType) == "Bot")
    }

    @Test("JSONPlaceholder sources keep id, name, username, email and company")
    func standardColumns() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        #expect(model.columns == [.id, .name, .username, .email, .company])
        #expect(model.find.finder.columns.map(\.title) == ["ID", "Name", "Username", "Email", "Company"])
        #expect(UserDetailViewModel(userID: "1", source: StubDataSource(), router: .none).postColumns == [.id, .title])
    }

    @Test("\"load more\" on GitHub's Users list stops at 3 pages: counted on the server")
    func loadMoreStopsAtThreePages() async throws {
        try await Self.withServer { server in
            // Page 1 as recorded (next: since=135); page 2 links since=999, and every page after
            // that links since=998: a fourth page would be a request of its own.
            let link = { (since: Int) in "<\(server.baseURL.absoluteString)/users?since=\(since)>; rel=\"next\"" }
            try await server.inject(Fault(path: "/users", times: 1), Fault(path: "/users", times: 1, headers: ["Link": link(999)]),
                                    Fault(path: "/users", headers: ["Link": link(998)]))
            let model = UserListViewModel(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10), router: .none)
            await model.load()
            for _ in 0..<6 {
                model.selectLast()
                await model.waitForPage()
            }
            let paths = try await server.requests().map(\.path).filter { $0.hasPrefix("/users") }
            #expect(paths == ["/users?per_page=100", "/users?since=135", "/users?since=999"])
            #expect(model.paging == .complete)
            #expect(model.users.count == 200)
            #expect(model.summary == "200 users · only part read: users after page 3 "
                    + "(Bulletin reads at most 3 pages of GitHub's accounts; search to find others)")
        }
    }

    @Test("a GitHub user's lines: name, login, type, company, blog, location, bio, e-mail, counts, created, web URL")
    func userLines() async throws {
        try await Self.withServer { server in
            let model = UserDetailViewModel(userID: "mojombo", source: GitHubDataSource(baseURL: server.baseURL, timeout: 10),
                                            router: .none)
            await model.load()
            #expect(model.profile.map { "\($0.label): \($0.value)" } == [
                "Name: Tom Preston-Werner", "Login: mojombo", "Type: User", "Company: @chatterbugapp, @redwoodjs",
                "Blog: http://tom.preston-werner.com", "Location: San Francisco", "Bio: Cofounder of GitHub. Creator of Jekyll.",
                "E-mail: —", "Followers: 23000", "Following: 11", "Public repositories: 2", "Created: 2007-10-20",
                "Web URL: https://github.com/mojombo",
            ])
        }
    }

    @Test("a user's repositories: name, language, ★, forks, updated and flags")
    func repositoryColumns() async throws {
        try await Self.withServer { server in
            let model = UserDetailViewModel(userID: "mojombo", source: GitHubDataSource(baseURL: server.baseURL, timeout: 10),
                                            router: .none)
            await model.load()
            #expect(model.postColumns == [.name, .language, .stars, .forks, .updated, .flags])
            #expect(model.find.finder.columns.map(\.title) == ["Name", "Language", "★", "Forks", "Updated", "Flags"])
            #expect(model.postColumns.map { model.postCell(row: 0, column: $0) }
                    == ["30daysoflaptops.github.io", "CSS", "7", "2", "2023-11-10", "fork"])
            #expect(model.postColumns.map { model.postCell(row: 1, column: $0) }
                    == ["grit", "Ruby", "1950", "531", "2024-05-01", "archived"])
            #expect(model.postsNote == nil)
            model.find.finder.updateFilter("archived")
            await model.find.finder.waitUntilIdle()
            #expect(model.rowCount == 1)
        }
    }

    @Test("a failed later page of repositories keeps the user screen and the first page, and says what failed")
    func failedRepositoryPageKeepsScreen() async throws {
        try await Self.withServer { server in
            let next = "<\(server.baseURL.absoluteString)/users/mojombo/repos?page=2>; rel=\"next\""
            try await server.inject(Fault(path: "/users/mojombo/repos", times: 1, headers: ["Link": next]),
                                    Fault(path: "/users/mojombo/repos", status: 502))
            let model = UserDetailViewModel(userID: "mojombo", source: GitHubDataSource(baseURL: server.baseURL, timeout: 10),
                                            router: .none)
            await model.load()
            #expect(model.state.error == nil)
            #expect(model.posts.map(\.title) == ["30daysoflaptops.github.io", "grit"])
            let note = try #require(model.postsNote)
            #expect(note.hasPrefix("only part read: page 2 of mojombo's repositories (HTTP 502 from \(server.baseURL.absoluteString)/users/mojombo/repos?page=2"),
                    "\(note)")
        }
    }

    @Test("a repository's lines: full name, topics, language, licence, branch, counts, dates, homepage, web URL, flags")
    func repositoryLines() async throws {
        try await Self.withServer { server in
            let model = PostDetailViewModel(postID: "mojombo/grit", source: GitHubDataSource(baseURL: server.baseURL, timeout: 10))
            await model.load()
            #expect(model.headline == "grit")
            #expect(model.body.hasPrefix("**Grit is no longer maintained."))
            #expect(!model.body.contains("★"), "the counts are labelled lines, not squeezed into the body")
            #expect(model.facts.map { "\($0.label): \($0.value)" } == [
                "Full name: mojombo/grit", "Topics: git, ruby", "Language: Ruby", "Licence: MIT License (MIT)",
                "Default branch: master", "Stars: 1950", "Forks: 531", "Open issues: 0", "Created: 2007-10-29",
                "Pushed: 2023-10-29", "Homepage: http://grit.rubyforge.org/", "Web URL: https://github.com/mojombo/grit",
                "Status: archived",
            ])
        }
    }

    @Test("an account GitHub sent little about: the list's fields, a dash for the rest; a site admin says so")
    func sparseAccountLines() {
        let account = GitHubAccount(login: "octo", type: "User", siteAdmin: true)
        let user = User(id: "octo", name: "octo", username: "octo", profile: .github(account))
        let lines = RecordFields.profile(of: user)
        #expect(lines.map(\.label) == ["Name", "Login", "Type", "Company", "Blog", "Location", "Bio", "E-mail",
                                       "Followers", "Following", "Public repositories", "Created", "Web URL"])
        #expect(lines[2].value == "User · site admin")
        #expect(lines.filter { $0.value == "—" }.count == 11, "only the login and type were sent")
        let plain = RecordFields.profile(of: User(id: "1", name: "Leanne Graham", username: "Bret"))
        #expect(plain.map(\.label) == ["Name", "Username", "Email", "Phone", "Website", "Address", "Company"],
                "JSONPlaceholder's lines are unchanged")
    }

    @Test("GitHub's values on screen: days, licences, flags")
    func gitHubText() {
        #expect(GitHubText.day("2007-10-20T05:24:19Z") == "2007-10-20")
        #expect(GitHubText.day("yesterday") == "yesterday")
        #expect(GitHubText.day(nil) == "—")
        #expect(GitHubText.license(.init(spdxID: "NOASSERTION", name: "Other")) == "Other")
        #expect(GitHubText.license(.init(spdxID: "MIT", name: nil)) == "MIT")
        #expect(GitHubText.license(nil) == "—")
        #expect(GitHubText.flags(GitHubRepositoryDetails(fullName: "a/b", isFork: true, isArchived: true)) == "fork, archived")
        #expect(GitHubText.flags(GitHubRepositoryDetails(fullName: "a/b")) == nil)
    }
}
