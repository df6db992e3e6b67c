import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fault the loopback server injects into its answers (see `Tests/Servers/jsonplaceholder_server.py`).
public struct Fault: Encodable, Sendable {
    /// How the body is (mis)delivered.
    public enum Mode: String, Encodable, Sendable {
        /// An HTML error page instead of JSON.
        case html
        /// Half the body, then the connection closes.
        case truncate
        /// The connection closes without any answer.
        case drop
        /// The body one byte at a time, `byteDelay` seconds apart.
        case slow
        /// No answer at all, until the client gives up.
        case hang
        /// For a write: carried out, then answered 500 (a handler that stored it and then failed).
        case errorAfterWrite = "error-after-write"
    }

    /// The request path it applies to, without the query (`/users`), or `*` for any.
    public var path: String
    /// How many matching requests it applies to; `nil` for all.
    public var times: Int?
    /// The status to answer with instead of the real one.
    public var status: Int?
    /// Extra response headers, such as `Retry-After`.
    public var headers: [String: String]?
    /// A body sent instead of the JSON.
    public var body: String?
    /// Seconds to wait before answering.
    public var delay: Double?
    /// How the body is delivered.
    public var mode: Mode?
    /// Seconds between bytes in ``Mode/slow``.
    public var byteDelay: Double?
    /// The request method it applies to (`GET`, `POST`, …); `nil` for any.
    public var method: String?

    enum CodingKeys: String, CodingKey {
        case path, times, status, headers, body, delay, mode, method
        case byteDelay = "byte_delay"
    }

    /// Creates a fault for requests to `path`.
    public init(
        path: String, times: Int? = nil, status: Int? = nil, headers: [String: String]? = nil, body: String? = nil,
        delay: Double? = nil, mode: Mode? = nil, byteDelay: Double? = nil, method: String? = nil
    ) {
        self.path = path
        self.times = times
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.mode = mode
        self.byteDelay = byteDelay
        self.method = method
    }
}

/// A request the loopback server received (control requests excluded).
public struct RecordedRequest: Decodable, Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path with its query, as sent.
    public var path: String
    /// The request headers, names as sent.
    public var headers: [String: String]
    /// The request body as text, for writes (`POST`, `PUT`, `PATCH`, `DELETE`); `nil` for reads.
    public var body: String?

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension LoopbackServer {
    /// Adds fault rules; they apply in the order given, after any added before.
    public func inject(_ faults: Fault...) async throws {
        _ = try await control("faults", body: try JSONEncoder().encode(faults))
    }

    /// Forgets every fault rule and every logged request.
    public func reset() async throws {
        _ = try await control("reset", body: Data())
    }

    /// The requests received so far, oldest first.
    public func requests() async throws -> [RecordedRequest] {
        try JSONDecoder().decode([RecordedRequest].self, from: try await control("requests", body: nil))
    }

    private func control(_ name: String, body: Data?) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent("__control/\(name)"))
        request.httpMethod = body == nil ? "GET" : "POST"
        request.httpBody = body
        let (data, _) = try await URLSession.shared.data(for: request)
        return data
    }
}
