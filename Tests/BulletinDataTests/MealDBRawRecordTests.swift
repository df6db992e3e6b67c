import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// TheMealDB's records as received, for the raw view: members in TheMealDB's order, null and
/// blank slots kept, `\/` and `\u00b0` escapes decoded.
@Suite(.serialized, SharedData.needed)
struct MealDBRawRecordTests {
    @Test("a meal's raw record is its lookup.php object; a category's its categories.php entry; comments none")
    func raw() async throws {
        let server = try LoopbackServer.startMealDB()
        defer { server.stop() }
        let source = MealDBDataSource(baseURL: server.baseURL, timeout: 10)
        let meal = try #require(try await source.rawRecord(.post, id: 52772))
        let lines = meal.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == [
            "{", #"  "idMeal": "52772","#, #"  "strMeal": "Teriyaki Chicken Casserole","#, #"  "strDrinkAlternate": null,"#,
        ])
        #expect(lines.contains(#"  "strMealThumb": "https://www.themealdb.com/images/media/meals/wvpsxx1468256321.jpg","#))
        #expect(lines.contains(#"  "strIngredient10": "","#))
        #expect(lines.last == "}")
        #expect(meal.contains("350° F"))
        let category = try #require(try await source.rawRecord(.user, id: "Dessert"))
        #expect(category.hasPrefix("{\n  \"idCategory\": \"3\",\n  \"strCategory\": \"Dessert\","))
        let none = try await source.rawRecord(.comment, id: 1)
        #expect(none == nil)
        let url = server.baseURL.absoluteString + "/lookup.php?i=1"
        await #expect(throws: DataError.notFound("meal 1", location: url)) { try await source.rawRecord(.post, id: 1) }
    }
}
