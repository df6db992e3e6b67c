import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// TheMealDB's meal screen drawn into the in-memory surface, on the recorded lookup of meal
/// 52772 (loopback server, `--style mealdb`): the facts, the ingredients as a two-column table
/// and the instructions wrapped, at 80x24 and 120x40.
@MainActor
@Suite(.serialized, SharedData.needed)
struct MealScreenTests {
    private func withMeal(_ body: (ScreenHost) async throws -> Void) async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let source = MealDBDataSource(baseURL: server.baseURL, timeout: 10)
        let app = AppCoordinator(dependencies: AppDependencies(source: source), onQuit: {})
        app.start()
        app.open(.userPost(user: "Chicken", post: 52772))
        await app.waitForLink()
        await app.loadTop()
        try await body(ScreenHost(stack: app.stack, onQuit: {}))
    }

    /// The frame's lines without the scroll indicator's column, trailing blanks trimmed.
    private func lines(_ host: ScreenHost, width: Int, height: Int) -> [String] {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface.lines.map { String($0.dropLast().reversed().drop { $0 == " " }.reversed()) }
    }

    /// The facts, aligned by the one rule of every detail screen (issue 21: values in one column
    /// after the longest label, `—` for missing, URLs whole), then the ingredients table: every
    /// row of it aligned on the widest ingredient.
    private let factsAndTable = [
        " Area:    Japanese",
        " Tags:    Meat, Casserole",
        " Source:  —",
        " Video:   https://www.youtube.com/watch?v=4aZr5hZXP_s",
        " Picture: https://www.themealdb.com/images/media/meals/wvpsxx1468256321.jpg",
        "",
        " Ingredients (9)",
        " Ingredient           Measure",
        " soy sauce            3/4 cup",
        " water                1/2 cup",
        " brown sugar          1/4 cup",
        " ground ginger        1/2 teaspoon",
        " minced garlic        1/2 teaspoon",
        " cornstarch           4 Tablespoons",
        " chicken breasts      2",
        " stir-fry vegetables  1 (12 oz.)",
        " brown rice           3 cups",
        "",
        " Instructions",
    ]

    @Test("80x24: the name, the labelled facts and the whole ingredients table on the first screen")
    func meal80x24() async throws {
        try await withMeal { host in
            let screen = lines(host, width: 80, height: 24)
            #expect(screen[1] == " Teriyaki Chicken Casserole")
            // The category once, in the byline; not again as a line of the facts.
            #expect(screen[2].contains("in Chicken"), "\(screen[2])")
            #expect(!screen.contains { $0.contains("Category:") })
            #expect(Array(screen[3..<22]) == factsAndTable, "\(screen.joined(separator: "\n"))")
        }
    }

    @Test("120x40: the table, then the instructions wrapped at the width, one paragraph per line break")
    func meal120x40() async throws {
        try await withMeal { host in
            let screen = lines(host, width: 120, height: 40)
            #expect(Array(screen[3..<22]) == factsAndTable, "\(screen.joined(separator: "\n"))")
            #expect(Array(screen[22..<36]) == [
                " Preheat oven to 350° F. Spray a 9x13-inch baking pan with non-stick spray.",
                " Combine soy sauce, ½ cup water, brown sugar, ginger and garlic in a small saucepan and cover. Bring to a boil over",
                " medium heat. Remove lid and cook for one minute once boiling.",
                " Meanwhile, stir together the corn starch and 2 tablespoons of water in a separate dish until smooth. Once sauce is",
                " boiling, add mixture to the saucepan and stir to combine. Cook until the sauce starts to thicken then remove from",
                " heat.",
                " Place the chicken breasts in the prepared pan. Pour one cup of the sauce over top of chicken. Place chicken in oven",
                " and bake 35 minutes or until cooked through. Remove from oven and shred chicken in the dish using two forks.",
                " *Meanwhile, steam or cook the vegetables according to package directions.",
                " Add the cooked vegetables and rice to the casserole dish with the chicken. Add most of the remaining sauce, reserving",
                " a bit to drizzle over the top when serving. Gently toss everything together in the casserole dish until combined.",
                " Return to oven and cook 15 minutes. Remove from oven and let stand 5 minutes before serving. Drizzle each serving with",
                " remaining sauce. Enjoy!",
                "",
            ], "\(screen.joined(separator: "\n"))")
            #expect(screen.allSatisfy { !$0.contains("\r") })
        }
    }
}
