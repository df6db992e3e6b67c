import Foundation

/// TheMealDB's categories and meals from its v1 API (https://www.themealdb.com/api.php), read-only.
///
/// Bulletin's three levels are TheMealDB's categories, a category's meals and nothing under a
/// meal (``vocabulary`` is ``SourceVocabulary/mealDB``):
/// - ``users()`` is `GET {base}/categories.php` (`{"categories": [...]}`), one ``User`` per
///   category whose id and name are the category's name and whose profile is
///   ``UserProfile/mealCategory(_:)``;
/// - ``posts(userID:)`` is `GET {base}/filter.php?c=NAME` (`{"meals": [{"strMeal",
///   "strMealThumb", "idMeal"}]}`), each meal a ``Post`` with ``PostDetails/meal(_:)``;
/// - ``post(id:)`` is `GET {base}/lookup.php?i=ID`, the whole meal (the body is its
///   instructions); Search is `GET {base}/search.php?s=TEXT` (``searchMeals(_:)``, through ``search(_:)``);
/// - meals have no comments, and there is no list of every meal.
///
/// `{"meals": null}`, TheMealDB's answer when nothing matches, is an empty list (or, for one
/// meal, ``DataError/notFound(_:location:)``). Records that do not decode are skipped and
/// reported (``recordIssues()``). Answers are cached for the run by ``HTTPClient``.
public struct MealDBDataSource: DataSource {
    // MARK: - Properties

    /// TheMealDB's public v1 API with its test key `1`, which `--mealdb` reads by default.
    public static let publicURL = "https://www.themealdb.com/api/json/v1/1"

    /// The API root, such as ``publicURL``; endpoints are appended (`{base}/categories.php`).
    public let baseURL: URL
    /// The client requests go through.
    public let client: HTTPClient
    private let issueLog = IssueLog()

    /// Kind `.mealDB`, location the base URL.
    public var descriptor: SourceDescriptor { SourceDescriptor(kind: .mealDB, location: baseURL.absoluteString) }

    /// Categories, meals, no comments.
    public var vocabulary: SourceVocabulary { .mealDB }

    // MARK: - Init

    /// Creates a source for the API at `baseURL`.
    public init(baseURL: URL, client: HTTPClient? = nil, timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        self.client = client ?? HTTPClient(timeout: timeout)
    }

    /// Creates a source from text such as the `--mealdb` option.
    /// - Parameters:
    ///   - timeout: The per-request timeout in seconds.
    ///   - maxResponseBytes: The most bytes one response body may have (default 256 MB).
    ///   - log: Where requests and failures are recorded (default none).
    /// - Throws: ``DataError/invalidURL(_:)`` when the text is not an absolute http(s) URL.
    public static func make(
        baseURL: String = publicURL, timeout: TimeInterval = 15,
        maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes, log: RequestLog? = nil
    ) throws(DataError) -> MealDBDataSource {
        MealDBDataSource(baseURL: try Endpoint.base(baseURL),
                         client: HTTPClient(timeout: timeout, maxResponseBytes: maxResponseBytes, log: log))
    }

    // MARK: - Categories

    /// Every category: `GET {base}/categories.php`. - Throws: ``DataError`` naming the URL.
    public func users() async throws(DataError) -> [User] { try await userList().records }

    /// Every category, with the ones that could not be read.
    public func userList() async throws(DataError) -> RecordList<User> {
        let list = try await list(MealDBCategory.self, "categories.php", root: "categories")
        return RecordList(records: list.records.map(\.user), issues: list.issues)
    }

    /// The category named `id` (TheMealDB has no request for one category: it is found in
    /// `categories.php`, fetched once for the run).
    /// - Throws: ``DataError/notFound(_:location:)`` when no category has that name.
    public func user(id: RecordID) async throws(DataError) -> User {
        guard let user = try await users().first(where: { $0.id == id }) else {
            throw .notFound("category \(id)", location: try Endpoint.url(baseURL, ["categories.php"]).absoluteString)
        }
        return user
    }

    // MARK: - Meals

    /// The meals of the category named `userID`: `GET {base}/filter.php?c=NAME` (none for `{"meals": null}`).
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await list(MealDBMeal.self, "filter.php", query: ["c": userID.text], root: "meals")
            .records.map { $0.post(category: userID.text) }
    }

    /// The whole meal: `GET {base}/lookup.php?i=ID`.
    /// - Throws: ``DataError/notFound(_:location:)`` for `{"meals": null}` (no such meal).
    public func post(id: RecordID) async throws(DataError) -> Post {
        let url = try Endpoint.url(baseURL, ["lookup.php"], query: ["i": id.text])
        guard let meal = try await list(MealDBMeal.self, at: url, root: "meals").records.first else {
            throw .notFound("meal \(id)", location: url.absoluteString)
        }
        return meal.post()
    }

    /// Every meal whose name holds `text`: `GET {base}/search.php?s=TEXT`, whole meals, in
    /// TheMealDB's order; none for `{"meals": null}`.
    public func searchMeals(_ text: String) async throws(DataError) -> [Post] {
        try await list(MealDBMeal.self, "search.php", query: ["s": text], root: "meals").records.map { $0.post() }
    }

    /// Search asks TheMealDB (``searchMeals(_:)``, spaces around the query dropped): the meals
    /// found are the results, in the server's order; no request for a blank query.
    /// - Throws: As ``searchMeals(_:)``.
    public func search(_ query: String) async throws(DataError) -> SourceSearchResults? {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return SourceSearchResults(query: query) }
        return SourceSearchResults(query: query, posts: try await searchMeals(text))
    }

    /// Meals have no comments (no request is made).
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] { [] }

    /// None: meals have no comments (no request is made).
    public func allComments() async throws(DataError) -> [Comment] { [] }

    /// The number of categories; meals (there is no list of every meal) and comments are not counted.
    public func statistics() async throws(DataError) -> DataStatistics {
        DataStatistics(users: try await users().count, posts: 0, comments: 0)
    }

    /// The records skipped (or fields blanked) so far this run.
    public func recordIssues() async -> [RecordIssue] { await issueLog.issues }

    // MARK: - Private

    private func list<R: Decodable & Sendable>(
        _ type: R.Type, _ endpoint: String, query: [String: String] = [:], root: String
    ) async throws(DataError) -> RecordList<R> {
        try await list(type, at: Endpoint.url(baseURL, [endpoint], query: query), root: root)
    }

    /// `GET url`, its `{"<root>": [...] | null}` envelope read leniently; issues replace the URL's earlier ones.
    private func list<R: Decodable & Sendable>(
        _ type: R.Type, at url: URL, root: String
    ) async throws(DataError) -> RecordList<R> {
        let data = try await client.data(from: url)
        let (list, issues) = try client.loggingErrors { () throws(DataError) in
            try JSONDecoding.decodeReportingIssues(MealDBList<R>.self, from: data, location: url.absoluteString, root: root)
        }
        await issueLog.replace(issues, for: url.absoluteString)
        return RecordList(records: list.records, issues: issues)
    }
}
