import BulletinData
import BulletinFeatures
import Testing

/// `--mealdb [URL]` on the command line, `mealdb [URL]` in the Admin panel's switch field, and
/// the source and read-only writer the factory builds for them.
@Suite("TheMealDB: command line, switch field, factory")
struct MealDBLaunchTests {
    @Test("--dummyjson alone reads DummyJSON's public API, as --mealdb does; a following http(s) URL or --dummyjson=URL another")
    func bareDummyJSON() throws {
        #expect(try LaunchOptions.parse(["--dummyjson"]).source == .dummyJSON("https://dummyjson.com"))
        #expect(try LaunchOptions.parse(["--dummyjson", "http://127.0.0.1:9"]).source == .dummyJSON("http://127.0.0.1:9"))
        #expect(try LaunchOptions.parse(["--dummyjson=https://d.example"]).source == .dummyJSON("https://d.example"))
        let linked = try LaunchOptions.parse(["--dummyjson", "open", "users/1"])
        #expect(linked.source == .dummyJSON("https://dummyjson.com"))
        #expect(linked.link != nil)
        #expect(throws: LaunchError.missingValue("--dummyjson")) { try LaunchOptions.parse(["--dummyjson="]) }
    }

    @Test("--mealdb alone reads TheMealDB's public API; a following http(s) URL or --mealdb=URL another")
    func commandLine() throws {
        #expect(try LaunchOptions.parse(["--mealdb"]).source == .mealDB("https://www.themealdb.com/api/json/v1/1"))
        #expect(try LaunchOptions.parse(["--mealdb", "http://127.0.0.1:9"]).source == .mealDB("http://127.0.0.1:9"))
        #expect(try LaunchOptions.parse(["--mealdb=https://m.example/api"]).source == .mealDB("https://m.example/api"))
        let linked = try LaunchOptions.parse(["--mealdb", "open", "categories"])
        #expect(linked.source == .mealDB(LaunchOptions.mealDBURL))
        #expect(linked.link == .users)
        #expect(throws: LaunchError.conflictingSources("--mealdb", "--github")) { try LaunchOptions.parse(["--mealdb", "--github"]) }
        #expect(throws: LaunchError.conflictingSources("--api", "--mealdb")) {
            try LaunchOptions.parse(["--api", "http://a", "--mealdb"])
        }
        #expect(throws: LaunchError.missingValue("--mealdb")) { try LaunchOptions.parse(["--mealdb="]) }
        #expect(LaunchOptions.usage.contains("--mealdb [URL]"))
    }

    @Test("the switch field takes mealdb and mealdb URL; a bad URL after it says why")
    func switchField() throws {
        #expect(try SourceChoice.parse("mealdb") == .mealDB(LaunchOptions.mealDBURL))
        #expect(try SourceChoice.parse("  MealDB  ") == .mealDB(LaunchOptions.mealDBURL))
        #expect(try SourceChoice.parse("mealdb http://127.0.0.1:9") == .mealDB("http://127.0.0.1:9"))
        #expect(throws: SourceChoice.Problem.unsupportedScheme("ftp")) { try SourceChoice.parse("mealdb ftp://x") }
        #expect(throws: SourceChoice.Problem.invalidURL("somewhere")) { try SourceChoice.parse("mealdb somewhere") }
        #expect(try SourceChoice.parse("http://127.0.0.1:9") == .api("http://127.0.0.1:9"), "a plain URL stays JSONPlaceholder")
        #expect(try SourceChoice.parse("mealdb.json", kind: { _ in .file }) != .mealDB(LaunchOptions.mealDBURL))
    }

    @Test("the factory builds a MealDBDataSource with the shared settings and a writer saying TheMealDB is read-only")
    func factory() throws {
        let (source, writer) = try SourceFactory(timeout: 4, maxResponseMB: 2).make(.mealDB("http://127.0.0.1:9/api/json/v1/1"))
        let meals = try #require(source as? MealDBDataSource)
        #expect(meals.baseURL.absoluteString == "http://127.0.0.1:9/api/json/v1/1")
        #expect(meals.client.timeout == 4)
        #expect(meals.client.maxResponseBytes == 2 * 1_048_576)
        #expect(writer.access == .denied(reason: "TheMealDB is read-only"))
        #expect(throws: DataError.invalidURL("not a url")) { try SourceFactory().make(.mealDB("not a url")) }
    }
}
