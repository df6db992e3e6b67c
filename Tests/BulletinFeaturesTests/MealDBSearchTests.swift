import BulletinData
import BulletinFeatures
import BulletinTestSupport
import MVVMC
import Testing

/// Search on TheMealDB asks its server (`search.php?s=`) for each query instead of loading
/// every meal: the recorded chicken search, the recorded empty one, and typing that pauses once.
@MainActor
@Suite(.serialized, SharedData.needed)
struct MealDBSearchTests {
    @MainActor final class Routes { var sent: [SearchRoute] = [] }

    private func withSearch(_ body: (SearchViewModel, LoopbackServer, Routes) async throws -> Void) async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let routes = Routes()
        let model = SearchViewModel(source: MealDBDataSource(baseURL: server.baseURL, timeout: 10),
                                    router: Router { routes.sent.append($0) })
        await model.load()
        try await body(model, server, routes)
    }

    @Test("a word typed in one go costs one search.php request and lists the 25 recorded meals; Enter opens one")
    func chicken() async throws {
        try await withSearch { model, server, routes in
            for character in "chicken" { model.type(character) }
            await model.waitForSearch()
            #expect(model.results.posts.count == 25)
            #expect(model.summary == "25 meals", "its search finds meals only: no count of categories")
            #expect(model.text(ofItem: 0) == "Chicken Handi")
            let paths = try await server.requests().map(\.path)
            #expect(paths == ["/search.php?s=chicken"], "nothing loaded up front, one request for the word")
            model.selectLast()
            model.openSelected()
            #expect(routes.sent == [.post(id: 52937, focus: .match("chicken"))])
        }
    }

    @Test(#"{"meals": null} is no results, said in words"#)
    func nothing() async throws {
        try await withSearch { model, _, _ in
            model.setQuery("foobar")
            await model.waitForSearch()
            #expect(model.results.count == 0)
            #expect(model.message == #"No meal matches "foobar"."#)
            #expect(model.remoteError == nil)
        }
    }

    @Test("a failing search shows its error; the next query asks again and recovers")
    func failure() async throws {
        try await withSearch { model, server, _ in
            try await server.inject(Fault(path: "/search.php", times: 1, status: 404))
            model.setQuery("chicken")
            await model.waitForSearch()
            guard case .badStatus(404, _, _)? = model.remoteError else {
                Issue.record("expected HTTP 404, got \(String(describing: model.remoteError))")
                return
            }
            #expect(model.message?.hasPrefix("Search failed: HTTP 404") == true, "\(model.message ?? "")")
            model.setQuery("chicken ")
            await model.waitForSearch()
            #expect(model.results.posts.count == 25)
        }
    }
}
