import Foundation

// Reading a list to its end, however the server pages it:
//
// - `Link: <…>; rel="next"` (RFC 8288; json-server 0.x with `_page`, GitHub) is followed while
//   the next page is on the same origin and within the bound. A next page that leads back to a
//   page already read (the same URL, or the same bytes under another URL: a page linking to
//   itself as `?_page=1`, a loop of two) is not read again, and the walk says so.
// - Without `Link`, an answer may still be a page: some servers answer every list with its
//   first 10 records and give the rest only for `_page`/`_limit`. An answer is taken for a page
//   when its `X-Total-Count` is larger than what arrived, or, without that header, when it holds
//   exactly a round page size (``PageWalk/roundPageSizes``) and nothing this run showed the
//   server answers lists whole (``PagingKnowledge``). Such a list is read on with
//   `_page=2&_limit=N`, `_page=3`, … until a short or empty page, the count, or the bound; when
//   that cannot be done the walk says how much was read of what.
//
// The probe costs one request on servers that answer whole: a server that ignores `_page`
// answers the same bytes (then no list is probed again this run), and json-server answers the
// probe with an `X-Total-Count` its unpaged answer did not carry (the same).

/// Why a walk over a list's pages stopped before the server's last page.
enum PageWalkStop: Sendable, Equatable {
    /// The next page is on another origin (`host`): not followed.
    case otherOrigin(host: String)
    /// `pages` pages were read, the most allowed, and the server has more.
    case limit(pages: Int)
    /// The next page (`next`) leads back to page `page` (1-based), already read: not read again.
    case loop(next: String, page: Int)
    /// The answers say there are more records than the `read` ones (`total` when the server
    /// counted them), and no further page could be read, for the reason `why`.
    case incomplete(read: Int, total: Int?, why: String)
}

/// What list answers taught about one server's paging this run; shared by copies of an
/// ``HTTPClient`` (one per source, so one per server).
actor PagingKnowledge {
    /// The most records one first answer of a list held (nothing asked of paging).
    private(set) var largestAnswer = 0
    /// Whether the server was seen to answer lists whole unless asked for a page.
    private(set) var answersWhole = false

    /// Notes a first answer of `count` records.
    func saw(count: Int) { largestAnswer = max(largestAnswer, count) }

    /// Notes that the server answers lists whole (it ignores `_page`, or counts only paged answers).
    func learnAnswersWhole() { answersWhole = true }

    /// Whether a first answer of `count` records, without `Link` or `X-Total-Count`, may be a
    /// page: a round size, no answer larger than it seen (a server paging by N never sends more
    /// than N at once), and the server not known to answer whole.
    func mayBePage(count: Int) -> Bool {
        PageWalk.roundPageSizes.contains(count) && largestAnswer <= count && !answersWhole
    }
}

/// The sizes a server's default page has in practice (json-server 10, DummyJSON 30, GitHub 30
/// and up to 100, many frameworks 20, 25 or 50).
enum PageWalk {
    static let roundPageSizes: Set<Int> = [10, 20, 25, 30, 50, 100]

    /// How many elements the top-level JSON array in `data` has; `nil` when it is not an array.
    /// Structure only: a record holding bytes that are not UTF-8 still counts.
    static func elementCount(_ data: Data) -> Int? {
        let spans = data.withUnsafeBytes { try? RecordSpanScanner.scan($0, fileName: RecordKind.user.rawValue) }
        guard let spans, spans.rootIsArray else { return nil }
        return spans.collections[.user]?.elements.count ?? 0
    }

    /// `first` with `_page=page&_limit=size` (replacing any it had), its other query items kept.
    static func pageURL(_ first: URL, page: Int, size: Int) -> URL {
        guard var parts = URLComponents(url: first, resolvingAgainstBaseURL: false) else { return first }
        let kept = (parts.queryItems ?? []).filter { $0.name != "_page" && $0.name != "_limit" }
        parts.queryItems = kept + [URLQueryItem(name: "_page", value: "\(page)"), URLQueryItem(name: "_limit", value: "\(size)")]
        return parts.url ?? first
    }

    /// Whether `url` already asks for a page (`_page` or `_limit` in its query).
    static func asksForPage(_ url: URL) -> Bool {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return items.contains { $0.name == "_page" || $0.name == "_limit" }
    }
}

extension HTTPClient {
    /// The bodies of `GET first` and of every page after it (see the comment at the top of this
    /// file), with why the walk stopped early, if it did. At most `maxPages` pages are read.
    /// Answers come from and go to ``cache`` as every `GET` does (``FetchContext/isReload`` too).
    /// - Throws: ``DataError`` of the first page, or of a later one reached by `Link`, as
    ///   ``dataAndLink(from:)``; a later page read by `_page` that fails ends the walk with
    ///   ``PageWalkStop/incomplete(read:total:why:)`` instead (``DataError/cancelled`` is thrown).
    func pageBodies(from first: URL, maxPages: Int) async throws(DataError)
        -> (pages: [(url: URL, data: Data)], stop: PageWalkStop?)
    {
        var pages: [(url: URL, data: Data)] = []
        var url = first
        var read = 0
        // Reading on by `_page`: the page size and the server's count, when it gave one.
        var byNumber: (size: Int, total: Int?)?
        while true {
            if Task.isCancelled { throw .cancelled }
            let answer: (body: Data, link: String?, totalCount: Int?)
            do throws(DataError) {
                answer = try await dataAndPaging(from: url)
            } catch {
                guard let paging = byNumber, error != .cancelled else { throw error }
                return (pages, .incomplete(read: read, total: paging.total,
                                           why: "page \(pages.count + 1) could not be read (\(error))"))
            }
            if let repeated = pages.firstIndex(where: { $0.data == answer.body }) {
                guard let paging = byNumber else { return (pages, .loop(next: url.absoluteString, page: repeated + 1)) }
                // `_page` ignored: the server answers whole, unless its count says otherwise.
                if pages.count == 1 { await self.paging.learnAnswersWhole() }
                guard let total = paging.total, read < total else { return (pages, nil) }
                return (pages, .incomplete(read: read, total: total, why: "the server sends no Link and ignores _page"))
            }
            let elements = PageWalk.elementCount(answer.body)
            if let paging = byNumber, elements == nil {
                // `_page` answered with something else than a list (json-server 1.0's envelope
                // `{"first": 1, …, "data": […]}`): the server pages only when asked, its own way.
                if pages.count == 1 { await self.paging.learnAnswersWhole() }
                guard let total = paging.total, read < total else { return (pages, nil) }
                return (pages, .incomplete(read: read, total: total, why: "page 2 by _page is not a list"))
            }
            let count = elements ?? 0
            pages.append((url, answer.body))
            read += count
            if let following = LinkHeader.next(in: answer.link, relativeTo: url) {
                if let index = pages.firstIndex(where: { $0.url.absoluteString == following.absoluteString }) {
                    return (pages, .loop(next: following.absoluteString, page: index + 1))
                }
                guard let origin = HTTPOrigin(following), origin == HTTPOrigin(first) else {
                    return (pages, .otherOrigin(host: following.host ?? "?"))
                }
                guard pages.count < maxPages else { return (pages, .limit(pages: pages.count)) }
                url = following
                continue
            }
            if var paging = byNumber {
                if pages.count == 2, paging.total == nil, let total = answer.totalCount {
                    // json-server counts paged answers only: its unpaged answers are whole.
                    paging.total = total
                    byNumber = paging
                    if total <= paging.size { await self.paging.learnAnswersWhole() }
                }
                let more = paging.total.map { read < $0 } ?? (count == paging.size)
                guard more else { return (pages, nil) }
                guard count > 0 else {
                    return (pages, .incomplete(read: read, total: paging.total, why: "page \(pages.count) came back empty"))
                }
            } else {
                guard pages.count == 1, !PageWalk.asksForPage(first) else { return (pages, nil) }
                await paging.saw(count: count)
                let mayBePage =
                    if let total = answer.totalCount { total > count } else { await paging.mayBePage(count: count) }
                guard mayBePage, count > 0 else { return (pages, nil) }
                byNumber = (count, answer.totalCount)
            }
            guard pages.count < maxPages, let size = byNumber?.size else { return (pages, .limit(pages: pages.count)) }
            url = PageWalk.pageURL(first, page: pages.count + 1, size: size)
        }
    }
}
