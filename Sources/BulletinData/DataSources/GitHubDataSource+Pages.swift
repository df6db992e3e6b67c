import Foundation

/// Paging by `Link: rel="next"` (https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api):
/// the Users list up to ``GitHubDataSource/maxPages`` pages, a user's repositories up to
/// ``GitHubDataSource/maxRepositoryPages``; where Bulletin stops while GitHub has more, or a
/// later page fails, the pages read are kept and a ``RecordIssue/Effect/partial`` issue says so.
extension GitHubDataSource {
    /// One page of `/users`: the first is `GET {base}/users?per_page=100`; the cursor holds the
    /// page's number and its `Link: rel="next"` URL (which pages with `since=`). The page
    /// numbered ``maxPages`` has no next cursor, whatever GitHub's `Link` says: it carries a
    /// partial issue instead (`users after page 3`), so the list stops there.
    /// - Throws: ``DataError/invalidURL(_:)`` for a cursor this source did not hand out; as the request.
    public func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        let (number, url): (Int, URL)
        if let cursor {
            (number, url) = try Self.userCursor(cursor)
        } else {
            (number, url) = (1, try Endpoint.url(baseURL, ["users"], query: ["per_page": "100"]))
        }
        let (data, link) = try await client.dataAndLink(from: url)
        var list = try client.loggingErrors { () throws(DataError) in
            try JSONDecoding.decodeRecords(GitHubUser.self, from: data, location: url.absoluteString, root: "users")
        }.mapRecords(\.user)
        var next = Self.nextLink(link).map { PageCursor("\(number + 1) \($0.absoluteString)") }
        if next != nil, number >= maxPages {
            next = nil
            list.issues.append(RecordIssue(
                path: "users after page \(number)",
                reason: "Bulletin reads at most \(maxPages) pages of GitHub's accounts; search to find others",
                effect: .partial, location: url.absoluteString))
        }
        return UserPage(list: list, next: next)
    }

    /// The user's repositories, `GET {base}/users/{login}/repos?per_page=100` and every next
    /// page up to ``maxRepositoryPages``. A later page that fails keeps the pages read and is
    /// reported with its number and status (`page 2 of mojombo's repositories`, `HTTP 404 from …`);
    /// so is the cap (`repositories of mojombo after page 10`).
    /// - Throws: As the first page's request (a 404 is ``DataError/notFound(_:location:)``);
    ///   ``DataError/cancelled``.
    public func postList(userID: RecordID) async throws(DataError) -> RecordList<Post> {
        let first = try Endpoint.url(baseURL, ["users", userID.text, "repos"], query: ["per_page": "100"])
        var list = RecordList<Post>(records: [])
        var next: URL? = first
        var number = 0
        while let url = next {
            if number == Self.maxRepositoryPages {
                list.issues.append(issue(
                    "repositories of \(userID) after page \(number)",
                    "Bulletin reads at most \(number) pages (\(number * 100) repositories)", at: url))
                break
            }
            let page: (RecordList<Post>, URL?)
            do throws(DataError) {
                page = try await repositoryPage(url, of: userID, first: number == 0)
            } catch {
                if number == 0 || error.isCancellation { throw error }
                // The page that failed, and its own status: the user was there on page 1.
                list.issues.append(issue("page \(number + 1) of \(userID)'s repositories", error.description, at: url))
                break
            }
            list.records += page.0.records
            list.issues += page.0.issues
            next = page.1
            number += 1
        }
        return list
    }

    // MARK: - Private

    /// One page of a user's repositories; a 404 on the `first` page means the user is not
    /// there (``DataError/notFound(_:location:)``), on a later one it stays the page's own status.
    private func repositoryPage(_ url: URL, of userID: RecordID, first: Bool) async throws(DataError) -> (RecordList<Post>, URL?) {
        let read = { () async throws(DataError) in try await client.dataAndLink(from: url) }
        let (data, link) = first ? try await DataError.notFoundOn404("user \(userID)", at: url, read) : try await read()
        let list = try client.loggingErrors { () throws(DataError) in
            try JSONDecoding.decodeRecords(GitHubRepository.self, from: data, location: url.absoluteString, root: "repos")
        }
        return (list.mapRecords(\.post), Self.nextLink(link))
    }

    private func issue(_ path: String, _ reason: String, at url: URL) -> RecordIssue {
        RecordIssue(path: path, reason: reason, effect: .partial, location: url.absoluteString)
    }

    /// `2 https://api.github.com/users?since=135` → page 2 and its URL.
    private static func userCursor(_ cursor: PageCursor) throws(DataError) -> (Int, URL) {
        let parts = cursor.token.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let number = Int(parts[0]), number > 1, let url = URL(string: parts[1]) else {
            throw .invalidURL(cursor.token)
        }
        return (number, url)
    }
}

extension RecordList {
    /// The same list with each record transformed, the issues kept.
    fileprivate func mapRecords<T: Sendable>(_ transform: (Record) -> T) -> RecordList<T> {
        RecordList<T>(records: records.map(transform), issues: issues)
    }
}

extension DataError {
    /// Whether this is ``DataError/cancelled``.
    fileprivate var isCancellation: Bool {
        if case .cancelled = self { true } else { false }
    }
}
