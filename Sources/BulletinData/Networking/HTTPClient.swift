import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches JSON over HTTP(S) with URLSession async/await and reports every failure as a ``DataError``.
///
/// Each request is a `GET` with `Accept: application/json`, `User-Agent: Bulletin/0.1` and
/// a timeout (seconds). Failures carry the request URL: transport problems become
/// ``DataError/transport(url:reason:)`` ("connection refused", "host not found", …), a
/// timeout ``DataError/timedOut(url:)``, cancellation ``DataError/cancelled``, a non-2xx
/// status ``DataError/badStatus(_:url:excerpt:)`` and an undecodable body
/// ``DataError/malformedJSON(path:location:reason:)``; a rate limit
/// ``DataError/rateLimited(url:resetAt:remaining:)``. Failed `GET`s are retried per ``retry``;
/// 2xx bodies are kept in ``cache`` for the run (see ``data(from:)``).
public struct HTTPClient: Sendable {
    // MARK: - Properties

    /// The `User-Agent` header sent with every request.
    public static let userAgent = "Bulletin/0.1"

    /// The session requests go through.
    public let session: URLSession
    /// How long a request may take before it fails with ``DataError/timedOut(url:)``, in seconds.
    public let timeout: TimeInterval
    /// When failed `GET`s are sent again.
    public let retry: RetryPolicy
    /// Extra headers sent with every request (such as `Authorization`).
    public let headers: [String: String]
    /// Bodies already fetched this run; shared by copies of this client.
    public let cache: ResponseCache
    /// Where every request sent (method, path, status, duration), every failure and the
    /// rate-limit budget are recorded, for the Admin panel; `nil` for none.
    public let log: RequestLog?

    // MARK: - Init

    /// - Parameters:
    ///   - session: The session to use; by default a new one with an ephemeral configuration
    ///     (no disk cache, no cookies kept).
    ///   - timeout: The per-request timeout in seconds (default 15).
    ///   - retry: When to send a failed request again (default ``RetryPolicy/standard``).
    ///   - headers: Extra headers for every request.
    ///   - log: Where requests and failures are recorded (default none).
    public init(
        session: URLSession? = nil, timeout: TimeInterval = 15, retry: RetryPolicy = .standard,
        headers: [String: String] = [:], log: RequestLog? = nil
    ) {
        self.session = session ?? Self.ephemeralSession(timeout: timeout)
        self.timeout = timeout
        self.retry = retry
        self.headers = headers
        self.cache = ResponseCache()
        self.log = log
    }

    /// A session with an ephemeral configuration and the given request timeout, in seconds.
    public static func ephemeralSession(timeout: TimeInterval = 15) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
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
    ///   with the start of the body), or `.malformedJSON` with the URL as location.
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
        let cached = await cache.entry(for: url)
        if let cached, !FetchContext.isReload { return (cached.body, cached.link) }
        var attempt = 1
        while true {
            let failure: DataError
            var retryAfter: TimeInterval?
            do throws(DataError) {
                let (data, http) = try await send(url, etag: cached?.etag)
                if http.statusCode == 304, let cached { return (cached.body, cached.link) }
                if (200..<300).contains(http.statusCode) {
                    let link = http.value(forHTTPHeaderField: "Link")
                    await cache.store(data, etag: http.value(forHTTPHeaderField: "ETag"), link: link, for: url)
                    return (data, link)
                }
                retryAfter = RetryPolicy.retryAfterSeconds(http.value(forHTTPHeaderField: "Retry-After"))
                failure = Self.statusError(http, body: data, url: url)
            } catch {
                failure = error
            }
            guard let delay = retry.delay(after: failure, attempt: attempt, retryAfter: retryAfter) else {
                var final = failure
                if case .badStatus(429, _, _) = failure {
                    final = .rateLimited(url: url.absoluteString, resetAt: retryAfter.map { Date() + $0 }, remaining: nil)
                }
                log?.record(final)
                throw final
            }
            do { try await Task.sleep(for: .seconds(delay)) } catch { throw .cancelled }
            attempt += 1
        }
    }

    /// Sends one `GET` and returns the body and response, whatever the status (unrecorded; see ``send(_:etag:)``).
    func sendUnlogged(_ url: URL, etag: String?) async throws(DataError) -> (Data, HTTPURLResponse) {
        var request = makeRequest("GET", url)
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let (data, http) = try await perform(request, url: url)
        if Task.isCancelled { throw .cancelled }
        return (data, http)
    }

    /// A `method` request for `url` with Bulletin's headers (`Accept: application/json`,
    /// `User-Agent`, ``headers``), bypassing URLSession's own cache.
    func makeRequest(_ method: String, _ url: URL) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// Sends `request` once, within ``timeout`` × ``wholeRequestFactor`` seconds, and returns the
    /// body and response whatever the status.
    /// - Throws: ``DataError``: `.transport` (also for an answer that is not HTTP), `.timedOut`,
    ///   `.cancelled`.
    func perform(_ request: URLRequest, url: URL) async throws(DataError) -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.withDeadline(seconds: timeout * Self.wholeRequestFactor) { [session, request] in
                try await session.data(for: request)
            }
        } catch {
            throw Self.dataError(for: error, url: url)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .transport(url: url.absoluteString, reason: "not an HTTP response")
        }
        return (data, http)
    }

    /// The error for a non-2xx answer: `.rateLimited` for GitHub's rate limits (403 or 429 with
    /// `X-RateLimit-Remaining: 0`, reset at `X-RateLimit-Reset` epoch seconds, or a body
    /// mentioning a secondary rate limit), else `.badStatus` with an excerpt of the body.
    static func statusError(_ http: HTTPURLResponse, body: Data, url: URL) -> DataError {
        let code = http.statusCode
        if code == 403 || code == 429 {
            let remaining = http.value(forHTTPHeaderField: "X-RateLimit-Remaining").flatMap { Int($0) }
            let reset = http.value(forHTTPHeaderField: "X-RateLimit-Reset").flatMap { TimeInterval($0) }
                .map { Date(timeIntervalSince1970: $0) }
            let retryAfter = RetryPolicy.retryAfterSeconds(http.value(forHTTPHeaderField: "Retry-After"))
                .map { Date() + $0 }
            let secondary = excerpt(of: body).lowercased().contains("secondary rate limit")
            if remaining == 0 || secondary {
                return .rateLimited(url: url.absoluteString, resetAt: retryAfter ?? reset, remaining: remaining)
            }
        }
        return .badStatus(code, url: url.absoluteString, excerpt: excerpt(of: body))
    }

    /// The whole request (headers and body) may take this many times ``timeout``; ``timeout``
    /// itself bounds each wait for data, so a slow but steady body still arrives.
    public static let wholeRequestFactor: TimeInterval = 2

    /// Runs `operation`, failing with `URLError(.timedOut)` after `seconds`, or with
    /// `CancellationError` as soon as the calling task is cancelled.
    ///
    /// URLSession's idle timeout does not always fire on Linux, and cancelling a task stuck there
    /// can block the calling thread; so the operation runs in its own task, which is abandoned
    /// (never cancelled, never awaited) when the deadline passes or the caller is cancelled.
    static func withDeadline<T: Sendable>(
        seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let gate = OnceGate<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                gate.install(continuation)
                let work = Task { gate.finish(with: await Result(catching: operation)) }
                let timer = Task {
                    try? await Task.sleep(for: .seconds(seconds))
                    gate.finish(with: .failure(URLError(.timedOut)))
                }
                _ = work  // abandoned, not cancelled, at the deadline: cancelling a stuck URLSession task can block a thread
                gate.onFinish { timer.cancel() }
            }
        } onCancel: {
            gate.finish(with: .failure(CancellationError()))
        }
    }

    // MARK: - Mapping

    /// Maps an error from URLSession to a ``DataError`` naming `url`.
    static func dataError(for error: any Error, url: URL) -> DataError {
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else {
            return .transport(url: url.absoluteString, reason: JSONDecoding.singleLine(error.localizedDescription))
        }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(url: url.absoluteString)
        default: return .transport(url: url.absoluteString, reason: reason(for: urlError))
        }
    }

    /// A short, readable reason for a transport failure, such as `connection refused`.
    static func reason(for error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost: "host not found"
        case .dnsLookupFailed: "DNS lookup failed"
        case .networkConnectionLost: "connection lost"
        case .notConnectedToInternet: "not connected to the internet"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "secure connection failed (TLS)"
        case .badServerResponse: "bad server response"
        case .zeroByteResource: "empty response"
        case .unsupportedURL: "unsupported URL"
        case .badURL: "bad URL"
        case .httpTooManyRedirects: "too many redirects"
        default: JSONDecoding.singleLine("\(error.localizedDescription) (URLError \(error.code.rawValue))")
        }
    }

    /// The first 200 characters of a body, on one line (runs of whitespace become one space).
    static func excerpt(of data: Data) -> String {
        let text = JSONDecoding.singleLine(String(decoding: data.prefix(4096), as: UTF8.self))
        return String(text.prefix(200))
    }
}

/// Resumes a continuation once, with the first result offered; later ones are dropped.
final class OnceGate<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var early: Result<T, any Error>?
    private var finished = false
    private var cleanup: (@Sendable () -> Void)?

    /// Sets the continuation; resumes it at once if a result already came.
    func install(_ continuation: CheckedContinuation<T, any Error>) {
        let result: Result<T, any Error>? = lock.withLock {
            if let early { return early }
            self.continuation = continuation
            return nil
        }
        if let result { continuation.resume(with: result) }
    }

    /// Runs `action` when the gate finishes (at once if it already has).
    func onFinish(_ action: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { () -> Bool in
            if finished { return true }
            cleanup = action
            return false
        }
        if runNow { action() }
    }

    /// Offers a result; only the first one counts.
    func finish(with result: Result<T, any Error>) {
        let (target, action): (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) = lock.withLock {
            guard !finished else { return (nil, nil) }
            finished = true
            let target = continuation
            continuation = nil
            if target == nil { early = result }
            defer { cleanup = nil }
            return (target, cleanup)
        }
        target?.resume(with: result)
        action?()
    }
}

extension Result where Failure == any Error {
    /// Captures the outcome of an async throwing operation.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
