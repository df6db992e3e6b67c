import Foundation

/// Response bodies kept in memory for the run, by URL, with their `ETag`s.
///
/// ``HTTPClient`` answers repeated `GET`s from here without a request, and on a reload
/// (``FetchContext/isReload``) revalidates with `If-None-Match`: a `304 Not Modified` answer
/// reuses the stored body (on GitHub such answers do not count against the rate limit).
public actor ResponseCache {
    /// A stored body and the validator it came with.
    public struct Entry: Sendable {
        /// The 2xx response body.
        public var body: Data
        /// The response's `ETag`, when it had one.
        public var etag: String?
        /// The response's `Link` header (pagination), when it had one.
        public var link: String?
        /// The response's `X-Total-Count` (json-server's count of the whole list), when it had one.
        public var totalCount: Int?
    }

    var entries: [String: Entry] = [:]

    /// Creates an empty cache.
    public init() {}

    /// The entry stored for `url`, if any.
    public func entry(for url: URL) -> Entry? { entries[url.absoluteString] }

    /// Stores `body` (and `etag`) as the answer for `url`.
    public func store(_ body: Data, etag: String?, link: String? = nil, totalCount: Int? = nil, for url: URL) {
        entries[url.absoluteString] = Entry(body: body, etag: etag, link: link, totalCount: totalCount)
    }

    /// How many URLs are stored.
    public var count: Int { entries.count }
}
