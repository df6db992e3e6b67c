import BulletinTestSupport
import Foundation
import Testing

/// TheMealDB (`--mealdb URL`) in the real binary, against the loopback server in `--style mealdb`
/// (TheMealDB's recordings in `../shared/data/themealdb` and the categories fixture).
@Suite("End to end: TheMealDB in tmux", .serialized,
       SharedData.needed)
struct MealDBEndToEndTests {
    @Test("--mealdb: Categories → Dessert → a meal not recorded (said in words) → Back → Chicken → a meal with its ingredients table")
    func categoriesToMeal() async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--mealdb", server.baseURL.absoluteString], width: 100, height: 40)
        defer { session.close() }
        try await session.press("Enter", until: "Beef", "Chicken", "Dessert", "Goat", "14 ")
        session.send("Down")
        session.send("Down")
        session.send("Enter")
        try await session.waitForAll(["› Dessert", "Category:", "Sweet courses", "(64)", "Apam balik",
                                      "Apple & Blackberry Crumble"])
        session.send("Enter")  // Apam balik: TheMealDB's recordings hold no lookup of it, so {"meals": null}
        try await session.waitForAll(["No meal 53049", "lookup.php?i=53049"])
        try await session.press("Escape", until: "› Dessert", "Apam balik")
        try await session.press("Escape", until: "Beef", "Dessert", "Goat")
        session.send("Up")
        try await session.press("Enter", until: "› Chicken", "(25)", "Teriyaki Chicken Casserole")
        session.send("Enter")
        let meal = try await session.waitForAll([
            "Teriyaki Chicken Casserole", "in Chicken", "Area:    Japanese", "Tags:    Meat, Casserole",
            "Video:   https://www.youtube.com/watch?v=4aZr5hZXP_s", "Ingredients (9)",
            "Ingredient           Measure", "soy sauce            3/4 cup", "stir-fry vegetables  1 (12 oz.)",
            "brown rice           3 cups", "Instructions", "Preheat oven to 350° F.",
        ])
        #expect(!meal.contains("\r"))
        try await session.quit()
    }

    @Test("--mealdb: the Admin panel names TheMealDB and says writes are off because TheMealDB is read-only")
    func readOnly() async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let session = try await TmuxSession.bulletin(["--mealdb", server.baseURL.absoluteString], open: "admin",
                                                             showing: "TheMealDB API", server.baseURL.absoluteString,
                                                             "TheMealDB is read-only")
        defer { session.close() }
        try await session.quit()
    }
}
