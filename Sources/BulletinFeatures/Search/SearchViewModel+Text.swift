import BulletinData

// The Search screen's text: group headings, result lines, messages and the status line.

extension SearchViewModel {
    /// `Posts (3)` or `Comments (12)`, in the source's words (`Posts (3…)` while the search is
    /// still finding more); for a source's own search, with the total it reports when it is
    /// more than shown: `Repositories (30 of 1520)`.
    public func groupTitle(_ group: SearchRows.Group) -> String {
        let vocabulary = source.vocabulary
        switch group {
        case .users: return Self.heading(vocabulary.users.title, results.users.count, of: remoteResults?.totalUsers)
        case .posts:
            if let found = results.found { return Self.heading(vocabulary.posts.title, found.posts.count, of: found.postTotal, more) }
            guard searchesRemotely else { return "\(vocabulary.posts.title) (\(results.posts.count)\(more))" }
            return Self.heading(vocabulary.posts.title, results.posts.count, of: remoteResults?.totalPosts)
        case .comments:
            let title = vocabulary.comments?.title ?? "Comments"
            if let found = results.found { return Self.heading(title, found.comments.count, of: found.commentTotal, more) }
            return "\(title) (\(results.comments.count)\(more))"
        }
    }

    /// `Posts (200 of 3,281)` for a database's index (the count grouped by thousands), `Posts (200…)` until counted.
    private static func heading(_ name: String, _ shown: Int, of total: Int?, _ more: String) -> String {
        guard let total, total > shown else { return "\(name) (\(shown)\(more))" }
        return "\(name) (\(shown) of \(grouped(total)))"
    }

    /// `3,281`: a count with its thousands separated.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return (number < 0 ? "-" : "") + digits
    }

    /// `…` after a count while the results are still growing.
    private var more: String { results.isComplete ? "" : "…" }

    private static func heading(_ name: String, _ shown: Int, of total: Int?) -> String {
        guard let total, total > shown else { return "\(name) (\(shown))" }
        return "\(name) (\(shown) of \(total))"
    }

    /// One result's line: a post's title, a comment's name, and an excerpt of the text around
    /// the match when the match is not in the title (or always, for comments).
    public func text(ofItem item: Int) -> String {
        guard let corpus = state.value, item >= 0, item < results.count else { return "" }
        if item < results.users.count {
            guard let user = corpus.user(at: results.users[item]) else { return "" }
            return user.name == user.username ? user.username : "\(user.username) — \(user.name)"
        }
        let item = item - results.users.count
        if item < results.posts.count {
            guard let post = corpus.post(at: results.posts[item], in: results) else { return "" }
            if searchesRemotely {
                // A repository by its full name and description; a meal by its name.
                guard vocabulary.postIDsIncludeUserID else { return post.title }
                return post.id.text + (post.body.isEmpty ? "" : " — " + post.body)
            }
            if !MatchRanges.find(results.query, in: post.title).isEmpty { return post.title }
            return post.title + " — " + SearchExcerpt.around(results.query, in: post.body)
        }
        guard let comment = corpus.comment(at: results.comments[item - results.posts.count], in: results) else { return "" }
        return comment.name + " — " + SearchExcerpt.around(results.query, in: comment.body)
    }

    /// The query the highlights are for: the one the shown results answer.
    public var highlightQuery: String { results.query }

    /// What to show instead of results: a hint, "Searching…" or "no results"; `nil` when
    /// there are results to show.
    public var message: String? {
        guard state.value != nil else { return nil }
        if searchesRemotely { return remoteMessage }
        if TextFolding.fold(query).isEmpty { return "Type to search the title and body of every \(vocabulary.searchedEvery)." }
        if fullTextCorpus != nil { return fullTextMessage }
        if results.count > 0 { return nil }
        if isSearching { return "Searching…" }
        return "No \(vocabulary.searchedSingular) contains \(Self.quoted(query))."
    }

    /// Whether the source's own search finds users as well as posts: GitHub's does (accounts
    /// and repositories), TheMealDB's finds meals only.
    private var sourceSearchFindsUsers: Bool { source.descriptor.kind.declaration.searchFindsUsers }

    /// The message of a source's own search: a hint, "Searching…", its failure, or none found.
    private var remoteMessage: String? {
        let words = source.vocabulary
        let findsUsers = sourceSearchFindsUsers
        if query.allSatisfy(\.isWhitespace) {
            return findsUsers
                ? "Type to search GitHub's \(words.users.plural) and \(words.posts.plural)."
                : "Type to search the source's \(words.posts.plural)."
        }
        if isSearching { return "Searching…" }
        if let remoteError { return "Search failed: \(remoteError.description)" }
        if results.count > 0 { return nil }
        return findsUsers
            ? "No \(words.users.singular) or \(words.posts.singular) matches \(Self.quoted(query))."
            : "No \(words.posts.singular) matches \(Self.quoted(query))."
    }

    /// `query` in quotes for a sentence: `"ferry"`, or `“"ferry" boat”` when it holds a `"` of
    /// its own (straight quotes around it would read as doubled).
    static func quoted(_ query: String) -> String {
        query.contains("\"") ? "“\(query)”" : "\"\(query)\""
    }

    /// The status line's right side: `3 posts · 12 comments`, `searching…` while a search runs.
    public var summary: String {
        switch state {
        case .idle, .loading: return "Loading \(vocabulary.searchedPlural)…"
        case .failed: return "Failed to load \(vocabulary.searchedPlural)"
        case .loaded:
            if isSearching { return fullTextProgress ?? "searching…" }
            guard !TextFolding.fold(query).isEmpty else { return "" }
            if searchesRemotely {
                let users = sourceSearchFindsUsers ? vocabulary.users.count(results.users.count) : nil
                return [users, vocabulary.posts.count(results.posts.count),
                        remoteResults?.isIncomplete == true ? "incomplete results" : nil]
                    .compactMap { $0 }.joined(separator: " · ")
            }
            if let summary = fullTextSummary { return summary }
            guard let comments = vocabulary.comments else { return vocabulary.posts.count(results.posts.count) }
            return vocabulary.posts.count(results.posts.count) + " · " + comments.count(results.comments.count)
        }
    }
}
