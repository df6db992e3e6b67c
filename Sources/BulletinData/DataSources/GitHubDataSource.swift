import Foundation

/// GitHub accounts and their repositories from the GitHub REST API (https://docs.github.com/rest)
/// or GitHub Enterprise (`https://host/api/v3`).
///
/// - The user list is `GET {base}/users?per_page=100`, following `Link: <…>; rel="next"` (which
///   pages with `since=`) for at most ``maxPages`` pages: GitHub has millions of accounts.
/// - A user is `GET {base}/users/{login}` (the login is the ``User``'s id; `[bot]` logins are
///   percent-encoded); the user's repositories, `GET {base}/users/{login}/repos?per_page=100`
///   (every page up to ``maxRepositoryPages``; a later page that fails keeps the earlier ones),
///   are the "posts" under the user; one is `GET {base}/repos/{owner}/{repo}`.
///   Repositories have no comments here.
/// - There is no list of every repository (``allPosts()``, ``postList()``, ``postListing(partial:)``
///   throw at once): GitHub has no such endpoint, and gathering one user by user would cost a
///   request per user. Search uses GitHub's search API instead (``search(_:)``).
/// - `GITHUB_TOKEN`, when given, is sent as `Authorization: Bearer …` and never shown:
///   the descriptor says only that a token is in use.
/// - Rate limits (403/429 with `X-RateLimit-Remaining: 0`, or a secondary limit) are
///   ``DataError/rateLimited(url:resetAt:remaining:)``; pages are cached for the run and
///   revalidated with `If-None-Match` on reload (a 304 costs no rate limit).
public struct GitHubDataSource: DataSource {
    // MARK: - Properties

    /// The API root, such as `https://api.github.com`.
    public let baseURL: URL
    /// The client requests go through (with the bearer token, if any).
    public let client: HTTPClient
    /// The most user-list pages followed (the first page counts), by ``userList()`` and by
    /// ``userPage(after:)`` (the Users list's "load more") alike.
    public let maxPages: Int
    /// The most pages of one user's repositories followed (100 a page).
    public static let maxRepositoryPages = 10
    private let tokenState: TokenState

    /// What became of `GITHUB_TOKEN`.
    private enum TokenState: Sendable { case none, inUse, notSentOverPlainHTTP }

    /// Kind `.github`, location the base URL, authentication `token in use (GITHUB_TOKEN)`,
    /// `none (60 requests an hour)`, or, for a plain-http host that is not loopback, that the
    /// token is not sent over plain HTTP.
    public var descriptor: SourceDescriptor {
        let authentication = switch tokenState {
        case .inUse: "token in use (GITHUB_TOKEN)"
        case .none: "none (60 requests an hour)"
        case .notSentOverPlainHTTP: Self.plainHTTPNotice
        }
        return SourceDescriptor(kind: .github, location: baseURL.absoluteString, authentication: authentication)
    }

    /// The authentication line when a token is set but the API is plain `http://` on another host.
    public static let plainHTTPNotice = "none: GITHUB_TOKEN is not sent over plain HTTP (use https)"

    // MARK: - Init

    /// - Parameters:
    ///   - token: A GitHub token, sent as a bearer token; `nil` or empty for none. It goes only
    ///     to `baseURL`'s origin, and only over https or to a loopback address
    ///     (``HTTPCredential``): for a plain-http host elsewhere it is not sent at all, and
    ///     the descriptor's authentication line says so.
    ///   - maxPages: How many pages of `/users` to follow.
    ///   - timeout: The per-request timeout in seconds.
    ///   - maxResponseBytes: The most bytes one response body may have (default 256 MB).
    ///   - log: Where requests, failures and the rate-limit budget are recorded (default none).
    public init(
        baseURL: URL, token: String? = nil, maxPages: Int = 3, timeout: TimeInterval = 15,
        maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes, log: RequestLog? = nil
    ) {
        self.baseURL = baseURL
        let credential = token.flatMap { HTTPCredential(bearerToken: $0, for: baseURL) }
        tokenState = credential.map { $0.isUsable ? .inUse : .notSentOverPlainHTTP } ?? .none
        let headers = ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"]
        client = HTTPClient(timeout: timeout, headers: headers, credential: credential?.isUsable == true ? credential : nil,
                            maxResponseBytes: maxResponseBytes, log: log)
        self.maxPages = max(1, maxPages)
    }

    /// Creates a source from text such as `--github-url`.
    /// - Throws: ``DataError/invalidURL(_:)`` when the text is not an absolute http(s) URL.
    public static func make(
        baseURL: String, token: String?, timeout: TimeInterval = 15,
        maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes, log: RequestLog? = nil
    ) throws(DataError) -> GitHubDataSource {
        GitHubDataSource(baseURL: try Endpoint.base(baseURL), token: token, timeout: timeout,
                         maxResponseBytes: maxResponseBytes, log: log)
    }

    // MARK: - API

    /// The first ``maxPages`` pages of `/users`.
    public func users() async throws(DataError) -> [User] { try await userList().records }

    /// The first ``maxPages`` pages of `/users`, with the accounts that could not be read and,
    /// when GitHub has more, a ``RecordIssue/Effect/partial`` issue saying where Bulletin stopped.
    public func userList() async throws(DataError) -> RecordList<User> {
        var list = RecordList<User>(records: [])
        var cursor: PageCursor?
        repeat {
            let page = try await userPage(after: cursor)
            list.records += page.list.records
            list.issues += page.list.issues
            cursor = page.next
        } while cursor != nil
        return list
    }

    /// `GET {base}/users/{login}` (the login percent-encoded as one path segment:
    /// `dependabot%5Bbot%5D`); a 404 is ``DataError/notFound(_:location:)``.
    public func user(id: RecordID) async throws(DataError) -> User {
        let account: GitHubUser = try await client.fetchRecord("user \(id)", at: Endpoint.url(baseURL, ["users", id.text]))
        return account.user
    }

    /// The user's repositories: ``postList(userID:)``'s records.
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await postList(userID: userID).records
    }

    /// `GET {base}/repos/{owner}/{repo}` for an id `owner/repo` (each part percent-encoded as
    /// one path segment).
    /// - Throws: ``DataError/notFound(_:location:)`` when the id is not `owner/repo` or GitHub has no such repository.
    public func post(id: RecordID) async throws(DataError) -> Post {
        let parts = id.text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .notFound("repository \(id) (a repository is named owner/name)", location: baseURL.absoluteString)
        }
        let repository: GitHubRepository = try await client.fetchRecord(
            "repository \(id)", at: Endpoint.url(baseURL, ["repos", parts[0], parts[1]]))
        return repository.post
    }

    /// Repositories have no comments in Bulletin's GitHub view.
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] { [] }

    /// None: repositories have no comments here (no requests are made).
    public func allComments() async throws(DataError) -> [Comment] { [] }

    /// The accounts on the pages followed; repositories and comments are not counted.
    public func statistics() async throws(DataError) -> DataStatistics {
        DataStatistics(users: try await users().count, posts: 0, comments: 0)
    }

    // MARK: - No list of every repository

    /// GitHub has no list of every repository of these users, and gathering one would cost a
    /// request per user (60 an hour without a token): this throws at once, with no request.
    /// - Throws: ``DataError/notFound(_:location:)`` saying where repositories are listed.
    public func postList() async throws(DataError) -> RecordList<Post> { throw noRepositoryList }

    /// As ``postList()``: throws at once, with no request.
    public func allPosts() async throws(DataError) -> [Post] { throw noRepositoryList }

    /// As ``postList()``: throws at once, with no request (not even for the users).
    public func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        throw noRepositoryList
    }

    /// `No list of every repository in https://api.github.com (GitHub lists repositories per user: open a user, or search)`.
    var noRepositoryList: DataError {
        .notFound("list of every repository",
                  location: "\(baseURL.absoluteString) (GitHub lists repositories per user: open a user, or search)")
    }

    // MARK: - Paging

    /// The URL of `rel="next"` in a `Link` header (RFC 8288), such as
    /// `<https://api.github.com/users?since=135>; rel="next", <…>; rel="first"`.
    public static func nextLink(_ header: String?) -> URL? {
        LinkHeader.next(in: header, relativeTo: nil)
    }
}

extension GitHubDataSource {
    /// GitHub's words: users and repositories, nothing under a repository.
    public var vocabulary: SourceVocabulary { .github }
}
