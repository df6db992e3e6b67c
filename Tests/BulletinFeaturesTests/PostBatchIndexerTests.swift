import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// A source whose listing comes in batches of 1,000 posts (more than the finder's background
/// threshold in all), the users read first, like a big file.
private final class BatchedListingSource: EmptyFileSource, @unchecked Sendable {
    let descriptor = SourceDescriptor(kind: .file, location: "big.json")
    let loadProgress: LoadProgress? = nil
    let posts: [PostSummary]
    let authors: [RecordID: String] = [1: "Émile Zoë", 2: "Ann"]
    /// The listing the load ends with (the batches' posts unless a test changes it).
    let listing: PostListing

    convenience init(count: Int, listing change: (inout PostListing) -> Void = { _ in }) {
        self.init(posts: (1...count).map { PostSummary(id: RecordID($0), userId: RecordID($0 / 100 % 3), title: "Post \($0)") },
                  listing: change)
    }

    init(posts: [PostSummary], listing change: (inout PostListing) -> Void = { _ in }) {
        self.posts = posts
        var listing = PostListing(posts: posts, authors: authors)
        change(&listing)
        self.listing = listing
    }

    func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        for start in stride(from: 0, to: posts.count, by: 1000) {
            let batch = Array(posts[start..<min(start + 1000, posts.count)])
            partial?(PostBatch(posts: batch, authors: authors, done: start, total: posts.count))
        }
        return listing
    }
}

@MainActor
struct PostBatchIndexerTests {
    static let posts = (1...30).map { PostSummary(id: RecordID($0), userId: RecordID($0 / 4 % 3), title: "Tïtle \($0)") }
    static let authors: [RecordID: String] = [1: "Émile", 2: "Ann"]

    /// The batches of `posts` (sizes 7, 0, 13, the rest) through a fresh indexer, finished for `listing`.
    static func built(_ listing: PostListing, authors: [RecordID: String] = authors) async -> PostBatchIndexer.Built? {
        let indexer = PostBatchIndexer(columns: PostRowColumn.columns)
        var start = 0
        for size in [7, 0, 13, posts.count - 20] {
            indexer.add(PostBatch(posts: Array(posts[start..<(start + size)]), authors: authors, done: 0, total: 1))
            start += size
        }
        return await indexer.finish(for: listing)
    }

    @Test("the index built from the batches equals the one built from the final rows, ids found by text")
    func equalsTheRowByRowIndex() async throws {
        let listing = PostListing(posts: Self.posts, authors: Self.authors)
        let built = try #require(await Self.built(listing))
        let rows = Self.posts.map { [$0.id.text, Self.authors[$0.userId] ?? "—", $0.title] }
        let reference = FindIndex(rowCount: rows.count, columnCount: 3) { rows[$0][$1] }
        #expect(built.index.bytes == reference.bytes && built.index.starts == reference.starts)
        #expect(built.index.foldedText(row: 0, column: 1) == "—")
        #expect(built.index.foldedText(row: 4, column: 1) == "emile")
        #expect(built.rowsByID.row(withID: "1") == 0 && built.rowsByID.row(withID: "30") == 29)
        #expect(built.rowsByID.row(withID: "31") == nil && built.rowsByID.isAscending)
        #expect(built.rows == Self.posts.map { PostRow(post: $0, author: Self.authors[$0.userId] ?? "—") })
    }

    @Test("no index when the listing is not what the batches were: more posts, other posts, other authors, cancelled")
    func refusesAnotherListing() async {
        #expect(await Self.built(PostListing(posts: Self.posts + [Self.posts[0]], authors: Self.authors)) == nil)
        var swapped = Self.posts
        swapped.swapAt(7, 8)
        #expect(await Self.built(PostListing(posts: swapped, authors: Self.authors)) == nil)
        // The batches were sent before the users were read: their `—` would be wrong.
        #expect(await Self.built(PostListing(posts: Self.posts, authors: Self.authors), authors: [:]) == nil)
        let indexer = PostBatchIndexer(columns: PostRowColumn.columns)
        indexer.add(PostBatch(posts: Self.posts, authors: Self.authors, done: 0, total: 1))
        indexer.cancel()
        #expect(await indexer.finish(for: PostListing(posts: Self.posts, authors: Self.authors)) == nil)
    }

    @Test("a big batched load ends with the batches' index: filter, sort and jump work on the whole list at once")
    func listUsesTheBatchesIndex() async throws {
        let source = BatchedListingSource(count: 6_500)
        let model = PostListViewModel(source: source, router: .none)
        await model.load()
        #expect(model.indexedFromBatches)
        #expect(model.rowCount == 6_500 && !model.isPartial && !model.find.finder.isIndexing)
        #expect(model.rows.map(\.post) == source.posts)
        #expect(model.rows.first?.author == "—" && model.rows[150].author == "Émile Zoë")
        model.goTo(id: "6400")
        #expect(model.cell(row: model.selection.selected, column: .title) == "Post 6400")
        model.find.finder.updateFilter("emile zoe")
        await model.find.finder.waitUntilIdle()
        #expect(model.rowCount == source.posts.filter { $0.userId == 1 }.count)
        model.find.finder.updateFilter("post 6499")
        await model.find.finder.waitUntilIdle()
        #expect((0..<model.rowCount).map { model.cell(row: $0, column: .id) } == ["6499"])
    }

    @Test("ids that are not plain ascending numbers: the rows come from the listing, the index from the batches")
    func textIDsKeepTheListingsRows() async {
        let source = BatchedListingSource(count: 6_500) { _ in }
        // Same posts, ids as text that sort as text ("p0001"…): not plain numbers.
        let posts = source.posts.map { PostSummary(id: RecordID(String(format: "p%05d", Int($0.id.text)!)), userId: $0.userId, title: $0.title) }
        let textSource = BatchedListingSource(posts: posts)
        let model = PostListViewModel(source: textSource, router: .none)
        await model.load()
        #expect(model.indexedFromBatches)
        #expect(model.rows.map(\.post) == posts)
        model.goTo(id: "p06400")
        #expect(model.cell(row: model.selection.selected, column: .title) == "Post 6400")
        model.goTo(id: "6400")
        #expect(model.find.message == "no post 6400 in this list")
    }

    @Test("a listing that is not the batches' (reordered by id) is indexed from its rows instead, with the same result")
    func listFallsBackToTheRows() async {
        let source = BatchedListingSource(count: 6_500) { listing in listing.posts.swapAt(0, 6_499) }
        let model = PostListViewModel(source: source, router: .none)
        await model.load()
        #expect(!model.indexedFromBatches)
        #expect(model.cell(row: 0, column: .id) == "1" && model.rowCount == 6_500)
        model.goTo(id: "6500")
        #expect(model.selection.selected == 6_499)
        model.find.finder.updateFilter("post 6500")
        await model.find.finder.waitUntilIdle()
        #expect((0..<model.rowCount).map { model.cell(row: $0, column: .id) } == ["6500"])
    }
}
