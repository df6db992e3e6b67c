import Foundation

/// Users, posts and comments from a JSONPlaceholder-compatible REST API.
///
/// Follows JSONPlaceholder (https://jsonplaceholder.typicode.com) and json-server:
/// `GET {base}/users`, `/users/{id}`, `/posts?userId={id}`, `/posts/{id}`,
/// `/comments?postId={id}`; ``statistics()`` counts the arrays from `/users`, `/posts` and
/// `/comments`. Requests go through ``HTTPClient``, which keeps answers for the run (a reload,
/// ``FetchContext/isReload``, revalidates them) and retries failed `GET`s. Lists decode
/// leniently: records that do not decode are skipped and reported (``recordIssues()``).
/// Every list is read to its last page: by `Link: rel="next"`, or by `_page`/`_limit` where an
/// answer without `Link` looks like a page (at most ``maxPages`` pages, see `PageWalk.swift`);
/// one that cannot be read to its end says so (a ``RecordIssue/Effect/partial`` issue). Child lists are filtered here by
/// their `userId`/`postId` whatever the server does with the filter, falling back to the whole
/// collection when it gets the filter wrong (see `RESTDataSource+ChildLists.swift`).
/// The descriptor is `.rest` with the base URL.
public struct RESTDataSource: DataSource {
    // MARK: - Properties

    /// The API root, such as `https://jsonplaceholder.typicode.com`; paths are appended to it.
    public let baseURL: URL
    /// The client requests go through.
    public let client: HTTPClient
    private let issueLog = IssueLog()
    /// What the server's `?userId=`/`?postId=` filters were seen to do this run.
    let childFilters = ChildFilters()
    /// The most pages one list follows before it stops and says only part was read
    /// (default ``defaultMaxPages``).
    public var maxPages = RESTDataSource.defaultMaxPages

    /// Kind `.rest`, location the base URL.
    public var descriptor: SourceDescriptor { SourceDescriptor(kind: .rest, location: baseURL.absoluteString) }

    // MARK: - Init

    /// Creates a source for the API at `baseURL`.
    ///
    /// A base URL without a scheme or host is accepted here, but every request then throws
    /// ``DataError/invalidURL(_:)``; use ``make(baseURL:timeout:)`` to find out at once.
    /// - Parameters:
    ///   - baseURL: The API root (`http` or `https`).
    ///   - timeout: The per-request timeout in seconds (default 15).
    ///   - maxResponseBytes: The most bytes one response body may have (`--max-response`, default 256 MB).
    ///   - log: Where requests and failures are recorded, for the Admin panel (default none).
    public init(
        baseURL: URL, timeout: TimeInterval = 15, maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes,
        log: RequestLog? = nil
    ) {
        self.baseURL = baseURL
        self.client = HTTPClient(timeout: timeout, maxResponseBytes: maxResponseBytes, log: log)
    }

    /// Creates a source from text such as the `--api` option.
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL with a host.
    ///   - timeout: The per-request timeout in seconds (default 15).
    ///   - maxResponseBytes: The most bytes one response body may have (default 256 MB).
    ///   - log: Where requests and failures are recorded (default none).
    /// - Throws: ``DataError/invalidURL(_:)`` when the text is not such a URL.
    public static func make(
        baseURL: String, timeout: TimeInterval = 15, maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes,
        log: RequestLog? = nil
    ) throws(DataError) -> RESTDataSource {
        let trimmed = baseURL.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), isUsable(url) else { throw .invalidURL(baseURL) }
        return RESTDataSource(baseURL: url, timeout: timeout, maxResponseBytes: maxResponseBytes, log: log)
    }

    // MARK: - API

    /// `GET {base}/users`; users that do not decode are left out (see ``userList()``).
    /// - Throws: ``DataError``: `.invalidURL`, `.transport`, `.timedOut`, `.cancelled`, `.badStatus`, `.malformedJSON`.
    public func users() async throws(DataError) -> [User] {
        try await userList().records
    }

    /// `GET {base}/users`, with the users that were skipped or had a field blanked (`users[3].name null`).
    /// - Throws: As ``users()``; `.malformedJSON` only when the body is not a JSON array.
    public func userList() async throws(DataError) -> RecordList<User> {
        try await records(User.self, at: url("users"), root: "users")
    }

    /// The records left out of every list fetched so far this run (the latest fetch of each URL).
    public func recordIssues() async -> [RecordIssue] {
        await issueLog.issues
    }

    /// `GET {base}/users/{id}`; a 404 becomes ``DataError/notFound(_:location:)`` (`user 3`).
    ///
    /// A server without `GET /users/{id}` (405 or 501) is answered from the whole list instead
    /// (see ``record(_:id:in:from:)``).
    public func user(id: RecordID) async throws(DataError) -> User {
        try await record("user", id: id, in: "users") { () async throws(DataError) in try await userList().records }
    }

    /// `GET {base}/posts?userId={id}`, keeping only the posts whose `userId` is `userID`; from
    /// `GET {base}/posts` once the server is seen to ignore or mis-compare the filter.
    /// - Throws: ``DataError``: `.invalidURL`, `.transport`, `.timedOut`, `.cancelled`, `.badStatus`, `.malformedJSON`.
    public func posts(userID: RecordID) async throws(DataError) -> [Post] {
        try await postList(userID: userID).records
    }

    /// As ``posts(userID:)``, with the posts skipped and whether the list was read only in part
    /// (a server that pages without `Link` and cannot be read to the end).
    /// - Throws: As ``posts(userID:)``.
    public func postList(userID: RecordID) async throws(DataError) -> RecordList<Post> {
        try await children(Post.self, in: "posts", parentKey: "userId", parent: userID) { $0.userId }
    }

    /// `GET {base}/posts/{id}`; a 404 becomes ``DataError/notFound(_:location:)`` (`post 3`).
    ///
    /// A server without `GET /posts/{id}` (405 or 501) is answered from the whole list instead.
    public func post(id: RecordID) async throws(DataError) -> Post {
        try await record("post", id: id, in: "posts") { () async throws(DataError) in try await postList().records }
    }

    /// `GET {base}/{collection}/{id}`; when the server has no such route (it answers 405 Method
    /// Not Allowed or 501 Not Implemented, as some json-server-like APIs do), the record is looked
    /// up by id in the whole collection (`list`, cached for the run like any answer) and the Admin
    /// panel is told (a note recorded once).
    /// - Throws: ``DataError/notFound(_:location:)`` naming `noun` and the URL when there is no
    ///   such record (404, `200 null`, or absent from the list), else as ``HTTPClient/fetch(_:)``.
    private func record<R: Decodable & Identifiable & Sendable>(
        _ noun: String, id: RecordID, in collection: String, from list: () async throws(DataError) -> [R]
    ) async throws(DataError) -> R where R.ID == RecordID {
        let recordURL = try url(collection, id.text)
        do throws(DataError) {
            return try await client.fetchRecord("\(noun) \(id)", at: recordURL)
        } catch {
            guard case let .badStatus(status, _, _) = error, status == 405 || status == 501 else { throw error }
            client.log?.record(note: "The server has no GET /\(collection)/{id} (HTTP \(status)): \(collection) are "
                + "looked up by id in GET /\(collection).")
            guard let found = try await list().first(where: { $0.id == id }) else {
                throw .notFound("\(noun) \(id)", location: recordURL.absoluteString)
            }
            return found
        }
    }

    /// `GET {base}/comments?postId={id}`, keeping only the comments whose `postId` is `postID`;
    /// from `GET {base}/comments` once the server is seen to ignore or mis-compare the filter.
    /// - Throws: ``DataError``: `.invalidURL`, `.transport`, `.timedOut`, `.cancelled`, `.badStatus`, `.malformedJSON`.
    public func comments(postID: RecordID) async throws(DataError) -> [Comment] {
        try await commentList(postID: postID).records
    }

    /// As ``comments(postID:)``, with the comments skipped (`comments[1] not valid UTF-8 …`)
    /// and whether the list was read only in part.
    /// - Throws: As ``comments(postID:)``.
    public func commentList(postID: RecordID) async throws(DataError) -> RecordList<Comment> {
        try await children(Comment.self, in: "comments", parentKey: "postId", parent: postID) { $0.postId }
    }

    /// `GET {base}/posts`: every post in one request; posts that do not decode are left out.
    /// - Throws: ``DataError``: `.invalidURL`, `.transport`, `.timedOut`, `.cancelled`, `.badStatus`, `.malformedJSON`.
    public func allPosts() async throws(DataError) -> [Post] { try await postList().records }

    /// `GET {base}/posts`, with the posts that were skipped (`posts[7].title null`).
    /// - Throws: As ``allPosts()``.
    public func postList() async throws(DataError) -> RecordList<Post> {
        try await records(Post.self, at: url("posts"), root: "posts")
    }

    /// `GET {base}/comments`: every comment in one request; comments that do not decode are left out.
    /// - Throws: As ``allPosts()``.
    public func allComments() async throws(DataError) -> [Comment] {
        try await records(Comment.self, at: url("comments"), root: "comments").records
    }

    /// Counts from `GET {base}/users`, `/posts` and `/comments`, fetched concurrently, and from
    /// `/albums`, `/photos` and `/todos` where the server has them (`nil` where it does not, or
    /// that request fails: the other counts still show). Records are counted, not decoded, so
    /// any array of objects counts.
    public func statistics() async throws(DataError) -> DataStatistics {
        let usersURL = try url("users")
        let postsURL = try url("posts")
        let commentsURL = try url("comments")
        async let users = count(usersURL)
        async let posts = count(postsURL)
        async let comments = count(commentsURL)
        async let albums = optionalCount("albums")
        async let photos = optionalCount("photos")
        async let todos = optionalCount("todos")
        do {
            return try await DataStatistics(
                users: users, posts: posts, comments: comments, albums: albums, photos: photos, todos: todos)
        } catch let error as DataError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    // MARK: - Private

    /// Any JSON value, skipped without decoding its contents; for counting array elements.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// How many records `GET {base}/{collection}` holds, or `nil` when it cannot be told (no such
    /// collection on this server, or the request failed).
    private func optionalCount(_ collection: String) async -> Int? {
        guard let url = try? url(collection) else { return nil }
        return try? await HTTPClient.expectingMissing { () throws(DataError) in try await count(url) }
    }

    /// How many array elements `url` holds, over every page; a count from a list read only in
    /// part is logged as such (``recordIssues()``), so the Admin panel says so beside it.
    private func count(_ url: URL) async throws(DataError) -> Int {
        let list = try await pages(Skipped.self, from: url, root: url.lastPathComponent)
        await issueLog.add(list.issues.filter { $0.effect == .partial })
        return list.records.count
    }

    /// Fetches a JSON array of records (every page), skipping (and logging) the ones that do not decode.
    func records<R: Decodable & Sendable>(
        _ type: R.Type, at url: URL, root: String
    ) async throws(DataError) -> RecordList<R> {
        let list = try await pages(type, from: url, root: root)
        await issueLog.replace(list.issues, for: url.absoluteString)
        return list
    }

    /// `{base}/a/b?key=value`, with each path component percent-encoded.
    /// - Throws: ``DataError/invalidURL(_:)`` when the base URL has no http(s) scheme or host.
    func url(_ components: String..., query: [String: String] = [:]) throws(DataError) -> URL {
        guard Self.isUsable(baseURL) else { throw .invalidURL(baseURL.absoluteString) }
        let url = components.reduce(baseURL) { $0.appendingPathComponent($1) }
        guard !query.isEmpty else { return url }
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .invalidURL(url.absoluteString)
        }
        parts.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        guard let withQuery = parts.url else { throw .invalidURL(url.absoluteString) }
        return withQuery
    }

    private static func isUsable(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(url.host ?? "").isEmpty
    }
}

/// The record issues of the latest fetch of each URL, in the order the URLs were first fetched.
actor IssueLog {
    private(set) var issues: [RecordIssue] = []

    /// Replaces the issues previously logged for `location` with `new`.
    func replace(_ new: [RecordIssue], for location: String) {
        issues.removeAll { $0.location == location }
        issues += new
    }

    /// Adds those of `new` not logged already.
    func add(_ new: [RecordIssue]) {
        issues += new.filter { !issues.contains($0) }
    }
}
