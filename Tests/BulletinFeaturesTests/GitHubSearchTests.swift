import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// Search on GitHub: GitHub's search API, one pair of requests per pause in typing, and never a
/// request per user. Against the loopback server serving `Tests/Fixtures/github/search/`.
@MainActor
@Suite(.serialized, SharedData.needed)
struct GitHubSearchTests {
    @MainActor final class Routes { var list: [SearchRoute] = [] }

    @Test("the source asks /search/users and /search/repositories with q; the empty query makes no request")
    func sourceSearch() async throws {
        try await GitHubViewModelTests.withServer { server in
            let source = GitHubDataSource(baseURL: server.baseURL, timeout: 10)
            #expect(try await source.search("  ") == SourceSearchResults(query: "  "))
            #expect(try await server.requests().isEmpty)
            let found = try #require(try await source.search("dependabot bot"))
            #expect(found.users.map(\.id) == ["dependabot[bot]"])
            #expect(found.posts.map(\.id) == ["mojombo/grit"])
            #expect(found.totalUsers == 1520 && found.totalPosts == 2 && found.isIncomplete)
            let paths = try await server.requests().map(\.path).sorted()
            #expect(paths == ["/search/repositories?per_page=30&q=dependabot%20bot",
                              "/search/users?per_page=30&q=dependabot%20bot"])
        }
    }

    @Test("Search on GitHub: typing asks once after the pause, results in GitHub's words, Enter opens the user")
    func searchScreen() async throws {
        try await GitHubViewModelTests.withServer { server in
            let routes = Routes()
            let model = SearchViewModel(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10),
                                        router: Router { routes.list.append($0) })
            await model.load()
            #expect(model.searchesRemotely)
            #expect(model.message == "Type to search GitHub's users and repositories.")
            for character in "dep" { model.type(character) }
            await model.waitForSearch()
            let paths = try await server.requests().map(\.path)
            #expect(paths.sorted() == ["/search/repositories?per_page=30&q=dep", "/search/users?per_page=30&q=dep"],
                    "one search for the whole word, no /users pages, no request per user")
            #expect(model.rows.row(0) == .group(.users))
            #expect(model.groupTitle(.users) == "Users (1 of 1520)")
            #expect(model.groupTitle(.posts) == "Repositories (1 of 2)")
            #expect(model.text(ofItem: 0) == "dependabot[bot]")
            #expect(model.text(ofItem: 1).hasPrefix("mojombo/grit — **Grit is no longer maintained."))
            #expect(model.summary == "1 user · 1 repository · incomplete results")
            model.openSelected()
            model.moveSelection(by: 1)
            model.openSelected()
            #expect(routes.list == [.user(id: "dependabot[bot]"), .post(id: "mojombo/grit", focus: .match("dep"))])
        }
    }

    @Test("a failed GitHub search says why and keeps the query")
    func failedSearch() async throws {
        try await GitHubViewModelTests.withServer { server in
            try await server.inject(Fault(path: "/search/users", status: 422,
                                          body: #"{"message": "Validation Failed"}"#))
            let model = SearchViewModel(source: GitHubDataSource(baseURL: server.baseURL, timeout: 10), router: .none)
            await model.load()
            model.setQuery("x")
            await model.waitForSearch()
            #expect(model.query == "x")
            #expect(model.message?.hasPrefix("Search failed: HTTP 422 from \(server.baseURL.absoluteString)/search/users") == true,
                    "\(String(describing: model.message))")
        }
    }

    @Test("a JSONPlaceholder source keeps searching locally")
    func localStays() async {
        let model = SearchViewModel(source: StubDataSource(), router: .none)
        await model.load()
        #expect(!model.searchesRemotely)
        #expect(model.message == "Type to search the title and body of every post and comment.")
    }
}
