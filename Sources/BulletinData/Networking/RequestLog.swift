import Foundation
import Synchronization

/// What a data source has been doing this run, for the Admin panel: the last
/// ``capacity`` requests (HTTP requests and file reads), the recent errors, when data was
/// last loaded, and the GitHub rate-limit budget.
///
/// Fed by ``HTTPClient`` (every request it sends) and by the file and embedded sources (every
/// read of their file). Thread-safe: sources record from any thread or task; readers take a
/// ``Snapshot``. Bounded: the oldest entries are dropped first.
public final class RequestLog: Sendable {
    // MARK: - Properties

    /// How many requests are kept (the newest).
    public static let capacity = 50
    /// How many errors are kept (the newest).
    public static let errorCapacity = 20

    /// The log and the observers, behind one lock.
    private let guarded = Mutex(Guarded())

    private struct Guarded {
        var state = Snapshot()
        var observers: [UUID: @Sendable () -> Void] = [:]
    }

    // MARK: - Init

    /// Creates an empty log.
    public init() {}

    // MARK: - API

    /// Everything recorded so far, newest last.
    public var snapshot: Snapshot { guarded.withLock { $0.state } }

    /// Records one request (or file read). A successful one (2xx, 304, or a file read) also
    /// becomes the last load (``Snapshot/lastLoad``), unless `isLoad` is `false` (a write).
    public func record(_ request: RequestRecord, isLoad: Bool = true) {
        change { state in
            state.requests.append(request)
            if state.requests.count > Self.capacity { state.requests.removeFirst(state.requests.count - Self.capacity) }
            if isLoad, request.succeeded { state.lastLoad = request }
        }
    }

    /// Records an error a source met; ``DataError/cancelled`` is not an error worth showing and is ignored.
    /// - Parameter method: The request's method when it was a write (`PUT`, `DELETE`), shown
    ///   beside the error; `nil` for reads.
    public func record(_ error: DataError, method: String? = nil, at date: Date = Date()) {
        guard error != .cancelled else { return }
        change { state in
            state.errors.append(ErrorRecord(date: date, error: error, method: method))
            if state.errors.count > Self.errorCapacity { state.errors.removeFirst(state.errors.count - Self.errorCapacity) }
        }
    }

    /// Records something learnt about the server, for the Admin panel (such as that it ignores
    /// `?userId=`); a note already recorded is not added again.
    public func record(note: String) {
        guard !snapshot.notes.contains(note) else { return }
        change { state in
            if !state.notes.contains(note) { state.notes.append(note) }
        }
    }

    /// Records the rate-limit budget a server reported.
    public func record(_ rateLimit: RateLimitStatus) {
        change { $0.rateLimit = rateLimit }
    }

    /// Calls `handler` (on any thread) after each change until the returned token is passed
    /// to ``stopObserving(_:)``.
    public func observe(_ handler: @escaping @Sendable () -> Void) -> UUID {
        let token = UUID()
        guarded.withLock { $0.observers[token] = handler }
        return token
    }

    /// Stops calling the handler registered under `token`.
    public func stopObserving(_ token: UUID) {
        _ = guarded.withLock { $0.observers.removeValue(forKey: token) }
    }

    /// Runs `read` (a read of the file at `path`) and records it as `READ path` with its
    /// duration, or as failed with its error.
    /// - Throws: Whatever `read` throws.
    public func recordRead<T>(of path: String, _ read: () throws(DataError) -> T) throws(DataError) -> T {
        let started = Date()
        do throws(DataError) {
            let value = try read()
            record(RequestRecord(date: started, method: "READ", path: path, status: .read,
                                 milliseconds: RequestRecord.milliseconds(since: started)))
            return value
        } catch {
            record(RequestRecord(date: started, method: "READ", path: path, status: .failed,
                                 milliseconds: RequestRecord.milliseconds(since: started)))
            record(error)
            throw error
        }
    }

    /// Starts the log over for a source that became active at `start` (the Admin panel's
    /// switch): keeps only the requests and errors from `start` on, the last load among them,
    /// and drops the notes about the server and the rate-limit budget, which were the old
    /// source's.
    public func startOver(since start: Date) {
        change { state in
            state.requests.removeAll { $0.date < start }
            state.errors.removeAll { $0.date < start }
            if let last = state.lastLoad, last.date < start { state.lastLoad = nil }
            state.notes = []
            state.rateLimit = nil
        }
    }

    // MARK: - Private

    private func change(_ body: (inout Snapshot) -> Void) {
        let handlers = guarded.withLock { guarded -> [@Sendable () -> Void] in
            body(&guarded.state)
            return Array(guarded.observers.values)
        }
        for handler in handlers { handler() }
    }
}

extension RequestLog {
    /// A copy of the log at one moment.
    public struct Snapshot: Equatable, Sendable {
        /// The last ``RequestLog/capacity`` requests, oldest first.
        public var requests: [RequestRecord] = []
        /// The last ``RequestLog/errorCapacity`` errors, oldest first.
        public var errors: [ErrorRecord] = []
        /// The latest successful request or file read: when data was last loaded and how long it took.
        public var lastLoad: RequestRecord?
        /// The latest rate-limit budget a server reported (GitHub's `X-RateLimit-*` headers).
        public var rateLimit: RateLimitStatus?
        /// What was learnt about the server this run, one sentence each, oldest first
        /// (``RequestLog/record(note:)``).
        public var notes: [String] = []

        /// An empty log.
        public init() {}
    }
}

/// One HTTP request or file read.
public struct RequestRecord: Equatable, Sendable {
    /// How it ended.
    public enum Status: Equatable, Sendable {
        /// An HTTP answer with this status code.
        case http(Int)
        /// A file read that succeeded.
        case read
        /// No answer: a transport error, a timeout, or a file that could not be read.
        case failed
    }

    /// When it started.
    public var date: Date
    /// `GET` (HTTP) or `READ` (a file).
    public var method: String
    /// The URL's path and query (`/posts?userId=1`), or the file's path.
    public var path: String
    /// How it ended.
    public var status: Status
    /// How long it took, in milliseconds.
    public var milliseconds: Int
    /// The body of an answer that carried no data (a 4xx or 5xx), as the server sent it: UTF-8
    /// text (bytes that are not become U+FFFD), at most ``bodyLimit`` bytes' worth; `nil` for
    /// other answers. The error the screen shows is its words (``ErrorBodyText``); this is the whole.
    public var body: String?

    /// The most bytes of an error answer's body kept in ``body``.
    public static let bodyLimit = 16 * 1024

    /// Creates a record; `milliseconds` is the duration, never negative.
    public init(date: Date, method: String, path: String, status: Status, milliseconds: Int, body: String? = nil) {
        self.date = date
        self.method = method
        self.path = path
        self.status = status
        self.milliseconds = milliseconds
        self.body = body
    }

    /// `response`'s body for ``body`` when its status is 4xx or 5xx (cut at ``bodyLimit``
    /// bytes, with a line saying how much more there was); else `nil`.
    public static func errorBody(of response: HTTPResponse) -> String? {
        guard response.status >= 400, !response.body.isEmpty else { return nil }
        let kept = response.body.prefix(bodyLimit)
        let text = String(decoding: kept, as: UTF8.self)
        let more = response.body.count - kept.count
        return more > 0 ? text + "\n… \(more) more bytes" : text
    }

    /// Whether data arrived: a 2xx or 304 answer, or a file read.
    public var succeeded: Bool {
        switch status {
        case let .http(code): (200..<300).contains(code) || code == 304
        case .read: true
        case .failed: false
        }
    }

    /// `200`, `ok` (a file read) or `failed`.
    public var statusText: String {
        switch status {
        case let .http(code): String(code)
        case .read: "ok"
        case .failed: "failed"
        }
    }

    /// Milliseconds elapsed since `start`, rounded, never negative.
    public static func milliseconds(since start: Date, now: Date = Date()) -> Int {
        max(0, Int((now.timeIntervalSince(start) * 1000).rounded()))
    }
}

/// An error a source met, with when.
public struct ErrorRecord: Equatable, Sendable {
    /// When the error happened.
    public var date: Date
    /// The error, shown through its ``DataError/description``.
    public var error: DataError
    /// The method of the write that failed (`POST`, `PUT`, `PATCH`, `DELETE`); `nil` for reads.
    public var method: String?

    /// Creates a record of `error` met at `date`, by a `method` request when a write failed.
    public init(date: Date, error: DataError, method: String? = nil) {
        self.date = date
        self.error = error
        self.method = method
    }
}

/// A server's request budget, from GitHub's rate-limit headers
/// (https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api).
public struct RateLimitStatus: Equatable, Sendable {
    /// Requests left in the current window (`X-RateLimit-Remaining`).
    public var remaining: Int
    /// Requests allowed per window (`X-RateLimit-Limit`).
    public var limit: Int
    /// When the window resets (`X-RateLimit-Reset`, epoch seconds); `nil` when not sent.
    public var resetAt: Date?

    /// Creates a budget of `remaining` of `limit` requests, reset at `resetAt`.
    public init(remaining: Int, limit: Int, resetAt: Date?) {
        self.remaining = remaining
        self.limit = limit
        self.resetAt = resetAt
    }

    /// Reads `X-RateLimit-Remaining`, `X-RateLimit-Limit` and `X-RateLimit-Reset` through
    /// `header` (a case-insensitive lookup, such as ``HTTPResponse/header(_:)``).
    /// - Returns: `nil` unless both the remaining and the limit are whole numbers.
    public static func parse(_ header: (String) -> String?) -> RateLimitStatus? {
        func number(_ name: String) -> Int? {
            header(name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let remaining = number("X-RateLimit-Remaining"), let limit = number("X-RateLimit-Limit"),
              remaining >= 0, limit >= 0 else { return nil }
        let reset = header("X-RateLimit-Reset").flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
        return RateLimitStatus(remaining: remaining, limit: limit, resetAt: reset.map { Date(timeIntervalSince1970: $0) })
    }
}
