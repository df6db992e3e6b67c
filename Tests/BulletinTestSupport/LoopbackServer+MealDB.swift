import Foundation

extension LoopbackServer {
    /// `Tests/Fixtures/themealdb`: the hand-written `categories.php` answer (see `Tests/Fixtures/README.md`).
    public static let mealDBFixtures: URL = SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/themealdb")

    /// The loopback server in `--style mealdb`: TheMealDB's recordings in `../shared/data/themealdb`
    /// (filter, lookup, search, an empty search) and the categories fixture; see `Tests/Servers/mealdb_style.py`.
    /// - Throws: ``StartError`` as ``start(arguments:)``.
    public static func startMealDB() throws -> LoopbackServer {
        try start(arguments: ["--dir", SharedData.data("themealdb").path, "--fixtures", mealDBFixtures.path,
                              "--style", "mealdb"])
    }
}
