import Foundation

/// GitHub accounts and their repositories from the GitHub REST API (https://docs.github.com/rest)
/// or GitHub Enterprise (`https://host/api/v3`).
///
/// - The user list is `GET {base}/users?per_page=100`, following `Link: <…>; rel="next"` (which
///   pages with `since=`) for at most ``maxPages`` pages: GitHub has millions of accounts.
/// - A user is `GET {base}/users/{login}` (the login is the ``User``'s id; `[bot]` logins are
///   percent-encoded); the user's repositories, `GET {base}/users/{login}/repos?per_page=100`
///   (every page), are the "posts" under the user; one is `GET {base}/repos/{owner}/{repo}`.
///   Repositories have no comments here.
/// - Every repository (``allPosts()``, ``postList()``) is gathered user by user by the protocol's
///   default: GitHub has no "all repositories of these users" endpoint. A user whose repositories
///   fail is reported in ``postList()``'s issues instead of failing the list; a rate limit stops
///   the gathering and keeps what was read.
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
    /// The most user-list pages followed.
    public let maxPages: Int
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

    /// The first ``maxPages`` pages of `/users`, with the accounts that could not be read.
    public func userList() async throws(DataError) -> RecordList<User> {
        let list = try await pages(GitHubUser.self, from: Endpoint.url(baseURL, ["users"], query: ["per_page": "100"]),
                                   root: "users", limit: maxPages)
        return RecordList(records: list.records.map(\.user), issues: list.issues)
    }

    /// One page of `/users`: the first is `GET {base}/users?per_page=100`; the cursor is the
    /// page's `Link: rel="next"` URL (which pages with `since=`).
    public func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        let url: URL
        if let cursor {
            guard let next = URL(string: cursor.token) else { throw .invalidURL(cursor.token) }
            url = next
        } else {
            url = try Endpoint.url(baseURL, ["users"], query: ["per_page": "100"])
        }
        let (data, link) = try await client.dataAndLink(from: url)
        let page = try client.loggingErrors { () throws(DataError) in
            try JSONDecoding.decodeRecords(GitHubUser.self, from: data, location: url.absoluteString, root: "users")
        }
        return UserPage(
            list: RecordList(records: page.records.map(\.user), issues: page.issues),
            next: Self.nextLink(link).map { PageCursor($0.absoluteString) })
    }

    /// `GET {base}/users/{login}`; a 404 is ``DataError/notFound(_:location:)``.
    public func user(id: RecordID) async throws(DataError) -> User {
        let account: GitHubUser = try await client.fetchRecord("user \(id)", at: Endpoint.url(baseURL, ["users", id.text]))
        return account.user
    }

    /// The user's repositories, every page.
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        let url = try Endpoint.url(baseURL, ["users", userID.text, "repos"], query: ["per_page": "100"])
        return try await pages(GitHubRepository.self, from: url, root: "repos", limit: 50).records.map(\.post)
    }

    /// `GET {base}/repos/{owner}/{repo}` for an id `owner/repo`.
    public func post(id: RecordID) async throws(DataError) -> Post {
        let parts = id.text.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw .notFound("repository \(id)", location: baseURL.absoluteString) }
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

    // MARK: - Paging

    /// The URL of `rel="next"` in a `Link` header (RFC 8288), such as
    /// `<https://api.github.com/users?since=135>; rel="next", <…>; rel="first"`.
    public static func nextLink(_ header: String?) -> URL? {
        LinkHeader.next(in: header, relativeTo: nil)
    }

    // MARK: - Private

    private func pages<R: Decodable & Sendable>(
        _ type: R.Type, from first: URL, root: String, limit: Int
    ) async throws(DataError) -> RecordList<R> {
        var list = RecordList<R>(records: [])
        var next: URL? = first
        var visited = 0
        while let url = next, visited < limit {
            let (data, link) = try await client.dataAndLink(from: url)
            let page = try client.loggingErrors { () throws(DataError) in
                try JSONDecoding.decodeRecords(type, from: data, location: url.absoluteString, root: root)
            }
            list.records += page.records
            list.issues += page.issues
            next = Self.nextLink(link)
            visited += 1
        }
        return list
    }
}

extension GitHubDataSource {
    /// GitHub's words: users and repositories, nothing under a repository.
    public var vocabulary: SourceVocabulary { .github }
}
