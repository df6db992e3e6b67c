import Foundation

/// Fetches JSON over HTTP(S) through libcurl (``CurlTransport``) and reports every failure as a ``DataError``.
///
/// Each request carries `Accept: application/json`, `User-Agent: Bulletin/0.1`, ``headers`` and,
/// where ``HTTPCredential/allows(_:)`` says so, the ``credential``. ``timeout`` bounds the whole
/// request (seconds, connecting included); a body larger than ``maxResponseBytes``, or headers
/// larger than ``maxHeaderBytes``, stop the request. Redirects are followed as ``Redirect``
/// decides (RFC 9110 §15.4: at most ``Redirect/maxHops``, loops detected by URL, no body dropped).
/// Failures carry the request URL: transport problems become ``DataError/transport(url:reason:)``
/// ("connection refused", "host not found", …), a timeout ``DataError/timedOut(url:)`` (nothing
/// came) or ``DataError/tooSlow(url:bytes:seconds:)`` (some bytes came, too slowly),
/// cancellation ``DataError/cancelled``, a non-2xx status ``DataError/badStatus(_:url:excerpt:)``,
/// an undecodable body ``DataError/malformedJSON(path:location:reason:)`` and a rate limit
/// ``DataError/rateLimited(url:resetAt:remaining:)``. Failed `GET`s are retried per ``retry``;
/// 2xx bodies are kept in ``cache`` for the run (see ``data(from:)``).
public struct HTTPClient: Sendable {
    // MARK: - Properties

    /// The `User-Agent` header sent with every request.
    public static let userAgent = "Bulletin/0.1"
    /// Set (inside ``expectingMissing(_:)``) while a 404 is an expected answer, such as the
    /// read-back that confirms a delete: it is then not recorded as an error in ``log``.
    @TaskLocal static var missingIsExpected = false
    /// The default for ``maxResponseBytes``: 256 MB (`--max-response 256`).
    public static let defaultMaxResponseBytes = 256 * 1024 * 1024
    /// The most bytes a response's header lines may have together (status line included):
    /// 100 KB (102,400 bytes), which is also libcurl's limit for one line. Larger headers stop
    /// the request with ``DataError/headersTooLarge(url:limitBytes:)``.
    public static let maxHeaderBytes = 100 * 1_024

    /// Seconds the whole request (connecting, headers and body) may take before it is stopped
    /// with ``DataError/timedOut(url:)`` (nothing came) or ``DataError/tooSlow(url:bytes:seconds:)``.
    public let timeout: TimeInterval
    /// When failed `GET`s are sent again.
    public let retry: RetryPolicy
    /// Extra headers sent with every request (such as GitHub's `Accept`). Not for secrets: the
    /// ones in ``credentialHeaders`` are never sent from here, only as ``credential``.
    public let headers: [String: String]
    /// Header names that carry credentials; dropped from ``headers`` (case-insensitively).
    public static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    /// The token sent as `Authorization`, only to its own origin and only over https or loopback.
    public let credential: HTTPCredential?
    /// The most body bytes one response may have; a longer one fails with
    /// ``DataError/responseTooLarge(url:limitBytes:)``.
    public let maxResponseBytes: Int
    /// Bodies already fetched this run; shared by copies of this client.
    public let cache: ResponseCache
    /// What list answers taught about the server's paging this run (``PageWalk``); shared by copies.
    let paging = PagingKnowledge()
    /// Where every request sent (method, path, status, duration), every failure and the
    /// rate-limit budget are recorded, for the Admin panel; `nil` for none.
    public let log: RequestLog?
    /// The libcurl transport requests run on: the process's one ``CurlTransport/shared``, or a
    /// transport of its own (tests that measure the transport thread alone).
    var transport: CurlTransport = .shared

    // MARK: - Init

    /// - Parameters:
    ///   - timeout: Seconds the whole request may take (default 15).
    ///   - retry: When to send a failed request again (default ``RetryPolicy/standard``).
    ///   - headers: Extra headers for every request (never a token: see `credential`).
    ///   - credential: A token and the origin it belongs to (default none).
    ///   - maxResponseBytes: The most bytes a body may have (default 256 MB).
    ///   - log: Where requests and failures are recorded (default none).
    public init(
        timeout: TimeInterval = 15, retry: RetryPolicy = .standard, headers: [String: String] = [:],
        credential: HTTPCredential? = nil, maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes,
        log: RequestLog? = nil
    ) {
        self.timeout = timeout
        self.retry = retry
        self.headers = headers
        self.credential = credential
        self.maxResponseBytes = max(1, maxResponseBytes)
        self.cache = ResponseCache()
        self.log = log
    }

    // MARK: - API

    /// Fetches one record at `url` (`GET /users/3`); a 404, or a `200` whose body is `null`
    /// (some mock servers), means the API has no such record.
    /// - Parameter what: The record's name for the error, such as `user 3`.
    /// - Throws: ``DataError/notFound(_:location:)`` naming `what` and the URL for a 404 or `null`, else as ``fetch(_:)``.
    public func fetchRecord<T: Decodable>(_ what: String, at url: URL) async throws(DataError) -> T {
        try await DataError.notFoundOn404(what, at: url) { () throws(DataError) -> T in
            let body = try await data(from: url)
            if String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "null" {
                throw .notFound(what, location: url.absoluteString)
            }
            do throws(DataError) { return try JSONDecoding.decode(T.self, from: body, location: url.absoluteString) } catch {
                log?.record(error)
                throw error
            }
        }
    }

    /// Fetches `url` and decodes its JSON body as a `T`.
    ///
    /// - Parameter url: An absolute `http` or `https` URL.
    /// - Returns: The decoded body.
    /// - Throws: ``DataError``: `.transport`, `.timedOut`, `.cancelled`, `.badStatus` (any non-2xx,
    ///   with the start of the body), `.responseTooLarge`, a redirect error, or `.malformedJSON`
    ///   with the URL as location.
    public func fetch<T: Decodable>(_ url: URL) async throws(DataError) -> T {
        let body = try await data(from: url)
        do throws(DataError) {
            return try JSONDecoding.decode(T.self, from: body, location: url.absoluteString)
        } catch {
            log?.record(error)
            throw error
        }
    }

    /// Fetches `url` and returns its body when the status is 2xx, retrying as ``retry`` says.
    /// - Throws: As ``fetch(_:)``, except `.malformedJSON`; `.rateLimited` for a 429 that
    ///   outlasts the retries or a GitHub rate limit.
    ///
    /// A URL fetched before this run is answered from ``cache`` without a request, unless
    /// ``FetchContext/isReload`` is set: then it is fetched again, with `If-None-Match` when
    /// its `ETag` is known, and a `304` reuses the stored body.
    public func data(from url: URL) async throws(DataError) -> Data {
        try await dataAndLink(from: url).body
    }

    /// As ``data(from:)``, with the response's `Link` header (RFC 8288 pagination), if any.
    public func dataAndLink(from url: URL) async throws(DataError) -> (body: Data, link: String?) {
        let answer = try await dataAndPaging(from: url)
        return (answer.body, answer.link)
    }

    /// As ``data(from:)``, with the response's paging headers: `Link` and `X-Total-Count`
    /// (json-server's count of the whole list; `nil` when absent or not a whole number).
    func dataAndPaging(from url: URL) async throws(DataError) -> (body: Data, link: String?, totalCount: Int?) {
        let cached = await cache.entry(for: url)
        if let cached, !FetchContext.isReload { return (cached.body, cached.link, cached.totalCount) }
        var attempt = 1
        while true {
            let failure: DataError
            var retryAfter: TimeInterval?
            do throws(DataError) {
                let response = try await send(url, etag: cached?.etag)
                if response.status == 304, let cached { return (cached.body, cached.link, cached.totalCount) }
                if response.isSuccess {
                    let link = response.header("Link")
                    let total = response.header("X-Total-Count").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                    await cache.store(response.body, etag: response.header("ETag"), link: link, totalCount: total, for: url)
                    return (response.body, link, total)
                }
                retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After"))
                failure = Self.statusError(response, url: url)
            } catch {
                failure = error
            }
            guard let delay = retry.delay(after: failure, attempt: attempt, retryAfter: retryAfter) else {
                var final = failure
                if case .badStatus(429, _, _) = failure {
                    final = .rateLimited(url: url.absoluteString, resetAt: retryAfter.map { Date() + $0 }, remaining: nil)
                }
                if case .badStatus(404, _, _) = final, Self.missingIsExpected {} else { log?.record(final) }
                throw final
            }
            do { try await Task.sleep(for: .seconds(delay)) } catch { throw .cancelled }
            attempt += 1
        }
    }

    /// Runs `operation` with a 404 answer treated as expected: still thrown, but not recorded
    /// among the log's errors (the request itself is still listed with its status).
    /// - Throws: Whatever `operation` throws.
    static func expectingMissing<T: Sendable>(
        _ operation: @Sendable () async throws(DataError) -> T
    ) async throws(DataError) -> T {
        do {
            return try await $missingIsExpected.withValue(true) { try await operation() }
        } catch let error as DataError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// Sends one `GET` (following redirects) and returns the answer, whatever the status
    /// (unrecorded; see ``send(_:etag:)``).
    func sendUnlogged(_ url: URL, etag: String?) async throws(DataError) -> HTTPResponse {
        let extra = etag.map { [HTTPResponse.Header(name: "If-None-Match", value: $0)] } ?? []
        return try await perform("GET", url, body: nil, extraHeaders: extra)
    }

    /// Sends `method` to `url` with `body`, following redirects as ``Redirect`` decides, and returns
    /// the last answer whatever its status. `extraHeaders` (such as `If-None-Match`) go with the
    /// first hop only.
    /// - Throws: ``DataError``: `.transport`, `.timedOut`, `.cancelled`, `.responseTooLarge`,
    ///   `.redirectRefused`, `.redirectLoop`, `.tooManyRedirects`.
    func perform(
        _ method: String, _ url: URL, body: Data?, extraHeaders: [HTTPResponse.Header] = []
    ) async throws(DataError) -> HTTPResponse {
        var hop = Redirect.Hop(method: method, url: url, body: body)
        var visited = [url]
        var extra = extraHeaders
        while true {
            let response = try await transport.perform(makeRequest(hop, extraHeaders: extra))
            if Task.isCancelled { throw .cancelled }
            guard let next = try Redirect.next(after: response, of: hop, visited: visited) else { return response }
            visited.append(next.url)
            hop = next
            extra = []
        }
    }

    /// The request for one hop, with Bulletin's headers: `Accept: application/json`, `User-Agent`,
    /// ``headers``, `Authorization` when ``credential`` allows it for the hop's URL, and
    /// `Content-Type: application/json; charset=utf-8` with a body.
    func makeRequest(_ hop: Redirect.Hop, extraHeaders: [HTTPResponse.Header] = []) -> HTTPRequest {
        var lines = [HTTPResponse.Header(name: "Accept", value: "application/json"),
                     HTTPResponse.Header(name: "User-Agent", value: Self.userAgent)]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !Self.credentialHeaders.contains(name.lowercased()) {
            lines.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            lines.append(HTTPResponse.Header(name: name, value: value))
        }
        if let credential, credential.allows(hop.url) { lines.append(credential.header) }
        if hop.body != nil { lines.append(HTTPResponse.Header(name: "Content-Type", value: "application/json; charset=utf-8")) }
        return HTTPRequest(method: hop.method, url: hop.url, headers: lines + extraHeaders, body: hop.body,
                           timeout: timeout, maxResponseBytes: maxResponseBytes)
    }

    // MARK: - Mapping

    /// The error for a non-2xx answer: `.rateLimited` for GitHub's rate limits (403 or 429 with
    /// `X-RateLimit-Remaining: 0`, reset at `X-RateLimit-Reset` epoch seconds, or a body
    /// mentioning a secondary rate limit), else `.badStatus` with an excerpt of the body.
    static func statusError(_ response: HTTPResponse, url: URL) -> DataError {
        let code = response.status
        if code == 403 || code == 429 {
            let remaining = response.header("X-RateLimit-Remaining").flatMap { Int($0) }
            let reset = response.header("X-RateLimit-Reset").flatMap { TimeInterval($0) }
                .map { Date(timeIntervalSince1970: $0) }
            let retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After")).map { Date() + $0 }
            let secondary = excerpt(of: response.body).lowercased().contains("secondary rate limit")
            if remaining == 0 || secondary {
                return .rateLimited(url: url.absoluteString, resetAt: retryAfter ?? reset, remaining: remaining)
            }
        }
        return .badStatus(code, url: url.absoluteString, excerpt: excerpt(of: response.body))
    }

    /// A body in words, at most 200 characters on one line (``ErrorBodyText``: an HTML page's
    /// title, a JSON error's message, else the text).
    static func excerpt(of data: Data) -> String { ErrorBodyText.words(of: data) }
}
