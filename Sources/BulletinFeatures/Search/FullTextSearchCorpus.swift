import BulletinData

/// Search through a source's own text index (``DataSource/textSearching``: a SQLite database's
/// FTS5 tables, issue 25): each query asks the source for the first ``limit`` matching posts and
/// comments in id order, then for how many match in all, so nothing grows with the data.
///
/// Nothing is held up front but how each kind is searched (``methods``). The rows found come
/// with their results (``SearchResults/found``), and positions are places in them; the counts
/// follow the rows (the results are handed on first, ``SearchResults/isComplete`` `false`).
public struct FullTextSearchCorpus: SearchCorpus {
    /// The source's search.
    public let searching: any TextSearching
    /// How posts and comments are searched (an index, a read of a small table, not at all).
    public let methods: [TextSearchKind: TextSearchMethod]
    /// The kinds whose way of searching could not be learned (a table the role may not read),
    /// and why: not searched, and said in the notice.
    public var refused: [TextSearchKind: DataError] = [:]
    /// The most posts, and comments, a query lists.
    public static let limit = 200

    /// - Parameters:
    ///   - searching: The source's search.
    ///   - methods: How each kind is searched (``load(_:)`` asks the source).
    public init(_ searching: any TextSearching, methods: [TextSearchKind: TextSearchMethod]) {
        self.searching = searching
        self.methods = methods
    }

    /// A corpus over `searching`, having asked how each kind is searched; a kind refused on its
    /// own (a table the role may not read) is left out and kept in ``refused``.
    /// - Throws: As ``TextSearching/method(for:)``, when it refuses every kind or cannot reach the source.
    public static func load(_ searching: any TextSearching) async throws(DataError) -> FullTextSearchCorpus {
        var methods: [TextSearchKind: TextSearchMethod] = [:]
        var refused: [TextSearchKind: DataError] = [:]
        for kind in TextSearchKind.allCases {
            do throws(DataError) {
                methods[kind] = try await searching.method(for: kind)
            } catch {
                if error.failsWholeScreen { throw error }
                refused[kind] = error
            }
        }
        if methods.isEmpty, let error = refused[.posts] ?? refused[.comments] { throw error }
        var corpus = FullTextSearchCorpus(searching, methods: methods)
        corpus.refused = refused
        return corpus
    }

    public var isRemote: Bool { false }
    /// None: the records come with each query's results (``post(at:in:)``).
    public func user(at position: Int) -> User? { nil }
    /// None: the records come with each query's results (``post(at:in:)``).
    public func post(at position: Int) -> Post? { nil }
    /// None: the records come with each query's results (``comment(at:in:)``).
    public func comment(at position: Int) -> Comment? { nil }

    /// The post at `position` of the posts `results` found.
    public func post(at position: Int, in results: SearchResults) -> Post? {
        guard let posts = results.found?.posts, posts.indices.contains(position) else { return nil }
        return posts[position]
    }

    /// The comment at `position` of the comments `results` found.
    public func comment(at position: Int, in results: SearchResults) -> Comment? {
        guard let comments = results.found?.comments, comments.indices.contains(position) else { return nil }
        return comments[position]
    }

    /// Three steps, each handed on as it ends: the first ``limit`` posts and comments through an
    /// index with the last word whole (at once, however common the word: a part of the matches);
    /// the same with the last word as a prefix (all of them, which a prefix shared by millions of
    /// rows makes slower); then each kind's count where it lists ``limit`` (fewer is the count).
    /// `narrowing` is not used: the index answers any query as fast. A failure other than
    /// cancellation is the results' ``SearchResults/FoundRecords/failure``.
    @concurrent
    public func search(
        _ query: String, narrowing previous: SearchResults?, partial: @escaping @Sendable (SearchResults) async -> Void
    ) async -> SearchResults? {
        var found = SearchResults.FoundRecords()
        let indexed = methods.values.contains { if case .fullText = $0 { true } else { false } }
        do throws(DataError) {
            if indexed, !TextSearchQuery.words(query).isEmpty {
                try await find(query, wholeWords: true, into: &found)
                if !found.posts.isEmpty || !found.comments.isEmpty { await partial(Self.results(query, found, complete: false)) }
            }
            try await find(query, wholeWords: false, into: &found)
            if found.posts.count >= Self.limit || found.comments.count >= Self.limit {
                await partial(Self.results(query, found, complete: false))
            }
            if found.posts.count >= Self.limit { found.postTotal = try await searching.count(matching: query, in: .posts) }
            if found.comments.count >= Self.limit { found.commentTotal = try await searching.count(matching: query, in: .comments) }
        } catch .cancelled {
            return nil
        } catch {
            found.failure = error
        }
        return Task.isCancelled ? nil : Self.results(query, found, complete: true)
    }

    /// The first ``limit`` posts and comments of the kinds searched, into `found`; with
    /// `wholeWords`, of the kinds searched through an index only (a read of a whole table has no
    /// quicker first answer).
    private func find(_ query: String, wholeWords: Bool, into found: inout SearchResults.FoundRecords) async throws(DataError) {
        func searches(_ kind: TextSearchKind) -> Bool {
            guard let method = methods[kind], method.isSearched, found.notSearched[kind] == nil else { return false }
            if case .fullText = method { return true }
            return !wholeWords
        }
        // A kind refused on its own (a table the role may not read) is said, and the other searched.
        var answered = false
        func rows<Row>(_ kind: TextSearchKind, _ read: () async throws(DataError) -> [Row]) async throws(DataError) -> [Row]? {
            guard searches(kind) else { return nil }
            do throws(DataError) {
                let rows = try await read()
                answered = true
                return rows
            } catch {
                if error.failsWholeScreen { throw error }
                found.notSearched[kind] = error
                return nil
            }
        }
        if let posts = try await rows(.posts, { () async throws(DataError) in
            try await searching.posts(matching: query, limit: Self.limit, wholeWords: wholeWords)
        }) { found.posts = posts }
        if let comments = try await rows(.comments, { () async throws(DataError) in
            try await searching.comments(matching: query, limit: Self.limit, wholeWords: wholeWords)
        }) { found.comments = comments }
        // Nothing searched answered: the search failed.
        if !answered, let error = found.notSearched[.posts] ?? found.notSearched[.comments] {
            found.notSearched = [:]
            throw error
        }
    }

    private static func results(_ query: String, _ found: SearchResults.FoundRecords, complete: Bool) -> SearchResults {
        var results = SearchResults(query: query, posts: Array(found.posts.indices), comments: Array(found.comments.indices),
                                    isComplete: complete)
        results.found = found
        return results
    }
}
