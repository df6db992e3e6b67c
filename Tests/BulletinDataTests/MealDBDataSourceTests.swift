import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// MealDBDataSource against the loopback server in `--style mealdb`, serving TheMealDB's
/// recordings in `../shared/data/themealdb/` and the categories fixture in `Tests/Fixtures/themealdb/`.
@Suite(.serialized, SharedData.needed)
struct MealDBDataSourceTests {
    private func withSource(_ body: (MealDBDataSource, LoopbackServer) async throws -> Void) async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        try await body(MealDBDataSource(baseURL: server.baseURL, timeout: 10), server)
    }

    @Test("categories.php: fourteen categories, each a user named by its category, with its profile")
    func categories() async throws {
        try await withSource { source, server in
            let users = try await source.users()
            #expect(users.count == 14)
            let dessert = try #require(users.first { $0.name == "Dessert" })
            #expect(dessert.id == RecordID("Dessert"))
            guard case let .mealCategory(category) = dessert.profile else {
                Issue.record("expected a category profile, got \(dessert.profile)")
                return
            }
            #expect(category.id == "3")
            #expect(category.thumbnail == "https://www.themealdb.com/images/category/dessert.png")  // `\/` decoded
            #expect(category.description?.hasPrefix("Sweet courses") == true)
            #expect(try await source.user(id: "Dessert") == dessert)
            #expect(try await server.requests().map(\.path) == ["/categories.php"], "user(id:) reuses the list")
            #expect(try await source.statistics() == DataStatistics(users: 14, posts: 0, comments: 0))
        }
    }

    @Test("filter.php?c=Dessert: the 64 recorded meals, each under its category, with its picture")
    func dessertMeals() async throws {
        try await withSource { source, server in
            let meals = try await source.posts(userID: "Dessert")
            #expect(meals.count == 64)
            let first = try #require(meals.first)
            #expect(first.id == 53049)
            #expect(first.title == "Apam balik")
            #expect(first.userId == RecordID("Dessert"))
            #expect(first.details == .meal(Meal(
                id: "53049", name: "Apam balik",
                thumbnail: "https://www.themealdb.com/images/media/meals/adxcbq1619787919.jpg", category: "Dessert")))
            #expect(try await server.requests().map(\.path) == ["/filter.php?c=Dessert"])
        }
    }

    @Test("lookup.php?i=52772: the whole meal, blank and null ingredient slots skipped, \\r\\n as line breaks")
    func wholeMeal() async throws {
        try await withSource { source, _ in
            let post = try await source.post(id: 52772)
            #expect(post.title == "Teriyaki Chicken Casserole")
            #expect(post.userId == RecordID("Chicken"))
            guard case let .meal(meal) = post.details else {
                Issue.record("expected a meal, got \(post.details)")
                return
            }
            #expect(meal.category == "Chicken")
            #expect(meal.area == "Japanese")
            #expect(meal.tags == ["Meat", "Casserole"])
            #expect(meal.ingredients.count == 9)
            #expect(meal.ingredients.first == Meal.Ingredient("soy sauce", measure: "3/4 cup"))
            #expect(meal.ingredients.last == Meal.Ingredient("brown rice", measure: "3 cups"))
            #expect(meal.video == "https://www.youtube.com/watch?v=4aZr5hZXP_s")
            #expect(meal.source == nil)
            #expect(post.body.hasPrefix("Preheat oven to 350° F."))
            #expect(!post.body.contains("\r"))
            #expect(post.body.split(separator: "\n").count == 6)
            #expect(meal.instructions == post.body)
            #expect(try await source.comments(postID: post.id).isEmpty)
        }
    }

    @Test(#"{"meals": null} is an empty list for filter and search, and notFound for one meal"#)
    func nullMeals() async throws {
        try await withSource { source, server in
            let goat = try await source.posts(userID: "Goat")  // no meals of Goat recorded: null
            let foobar = try await source.searchMeals("foobar")  // the recorded empty search
            #expect(goat.isEmpty)
            #expect(foobar.isEmpty)
            let url = server.baseURL.absoluteString + "/lookup.php?i=1"
            await #expect(throws: DataError.notFound("meal 1", location: url)) { try await source.post(id: 1) }
            #expect(await source.recordIssues().isEmpty)
        }
    }

    @Test("search.php?s=chicken: the 25 recorded whole meals")
    func search() async throws {
        try await withSource { source, server in
            let found = try await source.searchMeals("chicken")
            #expect(found.count == 25)
            #expect(found.map(\.title).contains("Teriyaki Chicken Casserole"))
            #expect(found.allSatisfy { if case let .meal(meal) = $0.details { !meal.ingredients.isEmpty } else { false } })
            #expect(try await server.requests().map(\.path) == ["/search.php?s=chicken"])
        }
    }

    @Test("a category that does not exist is notFound naming categories.php")
    func missingCategory() async throws {
        try await withSource { source, server in
            let url = server.baseURL.absoluteString + "/categories.php"
            await #expect(throws: DataError.notFound("category Soup", location: url)) { try await source.user(id: "Soup") }
        }
    }

    @Test("a meal without idMeal is skipped and reported; a wrong-typed tag field is blanked, the meal kept")
    func badRecords() async throws {
        try await withSource { source, server in
            try await server.inject(Fault(path: "/filter.php", body: #"""
                {"meals": [{"strMeal": "No id", "strMealThumb": null},
                           {"strMeal": "Kept", "idMeal": "7", "strMealThumb": 3}]}
                """#))
            let meals = try await source.posts(userID: "Dessert")
            #expect(meals.map(\.title) == ["Kept"])
            let issues = await source.recordIssues()
            #expect(issues.map(\.path) == ["meals[0].idMeal", "meals[1].strMealThumb"])
            #expect(issues.map(\.effect) == [.skipped, .fieldBlanked])
        }
    }

    @Test("an answer without the meals member is malformedJSON naming the URL")
    func notAnEnvelope() async throws {
        try await withSource { source, server in
            try await server.inject(Fault(path: "/filter.php", body: "[]"))
            do {
                _ = try await source.posts(userID: "Dessert")
                Issue.record("expected malformedJSON")
            } catch let error as DataError {
                guard case let .malformedJSON(_, location, _) = error else {
                    Issue.record("expected malformedJSON, got \(error)")
                    return
                }
                #expect(location == server.baseURL.absoluteString + "/filter.php?c=Dessert")
            }
        }
    }

    @Test("the public API's base path is kept: {base}/categories.php under /api/json/v1/1")
    func basePath() async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let source = try MealDBDataSource.make(baseURL: server.baseURL.absoluteString + "/api/json/v1/1", timeout: 10)
        #expect(try await source.users().count == 14)
        #expect(try await server.requests().map(\.path) == ["/api/json/v1/1/categories.php"])
        #expect(source.descriptor == SourceDescriptor(kind: .mealDB, location: server.baseURL.absoluteString + "/api/json/v1/1"))
        #expect(source.vocabulary == .mealDB)
        #expect(MealDBDataSource.publicURL == "https://www.themealdb.com/api/json/v1/1")
    }
}
