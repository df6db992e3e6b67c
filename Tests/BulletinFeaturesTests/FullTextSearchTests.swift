import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Synchronization
import Testing

@testable import BulletinFeatures

/// Search on a SQLite database through its FTS5 indexes (issue 25 item 4), in the view model:
/// at most 200 posts and 200 comments with the database's counts (`Posts (200 of 1,131)`), a
/// result opening its post, the notice for a kind without an index, and the steps the corpus
/// hands on (whole words first, then the prefix, then the counts).
@MainActor
@Suite("Search through a database's full-text index")
struct FullTextSearchTests {
    static func database(posts: Int = 1_200, comments: Int = 300, commentsFullText: Bool = true) throws -> (WindowedPostsDatabase, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-ftsvm-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (try WindowedPostsDatabase.make(in: directory, posts: posts, comments: comments, commentsFullText: commentsFullText), directory)
    }

    func search(_ model: SearchViewModel, _ query: String) async {
        model.setQuery(query)
        await model.waitForSearch()
    }

    @Test("`the`: Posts (200 of 1,1xx) and Comments (200 of N) from the database's counts; Enter opens a post, and a comment's post")
    func cappedWithCounts() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = RouteRecorder<SearchRoute>()
        let model = SearchViewModel(source: SQLiteDataSource(path: database.path), router: recorder.router)
        await model.load()
        #expect(model.state.value is FullTextSearchCorpus && model.notice == nil)
        await search(model, "the")
        let posts = database.posts.filter { WindowedPostsDatabase.wordsMatch($0.title ?? "", "the") }
        let comments = database.comments.values.filter { WindowedPostsDatabase.wordsMatch($0, "the") }.count
        #expect(posts.count > 1_000 && comments > 200)
        #expect(model.results.posts.count == 200 && model.results.comments.count == 200 && model.results.isComplete)
        #expect(model.groupTitle(.posts) == "Posts (200 of \(SearchViewModel.grouped(posts.count)))")
        #expect(model.groupTitle(.posts).contains("of 1,"))
        #expect(model.groupTitle(.comments) == "Comments (200 of \(comments))")
        #expect(model.summary == "\(SearchViewModel.grouped(posts.count)) posts · \(comments) comments")
        #expect(model.text(ofItem: 0) == posts[0].title)
        model.focusResults()
        model.openSelected()
        model.moveSelection(by: 200)
        model.openSelected()
        let firstComment = try #require(database.comments.keys.sorted().first { WindowedPostsDatabase.wordsMatch(database.comments[$0]!, "the") })
        #expect(recorder.routes == [.post(id: RecordID(posts[0].id), focus: .match("the")),
                                    .post(id: RecordID((firstComment - 1) % database.posts.count + 1), focus: .comment(RecordID(firstComment)))])
    }

    @Test("FÉRRY lists every match when fewer than 200, without `of`; punctuation alone and no match say why")
    func fewAndNone() async throws {
        let (_, directory) = try Self.database(posts: 600, comments: 100)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = SearchViewModel(source: SQLiteDataSource(path: directory.appendingPathComponent("posts.sqlite").path), router: .none)
        await model.load()
        await search(model, "FÉRRY")
        #expect(model.groupTitle(.posts) == "Posts (\(model.results.posts.count))" && model.results.posts.count > 0)
        #expect((0..<model.results.posts.count).allSatisfy { TextFolding.fold(model.text(ofItem: $0)).contains("ferry") })
        await search(model, "?!")
        #expect(model.message == "\"?!\" has no letters or digits: the FTS5 index finds words.")
        await search(model, "zzzq")
        #expect(model.message == "No post or comment matches \"zzzq\".")
        await search(model, "\"zzzq\"")
        #expect(model.message == "No post or comment matches “\"zzzq\"”.", "a query's own quotes are not doubled")
    }

    @Test("comments without an index: the notice says they are read whole, and a literal part of a word finds them")
    func noticeForAScannedKind() async throws {
        let (_, directory) = try Self.database(posts: 300, comments: 300, commentsFullText: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = SearchViewModel(source: SQLiteDataSource(path: directory.appendingPathComponent("posts.sqlite").path), router: .none)
        await model.load()
        #expect(model.notice == "Comments have no FTS5 index: each search reads every row (300 comments), matching the text anywhere.")
        await search(model, "afferr")
        #expect(model.results.posts.isEmpty && model.results.comments.count > 0, "Wafferry cake, by a part of its word")
    }

    @Test("comments the role may not read: the posts found are listed, and the notice says the comments were not searched and why")
    func commentsRefused() async throws {
        let searching = StubTextSearching()
        searching.commentFailure.withLock { $0 = .unreadableFile(path: "db", reason: "permission denied for table comments") }
        let model = SearchViewModel(source: StubDataSource(textSearching: searching), router: .none)
        await model.load()
        await search(model, "x")
        #expect(model.results.posts.count == 200, "the posts stand")
        #expect(model.fullTextMessage == nil)
        #expect(model.notice == "Comments were not searched: Cannot read db: permission denied for table comments")
        searching.failure.withLock { $0 = .databaseConnection(location: "db", reason: "the connection to the server was lost (x)") }
        await search(model, "y")
        #expect(model.fullTextMessage?.hasPrefix("Search failed: Lost the connection") == true, "a lost server still fails the search")
    }

    @Test("comments the role may not even count: Search opens, says they are not searched and why, and lists the posts")
    func commentsMethodRefused() async throws {
        let searching = StubTextSearching(refusesCommentMethod: true)
        searching.commentFailure.withLock { $0 = .unreadableFile(path: "db", reason: "permission denied for table comments") }
        let model = SearchViewModel(source: StubDataSource(textSearching: searching), router: .none)
        await model.load()
        #expect(model.state.value is FullTextSearchCorpus, "opened, not failed")
        #expect(model.notice == "Comments are not searched: Cannot read db: permission denied for table comments")
        await search(model, "x")
        #expect(model.results.posts.count == 200)
        #expect(!searching.calls.withLock { $0 }.contains("comments"), "comments never asked")
    }

    @Test("a server's table read whole: a small one's notice says how many rows and gives no advice; a large one's gives the SQL")
    func scannedServerTables() async throws {
        let small = SearchViewModel(source: StubDataSource(textSearching: StubTextSearching(comments: .scanEveryRow(rows: 7, advice: ""))), router: .none)
        await small.load()
        #expect(small.notice == "Comments have no full-text or trigram index: each search reads every row (7 comments), matching the text anywhere.")
        let large = SearchViewModel(source: StubDataSource(textSearching: StubTextSearching(comments: .scanEveryRow(rows: 2_000_000, advice: "CREATE …;"))),
                                    router: .none)
        await large.load()
        #expect(large.notice == "Comments have no full-text or trigram index: each search reads every row (about 2,000,000 comments; Esc stops it). "
                + "To make one, run: CREATE …;")
    }

    @Test("the corpus hands on whole-word rows, then the prefix's, then the counts; an unsearched kind is never asked, and its notice is the SQL")
    func steps() async throws {
        let stub = StubTextSearching()
        let corpus = FullTextSearchCorpus(stub, methods: [.posts: .fullText(table: "posts_fts"), .comments: .unavailable(advice: "CREATE …;")])
        let handed = Mutex<[SearchResults]>([])
        let final = try #require(await corpus.search("fer", narrowing: nil) { partial in handed.withLock { $0.append(partial) } })
        let partials = handed.withLock { $0 }
        #expect(partials.map { $0.found?.posts.count } == [1, 200] && partials.allSatisfy { !$0.isComplete })
        #expect(partials.allSatisfy { $0.found?.postTotal == nil })

        #expect(final.isComplete && final.found?.postTotal == 3_281 && final.posts == Array(0..<200))
        #expect(stub.calls.withLock { $0 } == ["posts whole", "posts prefix", "count posts"])
        #expect(corpus.post(at: 0, in: final)?.title == "prefix 1" && corpus.post(at: 200, in: final) == nil && corpus.post(at: 0) == nil)

        stub.failure.withLock { $0 = .unreadableFile(path: "/x.db", reason: "database is locked") }
        let failed = try #require(await corpus.search("fer", narrowing: nil) { _ in })
        #expect(failed.found?.failure == .unreadableFile(path: "/x.db", reason: "database is locked") && failed.count == 0)
    }

    @Test("while the database counts: Posts (200…) and `200 posts · counting…`; then Posts (200 of 3,281); the notice gives an unsearched kind's SQL")
    func whileCounting() async throws {
        let stub = StubTextSearching(comments: .unavailable(advice: "CREATE VIRTUAL TABLE …;"))
        stub.holdsCount.withLock { $0 = true }
        let model = SearchViewModel(source: StubDataSource(textSearching: stub), router: .none)
        await model.load()
        #expect(model.notice == "Comments are not searched: they have no FTS5 index and there are over 100,000. "
                + "To make one (bulletin import does), run: CREATE VIRTUAL TABLE …;")
        model.setQuery("fer")
        let deadline = ContinuousClock.now + .seconds(10)
        while model.results.posts.count < 200, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(model.isSearching && model.groupTitle(.posts) == "Posts (200…)")
        #expect(model.summary == "200 posts · counting…", "comments are not searched: no count of them")
        stub.holdsCount.withLock { $0 = false }
        await model.waitForSearch()
        #expect(!model.isSearching && model.groupTitle(.posts) == "Posts (200 of 3,281)" && model.summary == "3,281 posts")
    }

    @Test("the selection stays on its post when the prefix's rows replace the whole word's: post 5, first, then fifth")
    func selectionFollowsTheRecord() async throws {
        let stub = StubTextSearching()
        stub.holdsPrefix.withLock { $0 = true }
        let model = SearchViewModel(source: StubDataSource(textSearching: stub), router: .none)
        await model.load()
        model.setQuery("fer")
        let deadline = ContinuousClock.now + .seconds(10)
        while model.results.posts.count != 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        model.focusResults()
        #expect(model.selectedItem == 0 && model.text(ofItem: 0).hasPrefix("whole 5"))
        stub.holdsPrefix.withLock { $0 = false }
        await model.waitForSearch()
        #expect(model.results.posts.count == 200 && model.selectedItem == 4 && model.text(ofItem: 4).hasPrefix("prefix 5"))
    }

    @Test("3,281: counts grouped by thousands", arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (3_281, "3,281"), (10_000_000, "10,000,000")])
    func grouping(number: Int, text: String) {
        #expect(SearchViewModel.grouped(number) == text)
    }
}

/// A ``TextSearching`` that answers from nothing: post 5 for whole words, posts 1–200 for a prefix,
/// 3,281 counted (once ``holdsCount`` lets it); it records each call and fails with ``failure`` when set.
final class StubTextSearching: TextSearching {
    let calls = Mutex<[String]>([])
    let failure = Mutex<DataError?>(nil)
    /// When set, the comments' search fails with it (a table the role may not read).
    let commentFailure = Mutex<DataError?>(nil)
    /// While `true`, ``count(matching:in:)`` waits (the database still counting).
    let holdsCount = Mutex(false)
    /// While `true`, the posts of a prefix wait (FTS5 still merging the prefix's words).
    let holdsPrefix = Mutex(false)
    /// How comments are searched (posts through `posts_fts`).
    let commentMethod: TextSearchMethod

    /// Whether ``commentFailure`` is thrown already when asked how comments are searched (a
    /// table whose rows must be counted to say).
    let refusesCommentMethod: Bool

    init(comments: TextSearchMethod = .fullText(table: "comments_fts"), refusesCommentMethod: Bool = false) {
        commentMethod = comments
        self.refusesCommentMethod = refusesCommentMethod
    }

    func method(for kind: TextSearchKind) async throws(DataError) -> TextSearchMethod {
        if kind == .comments, let failure = commentFailure.withLock({ $0 }), refusesCommentMethod { throw failure }
        return kind == .posts ? .fullText(table: "posts_fts") : commentMethod
    }

    func posts(matching query: String, limit: Int, wholeWords: Bool) async throws(DataError) -> [Post] {
        calls.withLock { $0.append("posts \(wholeWords ? "whole" : "prefix")") }
        if let failure = failure.withLock({ $0 }) { throw failure }
        while !wholeWords, holdsPrefix.withLock({ $0 }) {
            do { try await Task.sleep(for: .milliseconds(5)) } catch { throw .cancelled }
        }
        return (wholeWords ? [5] : Array(1...limit)).map {
            Post(userId: 1, id: RecordID($0), title: "\(wholeWords ? "whole" : "prefix") \($0)", body: "")
        }
    }

    func comments(matching query: String, limit: Int, wholeWords: Bool) async throws(DataError) -> [BulletinData.Comment] {
        calls.withLock { $0.append("comments") }
        if let failure = commentFailure.withLock({ $0 }) { throw failure }
        return []
    }

    func count(matching query: String, in kind: TextSearchKind) async throws(DataError) -> Int {
        calls.withLock { $0.append("count \(kind)") }
        while holdsCount.withLock({ $0 }) {
            do { try await Task.sleep(for: .milliseconds(5)) } catch { throw .cancelled }
        }
        return 3_281
    }
}
