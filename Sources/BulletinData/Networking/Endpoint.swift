import Foundation

/// Builds request URLs from a base URL, path components and a query.
enum Endpoint {
    /// Parses `text` as an API root: an absolute http(s) URL with a host.
    /// - Throws: ``DataError/invalidURL(_:)`` otherwise.
    static func base(_ text: String) throws(DataError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), isUsable(url) else { throw .invalidURL(text) }
        return url
    }

    /// `{base}/a/b?key=value`, each path component percent-encoded (so `dependabot[bot]` and
    /// `a/b` stay one component), query items in key order.
    /// - Throws: ``DataError/invalidURL(_:)`` when the base URL has no http(s) scheme or host.
    static func url(_ base: URL, _ components: [String], query: [String: String] = [:]) throws(DataError) -> URL {
        guard isUsable(base) else { throw .invalidURL(base.absoluteString) }
        guard var parts = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .invalidURL(base.absoluteString)
        }
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/[]?#%"))
        let encoded = components.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        let basePath = parts.percentEncodedPath.hasSuffix("/") ? String(parts.percentEncodedPath.dropLast()) : parts.percentEncodedPath
        parts.percentEncodedPath = basePath + "/" + encoded.joined(separator: "/")
        if !query.isEmpty {
            parts.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        }
        guard let url = parts.url else { throw .invalidURL(base.absoluteString) }
        return url
    }

    static func isUsable(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(url.host ?? "").isEmpty
    }
}
