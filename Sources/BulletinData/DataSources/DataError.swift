import Foundation

/// Why a data source could not give what was asked, with the URL or file it was reading.
///
/// Each case reads well as one line on screen through ``description``; that text is the
/// only place these errors are turned into words.
public enum DataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text given as a URL is not one (`--api` with a typo).
    case invalidURL(String)
    /// The request never got an HTTP answer: connection refused, DNS, TLS, connection dropped.
    case transport(url: String, reason: String)
    /// No answer in time: nothing arrived before the deadline (`--timeout`).
    case timedOut(url: String)
    /// The answer was still arriving at the deadline (`--timeout`, `seconds`): `bytes` bytes
    /// (headers and body) came, too slowly (a server that trickles), and the request was stopped.
    case tooSlow(url: String, bytes: Int, seconds: TimeInterval)
    /// The server's response headers were larger than the limit (``HTTPClient/maxHeaderBytes``,
    /// `limitBytes` bytes); the transfer was stopped there.
    case headersTooLarge(url: String, limitBytes: Int)
    /// The server answered with a non-2xx status; `excerpt` is the start of the body (≤ 200 characters).
    case badStatus(Int, url: String, excerpt: String)
    /// The body or file is not the JSON expected. `path` is a JSON path such as `$[3].address.geo.lat`
    /// (or `$` for the whole document); `location` the URL or file.
    case malformedJSON(path: String, location: String, reason: String)
    /// A file could not be read (missing, unreadable, a directory).
    case unreadableFile(path: String, reason: String)
    /// A record the source does not hold; `what` is such as `user 42`.
    case notFound(_ what: String, location: String)
    /// The server refuses more requests for now (HTTP 429, or GitHub's 403/429 with
    /// `X-RateLimit-Remaining: 0` or a secondary-limit message). `resetAt` is when it
    /// accepts requests again, when known; `remaining` the request budget left, when sent.
    case rateLimited(url: String, resetAt: Date?, remaining: Int?)
    /// The request was cancelled (its screen was closed).
    case cancelled
    /// The response body was larger than the limit (`--max-response`, default 256 MB), in bytes;
    /// the transfer was stopped there.
    case responseTooLarge(url: String, limitBytes: Int)
    /// A 301, 302, 307 or 308 answered a `POST`, `PUT`, `PATCH` or `DELETE` at `url` with a move to another
    /// origin: the write is neither sent there with the person's data unasked nor turned into a
    /// `GET` that drops its body (RFC 9110 §15.4), so it is not followed.
    case redirectRefused(url: String, status: Int, method: String)
    /// The redirects from `url` came back to `repeated`, an address already asked in the same chain.
    case redirectLoop(url: String, repeated: String)
    /// More than `limit` redirects from `url`.
    case tooManyRedirects(url: String, limit: Int)
    /// A write was refused because the source is read-only; `reason` says why.
    case readOnly(reason: String)
    /// A save was refused because the file changed on disk since Bulletin loaded or last saved
    /// it (another program or another Bulletin wrote it). Nothing was written; the caller may
    /// ask the person and retry with `overwriteIfChanged: true`.
    case changedOnDisk(path: String)
    /// A save to a database was refused because the row changed since the form (or the delete)
    /// was opened on it: someone else saved it meanwhile. `record` names it (`post 3`). Nothing
    /// was written; the caller may ask and retry with `overwriteIfChanged: true`.
    case recordChanged(path: String, record: String)
    /// A save was refused because nobody may write the file (mode 0444, `chmod a-w`): it is
    /// not replaced unless the person says so (the caller asks, then retries with
    /// `overwriteIfChanged: true`, which keeps the mode).
    case readOnlyFile(path: String)
    /// A file could not be written (directory not writable, disk full, backup not possible);
    /// the file is left as it was. `reason` is the system's words, such as `permission denied`.
    case unwritableFile(path: String, reason: String)
    /// A file or an answer holds none of the kinds the source reads: `what` names it
    /// (`db.json at /tmp/meals.json`, `The answer from http://host/users`), `expected` the kinds
    /// looked for (`users`, `posts`, `comments`), `found` the top-level members it has instead.
    case noKnownKinds(what: String, expected: [String], found: [String])
    /// A write to `url` was not sent because it could change a record the person did not
    /// choose: the server's record under that id is not the one the form or the delete was
    /// opened on, or several records share the id (issue 22). `reason` names the id and the
    /// records' titles, such as `the server's post 1 is “sunt aut facere”, not “qui est esse”`.
    case writeNotSent(url: String, reason: String)
    /// A database refused a write, or it was stopped before its end (a permission, a key taken,
    /// a lock waited for until Esc): its transaction was rolled back, nothing was changed.
    case writeRefused(location: String, reason: String)
    /// A database server that cannot be connected to, or whose connection was lost (issue 26):
    /// `location` is its URL without the password, `reason` says what is wrong in words.
    case databaseConnection(location: String, reason: String)

    /// The error as one line of text naming the URL or file, for the error banner.
    public var description: String {
        switch self {
        case let .invalidURL(text): "Not a valid URL: \(text)"
        case let .transport(url, reason): "Cannot reach \(url): \(reason)"
        case let .timedOut(url): "No answer from \(url) in time"
        case let .tooSlow(url, bytes, seconds):
            "The answer from \(url) was too slow: \(bytes) \(bytes == 1 ? "byte" : "bytes") in \(Self.seconds(seconds)) (--timeout); stopped there"
        case let .headersTooLarge(url, limit):
            "The server's headers from \(url) were larger than the limit of \(Self.byteCount(limit)); stopped there"
        case let .badStatus(code, url, excerpt):
            excerpt.isEmpty ? "HTTP \(code) from \(url)" : "HTTP \(code) from \(url): \(excerpt)"
        case let .malformedJSON(path, location, reason): "Unexpected JSON at \(path) in \(location): \(reason)"
        case let .unreadableFile(path, reason): "Cannot read \(path): \(reason)"
        case let .notFound(what, location): "No \(what) in \(location)"
        case let .rateLimited(url, resetAt, remaining):
            "Rate limited by \(url)" + (resetAt.map { " until \(Self.clockTime($0))" } ?? "; try again later")
                + (remaining.map { " (\($0) \($0 == 1 ? "request" : "requests") left)" } ?? "")
        case .cancelled: "Cancelled"
        case let .responseTooLarge(url, limit):
            "The answer from \(url) is larger than the limit of \(Self.byteCount(limit)) (--max-response); stopped there"
        case let .redirectRefused(url, status, method):
            "\(url) answered \(method) with a \(status) redirect to another server; not followed, so the change was not sent there"
        case let .redirectLoop(url, repeated):
            url == repeated ? "Redirect loop: \(url) redirects to itself"
                : "Redirect loop from \(url): it comes back to \(repeated)"
        case let .tooManyRedirects(url, limit): "Too many redirects from \(url) (more than \(limit))"
        case let .readOnly(reason): "Read-only: \(reason)"
        case let .changedOnDisk(path): "\(path) changed on disk since it was loaded; save anyway to overwrite"
        case let .recordChanged(path, record): "\(record) changed in \(path) since it was opened; save anyway to overwrite"
        case let .readOnlyFile(path): "\(path) is read-only; save anyway to replace it (it stays read-only)"
        case let .unwritableFile(path, reason): "Cannot save \(path): \(reason); the file is unchanged"
        case let .writeNotSent(url, reason): "Not sent: \(reason) (\(url)); nothing was changed"
        case let .writeRefused(location, reason): "Not written to \(location): \(reason); nothing was changed"
        case let .databaseConnection(location, reason) where reason.hasPrefix(Self.connectionLostWords):
            "Lost the connection to \(location)" + reason.dropFirst(Self.connectionLostWords.count)
        case let .databaseConnection(location, reason): "Cannot connect to \(location): \(reason)"
        case let .noKnownKinds(what, expected, found):
            "\(what) has no \(Self.alternatives(expected)) (it has: \(found.isEmpty ? "nothing else" : found.joined(separator: ", ")))"
        }
    }

    /// `users, posts or comments`, `users`, `users or posts`.
    static func alternatives(_ names: [String]) -> String {
        guard let last = names.last else { return "records" }
        guard names.count > 1 else { return last }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Whether a request that failed this way may still have reached the server and been
    /// carried out there (a timeout, a connection dropped after the request was sent), so a
    /// write must not simply be sent again: `false` when the server surely never saw it
    /// (connection refused, host not found, TLS failed, bad URL, a 4xx or other refusing
    /// status, a redirect not followed); `true` too for an answer too large to read, as the
    /// server got the request, and for a 500, 502 or 504: servers (and the proxies in front of
    /// them) answer those after a handler stored the record and then failed, or while the
    /// upstream was still working on it. The reasons listed are those ``HTTPClient`` gives for libcurl's
    /// failures before anything was sent; "connection lost" and "empty response" may have reached it.
    public var mayHaveReachedServer: Bool {
        mayHaveReachedServerByCase
    }

    /// How a database connection lost mid-session begins its reason
    /// (``databaseConnection(location:reason:)``), as against one that could not be made.
    static let connectionLostWords = "the connection to the server was lost"

    private var mayHaveReachedServerByCase: Bool {
        switch self {
        case .timedOut, .tooSlow: return true
        case .headersTooLarge: return true  // the server answered, so it may have carried the write out
        case .responseTooLarge: return true  // the server answered, so it may have carried the write out
        case let .badStatus(code, _, _): return [500, 502, 504].contains(code)
        // A database connection lost during a write (``PostgresWords``' words): its COMMIT may
        // have landed. One that could not be made sent nothing.
        case let .databaseConnection(_, reason): return reason.hasPrefix(Self.connectionLostWords)
        case let .transport(_, reason):
            let neverSent = ["connection refused", "host not found", "DNS lookup failed",
                             "secure connection failed (TLS)", "unsupported URL", "bad URL", "out of memory",
                             "redirect to an address that is not an http(s) URL"]
            return !neverSent.contains(reason)
        default: return false
        }
    }

    /// Runs `request`; an HTTP 404 from it becomes ``notFound(_:location:)`` naming `what` and `url`.
    /// - Throws: That, or whatever `request` throws.
    static func notFoundOn404<T>(
        _ what: String, at url: URL, _ request: () async throws(DataError) -> T
    ) async throws(DataError) -> T {
        do throws(DataError) {
            return try await request()
        } catch {
            if case .badStatus(404, _, _) = error { throw .notFound(what, location: url.absoluteString) }
            throw error
        }
    }

    /// `256 MB` for a multiple of 1 MB (1,048,576 bytes), `100 KB` for a multiple of 1 KB (1,024), else `1500 bytes`.
    static func byteCount(_ bytes: Int) -> String {
        if bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MB" }
        return bytes % 1_024 == 0 ? "\(bytes / 1_024) KB" : "\(bytes) bytes"
    }

    /// `15 s`, `2 s`, `0.5 s`: a duration in seconds, whole when it is whole.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && value < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    /// `14:05`: a time of day in the local time zone, for "rate limited until HH:MM".
    public static func clockTime(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
