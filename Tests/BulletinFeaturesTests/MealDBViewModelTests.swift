import BulletinData
import BulletinFeatures
import BulletinTestSupport
import MVVMC
import Testing

/// The category and meal screens' view models on TheMealDB's recordings (loopback server,
/// `--style mealdb`): the lines they show, labelled, and the ingredients table.
@MainActor
@Suite(.serialized, SharedData.needed)
struct MealDBViewModelTests {
    private func withSource(_ body: (MealDBDataSource) async throws -> Void) async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        try await body(MealDBDataSource(baseURL: server.baseURL, timeout: 10))
    }

    @Test("the Categories list shows each category's name and description, not JSONPlaceholder's columns")
    func categoryColumns() async throws {
        try await withSource { source in
            let model = UserListViewModel(source: source, router: Router { _ in })
            await model.load()
            #expect(model.columns == [.name, .categoryDescription])
            #expect(model.columns.map(\.title) == ["Name", "Description"])
            #expect(model.cell(row: 0, column: .name) == "Beef")
            #expect(model.cell(row: 0, column: .categoryDescription)
                == "Dishes built around beef, the meat of cattle: roasts, stews, pies and burgers.")
        }
    }

    @Test("a meal's facts are labelled: area, tags, source, video, picture (the category is the byline's); missing ones show —")
    func mealFacts() async throws {
        try await withSource { source in
            let model = PostDetailViewModel(postID: 52772, source: source)
            await model.load()
            #expect(model.headline == "Teriyaki Chicken Casserole")
            #expect(model.facts == [
                DetailField("Area", "Japanese"),
                DetailField("Tags", "Meat, Casserole"),
                DetailField("Source", "—", type: .url),
                DetailField("Video", "https://www.youtube.com/watch?v=4aZr5hZXP_s", type: .url),
                DetailField("Picture", "https://www.themealdb.com/images/media/meals/wvpsxx1468256321.jpg", type: .url),
            ])
            #expect(model.bodyHeading == "Instructions")
            #expect(model.body.hasPrefix("Preheat oven to 350° F."))
        }
    }

    @Test("a meal's ingredients are a two-column table with their measures, in TheMealDB's order")
    func ingredientsTable() async throws {
        try await withSource { source in
            let model = PostDetailViewModel(postID: 52772, source: source)
            #expect(model.table == nil, "nothing before the meal is loaded")
            await model.load()
            let table = try #require(model.table)
            #expect(table.heading == "Ingredients (9)")
            #expect(table.columns == ["Ingredient", "Measure"])
            #expect(table.rows == [
                ["soy sauce", "3/4 cup"], ["water", "1/2 cup"], ["brown sugar", "1/4 cup"],
                ["ground ginger", "1/2 teaspoon"], ["minced garlic", "1/2 teaspoon"], ["cornstarch", "4 Tablespoons"],
                ["chicken breasts", "2"], ["stir-fry vegetables", "1 (12 oz.)"], ["brown rice", "3 cups"],
            ])
        }
    }

    @Test("a category's screen shows its name, number, picture and description, and lists its meals")
    func categoryScreen() async throws {
        try await withSource { source in
            let model = UserDetailViewModel(userID: "Dessert", source: source, router: .none)
            await model.load()
            #expect(model.profile == [
                DetailField("Category", "Dessert"),
                DetailField("Id", "3"),
                DetailField("Picture", "https://www.themealdb.com/images/category/dessert.png", type: .url),
                DetailField("Description", "Sweet courses served at the end of a meal: tarts, cakes, puddings, crumbles and pancakes."),
            ])
            #expect(model.posts.count == 64)
            #expect(model.postCell(row: 0, column: .title) == "Apam balik")
        }
    }

    @Test("JSONPlaceholder posts have no table and no body heading")
    func plainPostHasNoTable() async {
        let model = PostDetailViewModel(postID: 1, source: StubDataSource())
        await model.load()
        #expect(!model.headline.isEmpty)
        #expect(model.table == nil)
        #expect(model.bodyHeading == nil)
    }
}
