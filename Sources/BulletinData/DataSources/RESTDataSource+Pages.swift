import Foundation

// Lists from servers that page their answers (json-server 0.x with `_page`/`_limit`, or a
// server that pages every list by default): every page is read by following the answer's
// `Link: <…>; rel="next"` (RFC 8288), within a bound, and a list read only in part says so.

extension RESTDataSource {
    /// The most pages one list follows (`Link: rel="next"`) before it stops and reports the
    /// rest as not read: 1,000 (10,000 records at json-server's default of 10 a page).
    public static let defaultMaxPages = 1_000

    /// Fetches the JSON array at `first` and every page after it (``HTTPClient/pageBodies(from:maxPages:)``:
    /// `Link: rel="next"` on the same origin, or `_page`/`_limit` for a server that pages without
    /// `Link`), at most ``maxPages`` pages.
    ///
    /// Records that do not decode (or, in an answer that does not parse as a whole, do not parse:
    /// bytes that are not UTF-8) are skipped and returned as issues (not logged: the caller
    /// decides under which URL). A list that stopped early carries one issue with effect
    /// ``RecordIssue/Effect/partial`` saying why (`posts after page 1000`, `the server has more
    /// pages; only the first 1000 were read`; `users after page 1`, `the next page (…) leads back
    /// to page 1, already read; stopped there`; `posts after page 1`, `10 of 101 records read: …`).
    /// - Throws: ``DataError`` of any page: `.transport`, `.timedOut`, `.cancelled`,
    ///   `.badStatus`, `.rateLimited`, `.malformedJSON`, `.noKnownKinds` for an object holding
    ///   no `root` (logged in the request log).
    func pages<R: Decodable & Sendable>(
        _ type: R.Type, from first: URL, root: String
    ) async throws(DataError) -> RecordList<R> {
        let (bodies, stop) = try await client.pageBodies(from: first, maxPages: maxPages)
        var list = RecordList<R>(records: [])
        for (url, data) in bodies {
            let page = try client.loggingErrors { () throws(DataError) in
                do throws(DataError) {
                    return try JSONDecoding.decodeRecords(
                        type, from: data, location: url.absoluteString, root: root, splittingUnreadable: true)
                } catch {
                    throw Self.noKindsError(error, data: data, url: url, root: root)
                }
            }
            list.records += page.records
            list.issues += page.issues
        }
        switch stop {
        case nil: break
        case let .otherOrigin(host)?:
            list.issues.append(partial(root, after: bodies.count, first: first,
                                       why: "the next page is on another server (\(host)), not followed"))
        case let .limit(pages)?:
            list.issues.append(partial(root, after: pages, first: first,
                                       why: "the server has more pages; only the first \(pages) were read"))
        case let .loop(next, page)?:
            list.issues.append(partial(root, after: bodies.count, first: first,
                                       why: "the next page (\(next)) leads back to page \(page), already read; stopped there"))
        case let .incomplete(read, total, why)?:
            let known = total.map { "\(read) of \($0) records read" } ?? "\(read) records read, there may be more"
            list.issues.append(partial(root, after: bodies.count, first: first, why: "\(known): \(why)"))
        }
        return list
    }

    /// An answer that is a JSON object where a list of `root` was expected (`{"meals": […]}` at
    /// `/users`) becomes ``DataError/noKnownKinds(what:expected:found:)`` naming its members;
    /// any other error is returned as it is.
    static func noKindsError(_ error: DataError, data: Data, url: URL, root: String) -> DataError {
        guard case .malformedJSON(path: "$", _, _) = error,
              case let .object(members)? = try? JSONValue.parse(data), !members.isEmpty,
              !members.contains(where: { $0.key == root }) else { return error }
        var seen = Set<String>()
        return .noKnownKinds(
            what: "The answer from \(url.absoluteString)", expected: [root],
            found: members.map(\.key).filter { seen.insert($0).inserted })
    }

    private func partial(_ root: String, after pages: Int, first: URL, why: String) -> RecordIssue {
        RecordIssue(path: "\(root) after page \(pages)", reason: why, effect: .partial, location: first.absoluteString)
    }
}
