import Foundation

/// A token and the origin it belongs to (RFC 6454: scheme, host, port), sent by ``HTTPClient`` as
/// `Authorization: Bearer …` only where ``allows(_:)`` says so.
///
/// The rule: the token goes only to its own origin (never after a redirect or a `Link: next`
/// URL to another scheme, host or port), and only over `https` or to a loopback address
/// (127.0.0.0/8, `::1`, `localhost`), so it never crosses a network in clear text. The token is
/// kept private: ``description`` and ``debugDescription`` never show it, so neither can a log,
/// an error message or the screen.
public struct HTTPCredential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Where the token may go.
    public let origin: HTTPOrigin
    private let token: String

    /// A bearer token for the origin of `url`; `nil` when the token is empty (after trimming
    /// whitespace) or `url` has no http(s) origin.
    public init?(bearerToken: String, for url: URL) {
        let token = bearerToken.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, let origin = HTTPOrigin(url) else { return nil }
        self.token = token
        self.origin = origin
    }

    /// Whether the token may be sent with a request to `url`: same origin, and `https` or loopback.
    public func allows(_ url: URL) -> Bool {
        guard let target = HTTPOrigin(url), target == origin else { return false }
        return target.isSecureForCredentials
    }

    /// Whether the token can be sent at all: its origin is `https` or loopback. `false` for a
    /// plain `http://` host elsewhere, which never gets it.
    public var isUsable: Bool { origin.isSecureForCredentials }

    /// The header line (`Authorization: Bearer …`).
    var header: HTTPResponse.Header { HTTPResponse.Header(name: "Authorization", value: "Bearer \(token)") }

    /// `bearer token for https://api.github.com (hidden)`: never the token.
    public var description: String { "bearer token for \(origin) (hidden)" }
    public var debugDescription: String { description }
}

/// An origin (RFC 6454): scheme, host and port, the port filled in for `http` (80) and `https` (443).
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host, lowercased (an IPv6 address without brackets).
    public let host: String
    /// The port, explicit or the scheme's default.
    public let port: Int

    /// The origin of `url`; `nil` unless it is an http(s) URL with a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// Whether a credential may travel to this origin: over `https`, or to a loopback host.
    public var isSecureForCredentials: Bool { scheme == "https" || Self.isLoopback(host) }

    /// Whether `host` is a loopback address: `localhost`, 127.0.0.0/8 or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }

    /// `https://host:port` (the port only when not the scheme's default).
    public var description: String {
        let defaultPort = scheme == "https" ? 443 : 80
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return port == defaultPort ? "\(scheme)://\(shownHost)" : "\(scheme)://\(shownHost):\(port)"
    }
}
