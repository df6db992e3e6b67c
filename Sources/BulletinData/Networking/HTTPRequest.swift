import Foundation

/// One HTTP request as ``HTTPClient`` hands it to its transport: a single hop, no redirects followed.
///
/// Headers are sent in order, names as given; the transport adds none of its own except
/// `Host`, `Accept-Encoding` (what libcurl can decode) and, with a body, `Content-Length`.
struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, …
    var method: String
    /// An absolute `http` or `https` URL.
    var url: URL
    /// Header lines, in order (credentials among them only when ``HTTPCredential`` allows it).
    var headers: [HTTPResponse.Header] = []
    /// The body, or `nil` for none.
    var body: Data?
    /// Seconds the whole request may take (connecting included).
    var timeout: TimeInterval = 15
    /// The most body bytes accepted; a longer body fails with ``DataError/responseTooLarge(url:limitBytes:)``.
    var maxResponseBytes: Int = HTTPClient.defaultMaxResponseBytes

    /// The value of header `name` (case-insensitive), or `nil`.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
