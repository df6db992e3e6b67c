import BulletinData

// The Search screen's words when a database's index answers it (``FullTextSearchCorpus``): the
// notice about a kind it reads whole or cannot search, the failure, and the counts it reports.

extension SearchViewModel {
    /// The corpus when a database's index answers the queries, else `nil`.
    var fullTextCorpus: FullTextSearchCorpus? { state.value as? FullTextSearchCorpus }

    /// What the screen says above the results about a kind the database has no FTS5 index for:
    /// that its table is read whole for each query (a small one), or that it is not searched and
    /// the SQL that makes the index; `nil` when every kind has its index (and on other sources).
    public var notice: String? {
        guard let corpus = fullTextCorpus else { return nil }
        let words = source.vocabulary
        let lines: [String] = TextSearchKind.allCases.compactMap { kind in
            let name = kind == .posts ? words.posts : (words.comments ?? KindName("comment", "comments"))
            if let error = corpus.refused[kind] { return "\(name.title) are not searched: \(error)" }
            if results.query == query, let error = results.found?.notSearched[kind] { return "\(name.title) were not searched: \(error)" }
            switch corpus.methods[kind] {
            case let .scan(rows):
                return "\(name.title) have no FTS5 index: each search reads every row (\(Self.grouped(rows)) \(rows == 1 ? name.singular : name.plural)), "
                    + "matching the text anywhere."
            case let .scanEveryRow(rows, advice) where advice.isEmpty:
                return "\(name.title) have no full-text or trigram index: each search reads every row (\(Self.grouped(rows)) "
                    + "\(rows == 1 ? name.singular : name.plural)), matching the text anywhere."
            case let .scanEveryRow(rows, advice):
                return "\(name.title) have no full-text or trigram index: each search reads every row (about \(Self.grouped(rows)) "
                    + "\(rows == 1 ? name.singular : name.plural); Esc stops it). To make one, run: \(advice)"
            case let .unavailable(advice):
                return "\(name.title) are not searched: they have no FTS5 index and there are over "
                    + "\(Self.grouped(TextSearchQuery.scanLimit)). To make one (bulletin import does), run: \(advice)"
            default:
                return nil
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The message instead of results on a database's index: its failure, a query without words
    /// (the index finds words), or none found; `nil` when there are results.
    var fullTextMessage: String? {
        guard let corpus = fullTextCorpus else { return nil }
        if let failure = results.found?.failure { return "Search failed: \(failure.description)" }
        if results.count > 0 { return nil }
        if isSearching { return "Searching…" }
        let searched = TextSearchKind.allCases.compactMap { corpus.methods[$0] }.filter(\.isSearched)
        if searched.isEmpty { return "Nothing can be searched here." }
        let indexedOnly = searched.allSatisfy { if case .fullText = $0 { true } else { false } }
        if indexedOnly, TextSearchQuery.words(query).isEmpty {
            return "\(Self.quoted(query)) has no letters or digits: the FTS5 index finds words."
        }
        return "No \(vocabulary.searchedSingular) matches \(Self.quoted(query))."
    }

    /// Keeps the selection on the record it was on when a database's search replaces the rows it
    /// showed for the same query (the last word whole, then as a prefix: other rows, not more of
    /// them); the first result when that record is not among the new ones. Other results grow
    /// in place, and nothing moves.
    func keepSelection(from previous: SearchResults) {
        guard let old = previous.found, let new = results.found, old.posts != new.posts || old.comments != new.comments,
              previous.count > 0 else { return }
        let item = selection.selected
        var target: Int?
        if item < old.posts.count {
            target = new.posts.firstIndex { $0.id == old.posts[item].id }
        } else if item - old.posts.count < old.comments.count {
            let comment = old.comments[item - old.posts.count]
            target = new.comments.firstIndex { $0.id == comment.id }.map { $0 + new.posts.count }
        }
        selection.move(by: (target ?? 0) - item, count: results.count)
    }

    /// `200 posts · 12 comments · counting…`: the rows a database's search has listed for the
    /// query while it still looks (the prefix) or counts; `nil` before it has listed any.
    var fullTextProgress: String? {
        guard let found = results.found, results.query == query, found.failure == nil, results.count > 0 else { return nil }
        return counts(posts: found.posts.count, comments: found.comments.count) + " · counting…"
    }

    /// `3,281 posts · 412 comments`: every match the database counted.
    var fullTextSummary: String? {
        guard let found = results.found else { return nil }
        return counts(posts: found.postTotal ?? found.posts.count, comments: found.commentTotal ?? found.comments.count)
    }

    /// `3,281 posts · 412 comments`, of the kinds the database searches.
    private func counts(posts: Int, comments: Int) -> String {
        func count(_ name: KindName, _ value: Int) -> String { "\(Self.grouped(value)) \(value == 1 ? name.singular : name.plural)" }
        let methods = fullTextCorpus?.methods ?? [:]
        var parts: [String] = []
        if methods[.posts]?.isSearched == true { parts.append(count(vocabulary.posts, posts)) }
        if let name = vocabulary.comments, methods[.comments]?.isSearched == true { parts.append(count(name, comments)) }
        return parts.joined(separator: " · ")
    }
}
