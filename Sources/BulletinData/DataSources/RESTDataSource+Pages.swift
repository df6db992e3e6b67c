import Foundation

// Lists from servers that page their answers (json-server 0.x with `_page`/`_limit`, or a
// server that pages every list by default): every page is read by following the answer's
// `Link: <…>; rel="next"` (RFC 8288), within a bound, and a list read only in part says so.

extension RESTDataSource {
    /// The most pages one list follows (`Link: rel="next"`) before it stops and reports the
    /// rest as not read: 1,000 (10,000 records at json-server's default of 10 a page).
    public static let defaultMaxPages = 1_000

    /// Fetches the JSON array at `first` and every page after it, following `Link: rel="next"`
    /// while the next page is on the same origin (scheme, host, port), has not been read yet in
    /// this list, and fewer than ``maxPages`` pages were read.
    ///
    /// Records that do not decode are skipped and returned as issues (not logged: the caller
    /// decides under which URL). A list that stopped early carries one issue with effect
    /// ``RecordIssue/Effect/partial`` saying why (`posts after page 1000`, `the server has more
    /// pages; only the first 1000 were read`).
    /// - Throws: ``DataError`` of any page: `.transport`, `.timedOut`, `.cancelled`,
    ///   `.badStatus`, `.rateLimited`, `.malformedJSON` (logged in the request log).
    func pages<R: Decodable & Sendable>(
        _ type: R.Type, from first: URL, root: String
    ) async throws(DataError) -> RecordList<R> {
        var list = RecordList<R>(records: [])
        var next: URL? = first
        var read: Set<String> = []
        while let url = next {
            if Task.isCancelled { throw .cancelled }
            let (data, link) = try await client.dataAndLink(from: url)
            let page = try client.loggingErrors { () throws(DataError) in
                try JSONDecoding.decodeRecords(type, from: data, location: url.absoluteString, root: root)
            }
            list.records += page.records
            list.issues += page.issues
            read.insert(url.absoluteString)
            next = LinkHeader.next(in: link, relativeTo: url)
            guard let following = next else { break }
            if read.contains(following.absoluteString) {
                break  // a server whose "next" points back at a page already read has no more
            }
            if !LinkHeader.sameOrigin(following, first) {
                list.issues.append(partial(root, after: read.count, first: first,
                                           why: "the next page is on another server (\(following.host ?? "?")), not followed"))
                break
            }
            if read.count >= maxPages {
                list.issues.append(partial(root, after: read.count, first: first,
                                           why: "the server has more pages; only the first \(read.count) were read"))
                break
            }
        }
        return list
    }

    private func partial(_ root: String, after pages: Int, first: URL, why: String) -> RecordIssue {
        RecordIssue(path: "\(root) after page \(pages)", reason: why, effect: .partial, location: first.absoluteString)
    }
}

/// Reads RFC 8288 `Link` headers such as
/// `<http://host/posts?_page=2&_limit=10>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the link whose `rel` includes `next`, resolved against `base` (the URL
    /// that answered, so a relative target such as `/posts?_page=2` works); `nil` when none.
    static func next(in header: String?, relativeTo base: URL) -> URL? {
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

    /// Whether `a` and `b` have the same scheme, host and port (default ports filled in).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }
}
