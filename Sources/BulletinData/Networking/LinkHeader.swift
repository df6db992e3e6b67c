import Foundation

/// Reads RFC 8288 `Link` headers such as
/// `<http://host/posts?_page=2&_limit=10>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the link whose `rel` includes `next`, resolved against `base` (the URL
    /// that answered, so a relative target such as `/posts?_page=2` works); `nil` when none.
    static func next(in header: String?, relativeTo base: URL?) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = fields.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = fields.dropFirst().contains { field in
                let pair = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return false }
                let values = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                return values.split(separator: " ").contains("next")
            }
            if isNext { return URL(string: String(target.dropFirst().dropLast()), relativeTo: base)?.absoluteURL }
        }
        return nil
    }
}

/// Why a walk over `Link: rel="next"` pages stopped before the server's last page.
enum PageWalkStop: Sendable, Equatable {
    /// The next page is on another origin (`host`): not followed.
    case otherOrigin(host: String)
    /// `pages` pages were read, the most allowed, and the server has more.
    case limit(pages: Int)
}

extension HTTPClient {
    /// The bodies of `GET first` and of every page after it (json-server 0.x with `_page`/
    /// `_limit`, or a server that pages every list by default), following `Link: rel="next"`
    /// while the next page is on the same origin (scheme, host, port) as `first`, has not been
    /// read in this walk, and fewer than `maxPages` were read; with why it stopped early, if it did.
    /// Answers come from and go to ``cache`` as every `GET` does (``FetchContext/isReload`` too).
    /// - Throws: ``DataError`` of any page, as ``dataAndLink(from:)``.
    func pageBodies(from first: URL, maxPages: Int) async throws(DataError)
        -> (pages: [(url: URL, data: Data)], stop: PageWalkStop?)
    {
        var pages: [(url: URL, data: Data)] = []
        var url = first
        while true {
            if Task.isCancelled { throw .cancelled }
            let (data, link) = try await dataAndLink(from: url)
            pages.append((url, data))
            // A "next" that points back at a page already read means there are no more.
            guard let following = LinkHeader.next(in: link, relativeTo: url),
                  !pages.contains(where: { $0.url.absoluteString == following.absoluteString }) else { return (pages, nil) }
            guard let origin = HTTPOrigin(following), origin == HTTPOrigin(first) else {
                return (pages, .otherOrigin(host: following.host ?? "?"))
            }
            guard pages.count < maxPages else { return (pages, .limit(pages: pages.count)) }
            url = following
        }
    }
}
