import Foundation

/// One HTTP answer as Bulletin's ``HTTPClient`` hands it on: status, final URL, headers, body.
///
/// `url` is the URL that answered, after any redirects (RFC 9110 §15.4), so a relative
/// `Location` in this answer resolves against it. Header names compare case-insensitively;
/// when a header came more than once, ``header(_:)`` gives the first.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, such as `201`.
    public var status: Int
    /// The URL that answered (after redirects).
    public var url: URL
    /// The headers in the order received, names as sent.
    public var headers: [Header]
    /// The body, possibly empty.
    public var body: Data

    /// One header line.
    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(status: Int, url: URL, headers: [Header] = [], body: Data = Data()) {
        self.status = status
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
