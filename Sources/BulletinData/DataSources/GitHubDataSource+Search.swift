import Foundation

/// GitHub's search API (https://docs.github.com/rest/search/search): `GET /search/users?q=`
/// and `GET /search/repositories?q=`, each answering `{"total_count", "incomplete_results",
/// "items": [...]}` with items in the shapes of `/users` and `/users/{login}/repos`. Search is
/// rate limited on its own (10 requests a minute without a token, 30 with one).
extension GitHubDataSource {
    /// How many users and repositories one search shows (`per_page`; GitHub's default is 30).
    public static let searchPageSize = 30

    /// The first page of users and of repositories matching `query`, two requests made
    /// together; the empty (or blank) query answers empty results at once, without a request.
    /// - Throws: As the requests (a 422 for a query GitHub cannot parse is
    ///   ``DataError/badStatus(_:url:excerpt:)`` with GitHub's message).
    public func search(_ query: String) async throws(DataError) -> SourceSearchResults? {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return SourceSearchResults(query: query) }
        let parameters = ["q": text, "per_page": String(Self.searchPageSize)]
        let usersURL = try Endpoint.url(baseURL, ["search", "users"], query: parameters)
        let reposURL = try Endpoint.url(baseURL, ["search", "repositories"], query: parameters)
        async let users = attempt { () async throws(DataError) in
            let page: GitHubSearchPage<GitHubUser> = try await client.fetch(usersURL)
            return (page.items.map(\.user), page.totalCount, page.incompleteResults)
        }
        async let repos = attempt { () async throws(DataError) in
            let page: GitHubSearchPage<GitHubRepository> = try await client.fetch(reposURL)
            return (page.items.map(\.post), page.totalCount, page.incompleteResults)
        }
        let (foundUsers, foundRepos) = (try await users.get(), try await repos.get())
        return SourceSearchResults(
            query: query, users: foundUsers.0, posts: foundRepos.0, totalUsers: foundUsers.1, totalPosts: foundRepos.1,
            isIncomplete: foundUsers.2 || foundRepos.2)
    }
}

/// One page of a GitHub search answer.
struct GitHubSearchPage<Item: Decodable>: Decodable {
    var totalCount: Int
    var incompleteResults: Bool
    var items: [Item]

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }
}

/// Runs `operation` and keeps its outcome, so two requests can run together (`async let`) with
/// typed errors.
private func attempt<T: Sendable>(_ operation: () async throws(DataError) -> T) async -> Result<T, DataError> {
    do throws(DataError) { return .success(try await operation()) } catch { return .failure(error) }
}
