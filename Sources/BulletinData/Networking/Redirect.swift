import Foundation

/// Which request follows a redirect, as RFC 9110 §15.4 says: a pure function, so every rule is
/// unit-tested without a server.
///
/// - `Location` is resolved against the URL that answered (RFC 3986 §5), so `/users/` or
///   `../x` work; a target that is not `http`/`https` is refused.
/// - 307 and 308 repeat the method and the body, on the same origin for a write.
/// - 301, 302 and 303 are followed by `GET` and `HEAD` (as themselves).
/// - A 303 (See Other) answering any other method (`POST`, `PUT`, `PATCH`, `DELETE`) says the
///   server carried the request out and shows its result at `Location` (§15.4.4): that result
///   is fetched with a `GET`, no body dropped, so an accepted write is never reported as failed.
/// - 301 and 302 answering such a method to a URL of the same origin (scheme, host, port)
///   repeat the method and body there: RFC 9110 §15.4.2–3 allows turning a `POST` into a `GET`
///   only as a historical exception, and doing so would drop the body; the request was not
///   carried out (a server that adds a trailing slash, as Django's `APPEND_SLASH` does, answers
///   every write this way). To another origin they, and 307 and 308, are refused with
///   ``DataError/redirectRefused(url:status:method:)``: a move of a write to another server is
///   not something to follow with the person's data unasked (issue 22: a PATCH body once went
///   to another server that way), so nothing is sent there.
/// - At most ``maxHops`` redirects are followed per request
///   (``DataError/tooManyRedirects(url:limit:)``), and a URL seen twice in one chain is a loop
///   (``DataError/redirectLoop(url:repeated:)``).
public enum Redirect {
    /// The most redirects followed for one request.
    public static let maxHops = 5
    /// The statuses that redirect (with a `Location`).
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// One request of a redirect chain.
    public struct Hop: Sendable, Equatable {
        /// `GET`, `POST`, …
        public var method: String
        /// The absolute URL asked.
        public var url: URL
        /// The body sent, or `nil`.
        public var body: Data?

        public init(method: String, url: URL, body: Data? = nil) {
            self.method = method
            self.url = url
            self.body = body
        }
    }

    /// The request to send after `response` answered `hop`, or `nil` when the response is the
    /// answer (not a redirect status, or no `Location`).
    /// - Parameter visited: The URLs asked so far in this chain, the first request's first
    ///   (and `hop.url` last).
    /// - Throws: ``DataError/redirectRefused(url:status:method:)``, ``DataError/redirectLoop(url:repeated:)``,
    ///   ``DataError/tooManyRedirects(url:limit:)``, or ``DataError/transport(url:reason:)`` for a
    ///   `Location` that is not a usable URL; each names the first URL of the chain.
    public static func next(after response: HTTPResponse, of hop: Hop, visited: [URL]) throws(DataError) -> Hop? {
        guard statuses.contains(response.status), let location = response.header("Location") else { return nil }
        let first = (visited.first ?? hop.url).absoluteString
        guard let target = resolve(location, against: hop.url) else {
            throw .transport(url: first, reason: "redirect to an address that is not an http(s) URL")
        }
        let method = hop.method.uppercased()
        let rewritesToGET = response.status == 303 && method != "GET" && method != "HEAD"
        if [301, 302, 307, 308].contains(response.status), method != "GET", method != "HEAD",
           HTTPOrigin(target) == nil || HTTPOrigin(target) != HTTPOrigin(hop.url) {
            throw .redirectRefused(url: hop.url.absoluteString, status: response.status, method: method)
        }
        if visited.contains(where: { same($0, target) }) {
            throw .redirectLoop(url: first, repeated: target.absoluteString)
        }
        guard visited.count <= maxHops else { throw .tooManyRedirects(url: first, limit: maxHops) }
        if rewritesToGET { return Hop(method: "GET", url: target, body: nil) }
        return Hop(method: hop.method, url: target, body: hop.body)
    }

    /// `location` resolved against `base` (relative references included), or `nil` when it is not
    /// an absolute `http`/`https` URL with a host once resolved.
    public static func resolve(_ location: String, against base: URL) -> URL? {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty,
              let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// Whether two URLs name the same resource for loop detection (the fragment aside).
    static func same(_ lhs: URL, _ rhs: URL) -> Bool {
        func key(_ url: URL) -> String {
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
            components.fragment = nil
            components.scheme = components.scheme.map { $0.lowercased() }
            components.host = components.host.map { $0.lowercased() }
            return components.string ?? url.absoluteString
        }
        return key(lhs) == key(rhs)
    }
}
