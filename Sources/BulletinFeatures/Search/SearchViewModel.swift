import BulletinData
import MVVMC
import Observation
import ViewState

/// The Search screen: a query field over every post and comment, results grouped by kind.
///
/// Holds one ``SearchCorpus``: a file source's records searched on the file's bytes
/// (``DataSource/textSearch()``, ``FileSearchCorpus``), a database's own index asked for each
/// query (``DataSource/textSearching``, ``FullTextSearchCorpus``), else ``DataSource/allPosts()`` and
/// ``DataSource/allComments()`` loaded once and folded into a ``MemorySearchCorpus`` off the
/// main actor. Each change of the query starts a search on the cooperative pool and cancels the
/// one in flight; a result is shown only if it answers the latest query, so stale results never
/// replace newer ones. Until a search has found something the previous results stay on screen;
/// a corpus that hands on results while it scans shows them as they come, and ``isSearching``
/// stays `true` until the count is final.
///
/// The selection is an index into the results (users, then posts, then comments); the screen
/// draws group headers between them (``rows``).
///
/// A source with its own search API (``DataSource/search(_:)`` answers the empty query with
/// results, not `nil`: GitHub) is not loaded whole: each query, once typing pauses for
/// ``remoteDelay``, is one call to the source, and its users and posts are the results.
@MainActor
@Observable
public final class SearchViewModel: LoadingScreen {
    /// Where the keys go: the query field or the results list.
    public enum Focus: Sendable, Equatable { case field, results }

    // MARK: - Properties

    /// Every post and comment to search, or the source's own results (``ScreenLoad``; `r` shows `.loading` again).
    public let loader = ScreenLoad<any SearchCorpus>()
    /// The query as typed, taken literally: spaces around it are kept while typing, since a
    /// trailing space may start the next word (`:search TEXT` drops those around TEXT).
    public private(set) var query: String
    /// Where the keys go.
    public private(set) var focus: Focus
    /// The results shown (those of ``query`` once ``isSearching`` is `false`).
    public private(set) var results = SearchResults()
    /// Whether a search for ``query`` is still running.
    public private(set) var isSearching = false
    /// The selected result (posts first, then comments) and the scroll offset in ``rows``.
    public var selection = ListState()
    /// The source searched (its words, and whether its own search finds users).
    @ObservationIgnored let source: any DataSource
    @ObservationIgnored private let router: Router<SearchRoute>
    @ObservationIgnored private var searchTask: Task<Void, Never>?
    @ObservationIgnored private var generation = 0
    /// The search whose results (partial or final) are on screen.
    @ObservationIgnored private var shownGeneration = 0
    /// Whether the source searches itself (set by the load).
    public private(set) var searchesRemotely = false
    /// What the source's own search last answered (its totals), or `nil`.
    public private(set) var remoteResults: SourceSearchResults?
    /// Why the source's own search failed for the latest query, or `nil`.
    public private(set) var remoteError: DataError?
    /// How long typing must pause before a source's own search is asked (GitHub allows 10
    /// searches a minute without a token).
    public static let remoteDelay: Duration = .milliseconds(400)

    // MARK: - Init

    /// - Parameters:
    ///   - query: The query to start with (`:search TEXT`, a deep link); focus starts on the
    ///     results when it is non-empty, else on the field.
    public init(query: String = "", source: any DataSource, router: Router<SearchRoute>) {
        self.query = query
        self.focus = query.isEmpty ? .field : .results
        self.source = source
        self.router = router
    }

    isolated deinit { searchTask?.cancel() }

    // MARK: - Presentation

    /// The screen's address with the current query (`search?q=lorem`).
    public var link: DeepLink { .search(query) }

    /// The display rows: a group header before each non-empty group, then its results.
    public var rows: SearchRows { SearchRows(results: results) }

    /// The result at the selection, if any.
    public var selectedItem: Int? { results.count > 0 ? selection.selected : nil }

    /// The source's words: `posts` and `comments`, `repositories` on GitHub.
    public var vocabulary: SourceVocabulary { source.vocabulary }

    // MARK: - Intents: loading

    /// `Search`.
    public var title: String { "Search" }
    /// `search?q=…`: the query as typed now.
    public var currentRoute: String? { link.route(in: vocabulary) }
    /// Loads what to search (`r` on the results): a file source's index, else every post and
    /// comment; then searches again.
    public func reload() {
        results = SearchResults()
        loader.reload(keepsValue: false, { [source] () async throws(DataError) -> any SearchCorpus in
            if try await source.search("") != nil { return MemorySearchCorpus(posts: [], comments: [], remote: true) }
            if let records = try await source.textSearch() { return FileSearchCorpus(records: records) }
            if let searching = source.textSearching { return try await FullTextSearchCorpus.load(searching) }
            async let posts = attempt { () async throws(DataError) in try await source.allPosts() }
            async let comments = attempt { () async throws(DataError) in try await source.allComments() }
            let (loadedPosts, loadedComments) = (try await posts.get(), try await comments.get())
            try Task.checkCancellation(or: .cancelled)
            return await MemorySearchCorpus.build(posts: loadedPosts, comments: loadedComments)
        }, value: { $0 }) { [weak self] corpus in
            self?.searchesRemotely = corpus?.isRemote ?? false
            self?.search()
        }
    }

    /// The screen left the stack: the load and the search in flight are cancelled.
    public func stop() {
        loader.stop()
        searchTask?.cancel()
    }

    /// Loads, waits, then waits for the search (tests).
    public func load() async {
        reload()
        await loader.wait()
        await waitForSearch()
    }

    /// Waits until the search in flight (if any) has finished or been cancelled (tests).
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForSearch() async { await searchTask?.value }

    // MARK: - Intents: the query field

    /// A character was typed into the field.
    public func type(_ character: Character) { setQuery(query + String(character)) }

    /// Backspace in the field: removes the last character.
    public func deleteBackward() {
        guard !query.isEmpty else { return }
        setQuery(String(query.dropLast()))
    }

    /// Replaces the whole query (Ctrl-U clears it) and searches again.
    public func setQuery(_ text: String) {
        guard text != query else { return }
        query = text
        search()
    }

    /// Enter in the field: the keys go to the results.
    public func focusResults() { focus = .results }

    /// `/` or typing on the results: the keys go to the field.
    public func focusField() { focus = .field }

    // MARK: - Intents: the results

    public func moveSelection(by delta: Int) { selection.move(by: delta, count: results.count) }
    public func selectFirst() { selection.home(count: results.count) }
    public func selectLast() { selection.end(count: results.count) }

    /// Enter on a result: opens its user, its post on the first match of the query, or a
    /// comment's post with that comment selected.
    public func openSelected() {
        guard let corpus = state.value, var item = selectedItem else { return }
        if item < results.users.count {
            if let user = corpus.user(at: results.users[item]) { router.go(.user(id: user.id)) }
            return
        }
        item -= results.users.count
        if item < results.posts.count {
            guard let post = corpus.post(at: results.posts[item], in: results) else { return }
            router.go(.post(id: post.id, focus: .match(results.query)))
        } else if let comment = corpus.comment(at: results.comments[item - results.posts.count], in: results) {
            router.go(.post(id: comment.postId, focus: .comment(comment.id)))
        }
    }

    // MARK: - Private

    /// Starts a search for ``query``, cancelling the one in flight.
    private func search() {
        searchTask?.cancel()
        generation += 1
        guard let corpus = state.value else { return }
        guard !TextFolding.fold(query).isEmpty else {
            remoteResults = nil
            remoteError = nil
            show(SearchResults(query: query))
            return
        }
        if searchesRemotely { return searchRemotely(generation) }
        isSearching = true
        let (query, previous, current) = (self.query, results, generation)
        searchTask = Task { [weak self] in
            let found = await corpus.search(query, narrowing: previous) { [weak self] partial in
                await self?.showPartial(partial, of: current)
            }
            guard let found, !Task.isCancelled, let self, self.generation == current else { return }
            self.show(found, of: current)
        }
    }

    /// Asks the source for ``query`` once typing has paused for ``remoteDelay``; a newer
    /// keystroke cancels the wait (and the request), so only the latest query is shown.
    private func searchRemotely(_ current: Int) {
        isSearching = true
        let (query, source) = (self.query, self.source)
        searchTask = Task { [weak self] in
            do { try await Task.sleep(for: Self.remoteDelay) } catch { return }
            let outcome: Result<SourceSearchResults?, DataError>
            do throws(DataError) { outcome = .success(try await source.search(query)) } catch { outcome = .failure(error) }
            guard !Task.isCancelled, let self, self.generation == current else { return }
            switch outcome {
            case let .success(found):
                let found = found ?? SourceSearchResults(query: query)
                remoteResults = found
                remoteError = nil
                loader.show(MemorySearchCorpus(posts: found.posts, comments: [], users: found.users, remote: true))
                show(SearchResults(query: query, posts: Array(found.posts.indices), users: Array(found.users.indices)))
            case let .failure(error):
                remoteResults = nil
                remoteError = error
                loader.show(MemorySearchCorpus(posts: [], comments: [], remote: true))
                show(SearchResults(query: query))
            }
        }
    }

    /// Shows final results; the selection starts over unless results of the same search were
    /// already shown (the person may have moved through them).
    private func show(_ found: SearchResults, of search: Int? = nil) {
        let previous = results
        results = found
        isSearching = false
        if search == nil || shownGeneration != search { selection = ListState() } else { keepSelection(from: previous) }
        shownGeneration = search ?? generation
    }

    /// Shows the results a search has found so far, if it is still the latest one.
    private func showPartial(_ found: SearchResults, of search: Int) {
        guard generation == search else { return }
        let previous = results
        results = found
        if shownGeneration != search { selection = ListState() } else { keepSelection(from: previous) }
        shownGeneration = search
    }
}
