import Foundation

/// Users, posts and comments from a DummyJSON-compatible REST API (https://dummyjson.com/docs).
///
/// Lists come in envelopes, `{"users": [...], "total", "skip", "limit"}`, paged with
/// `?limit=&skip=`; this source walks the pages (``pageSize`` records each) until `total`
/// is reached. Endpoints: `GET {base}/users`, `/users/{id}`, `/posts/user/{id}`,
/// `/posts/{id}`, `/comments/post/{id}`; ``statistics()`` reads the `total`s of `/users`,
/// `/posts` and `/comments` with `limit=1`. DummyJSON users (`firstName`, `lastName`, …)
/// are mapped onto ``User`` with their age, gender, title, … as ``UserProfile/dummyJSON(_:)``;
/// posts carry their tags, reactions and views (``PostDetails/dummyJSON(_:)``), comments their
/// likes and the commenter (``CommentDetails/dummyJSON(_:)``). Records that do not decode are
/// skipped and reported (``recordIssues()``). Responses are cached for the run by ``HTTPClient``.
public struct DummyJSONDataSource: DataSource {
    // MARK: - Properties

    /// The API root, such as `https://dummyjson.com`.
    public let baseURL: URL
    /// The client requests go through.
    public let client: HTTPClient
    /// Records asked for per page (`limit`).
    public let pageSize: Int
    private let issueLog = IssueLog()

    /// Kind `.dummyJSON`, location the base URL.
    public var descriptor: SourceDescriptor { SourceDescriptor(kind: .dummyJSON, location: baseURL.absoluteString) }

    // MARK: - Init

    /// Creates a source for the API at `baseURL`.
    /// - Parameters:
    ///   - pageSize: Records per request (DummyJSON's default is 30; at most 100 here).
    ///   - timeout: The per-request timeout in seconds.
    public init(baseURL: URL, client: HTTPClient? = nil, pageSize: Int = 100, timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        self.client = client ?? HTTPClient(timeout: timeout)
        self.pageSize = max(1, min(100, pageSize))
    }

    /// Creates a source from text such as the `--dummyjson` option.
    /// - Parameters:
    ///   - maxResponseBytes: The most bytes one response body may have (default 256 MB).
    ///   - log: Where requests and failures are recorded (default none).
    /// - Throws: ``DataError/invalidURL(_:)`` when the text is not an absolute http(s) URL.
    public static func make(
        baseURL: String, timeout: TimeInterval = 15, maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes,
        log: RequestLog? = nil
    ) throws(DataError) -> DummyJSONDataSource {
        DummyJSONDataSource(baseURL: try Endpoint.base(baseURL),
                            client: HTTPClient(timeout: timeout, maxResponseBytes: maxResponseBytes, log: log),
                            timeout: timeout)
    }

    // MARK: - API

    /// Every user, page by page. - Throws: ``DataError`` naming the URL.
    public func users() async throws(DataError) -> [User] { try await userList().records }

    /// Every user with the ones that could not be read.
    public func userList() async throws(DataError) -> RecordList<User> {
        let list = try await allPages(DummyJSONUser.self, path: ["users"], name: "users")
        return RecordList(records: list.records.map(\.user), issues: list.issues)
    }

    /// One page of ``pageSize`` users: `GET {base}/users?limit=&skip=`; the cursor is the next `skip`.
    public func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        let skip = cursor.flatMap { Int($0.token) } ?? 0
        let (page, total, issues) = try await self.page(DummyJSONUser.self, path: ["users"], name: "users", skip: skip, limit: pageSize)
        let nextSkip = skip + max(page.limit, 1)
        return UserPage(
            list: RecordList(records: page.records.map(\.user), issues: issues),
            next: nextSkip < total ? PageCursor(String(nextSkip)) : nil)
    }

    /// `GET {base}/users/{id}`; a 404 is ``DataError/notFound(_:location:)``.
    public func user(id: RecordID) async throws(DataError) -> User {
        let dummy: DummyJSONUser = try await client.fetchRecord("user \(id)", at: Endpoint.url(baseURL, ["users", id.text]))
        return dummy.user
    }

    /// `GET {base}/posts/user/{id}`, every page.
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await allPages(DummyJSONPost.self, path: ["posts", "user", userID.text], name: "posts").records.map(\.post)
    }

    /// `GET {base}/posts/{id}`; a 404 is ``DataError/notFound(_:location:)``.
    public func post(id: RecordID) async throws(DataError) -> Post {
        let post: DummyJSONPost = try await client.fetchRecord("post \(id)", at: Endpoint.url(baseURL, ["posts", id.text]))
        return post.post
    }

    /// `GET {base}/comments/post/{id}`, every page.
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try await allPages(DummyJSONComment.self, path: ["comments", "post", postID.text], name: "comments")
            .records.map(\.comment)
    }

    /// Every post: `GET {base}/posts?limit=&skip=`, every page.
    public func allPosts() async throws(DataError) -> [Post] { try await postList().records }

    /// Every post over `GET {base}/posts?limit=&skip=` pages, with the posts that could not be read.
    public func postList() async throws(DataError) -> RecordList<Post> {
        let list = try await allPages(DummyJSONPost.self, path: ["posts"], name: "posts")
        return RecordList(records: list.records.map(\.post), issues: list.issues)
    }

    /// Every comment: `GET {base}/comments?limit=&skip=`, every page.
    public func allComments() async throws(DataError) -> [Comment] {
        try await allPages(DummyJSONComment.self, path: ["comments"], name: "comments").records.map(\.comment)
    }

    /// The `total`s of `/users`, `/posts` and `/comments`.
    public func statistics() async throws(DataError) -> DataStatistics {
        DataStatistics(
            users: try await page(AnyJSON.self, path: ["users"], name: "users", skip: 0, limit: 1).total,
            posts: try await page(AnyJSON.self, path: ["posts"], name: "posts", skip: 0, limit: 1).total,
            comments: try await page(AnyJSON.self, path: ["comments"], name: "comments", skip: 0, limit: 1).total)
    }

    /// The records skipped so far this run.
    public func recordIssues() async -> [RecordIssue] { await issueLog.issues }

    // MARK: - Private

    /// One page: `GET {base}/{path}?limit=&skip=`.
    private func page<R: Decodable & Sendable>(
        _ type: R.Type, path: [String], name: String, skip: Int, limit: Int
    ) async throws(DataError) -> (page: DummyJSONPage<R>, total: Int, issues: [RecordIssue]) {
        let url = try Endpoint.url(baseURL, path, query: ["limit": String(limit), "skip": String(skip)])
        let data = try await client.data(from: url)
        let (page, issues) = try client.loggingErrors { () throws(DataError) in
            try JSONDecoding.decodeReportingIssues(DummyJSONPage<R>.self, from: data, location: url.absoluteString, root: name)
        }
        await issueLog.replace(issues, for: url.absoluteString)
        return (page, page.total, issues)
    }

    /// Every page of a list, until `total` records have been asked for (at most 1000 pages).
    private func allPages<R: Decodable & Sendable>(
        _ type: R.Type, path: [String], name: String
    ) async throws(DataError) -> RecordList<R> {
        var list = RecordList<R>(records: [])
        var skip = 0
        for _ in 0..<1000 {
            let (page, total, issues) = try await self.page(type, path: path, name: name, skip: skip, limit: pageSize)
            list.records += page.records
            list.issues += issues
            skip += max(page.limit, 1)
            if skip >= total || page.records.isEmpty && issues.isEmpty { break }
        }
        return list
    }
}

extension DummyJSONDataSource {
    /// DummyJSON's words: users, posts and comments.
    public var vocabulary: SourceVocabulary { .dummyJSON }
}
