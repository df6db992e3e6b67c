import BulletinData
import Foundation

/// Builds the Posts list's rows, finder index (folded id, author, title) and id map from the
/// batches of a long load while the rest of the file is still read, on a queue of its own (the second
/// core; the pass runs on the loading thread), so the whole list can filter, sort and jump as
/// soon as the last batch is in, instead of making and indexing a million rows after the load.
///
/// The batches are the load's posts in order (``PostBatch``), so at the end the index is the
/// one the final rows would give if the listing is what the batches were: ``finish(for:)``
/// checks the count, the first post of every batch and the authors' names, and answers `nil`
/// otherwise (the caller then indexes the rows as before).
final class PostBatchIndexer: @unchecked Sendable {
    /// The listing's rows with their index and id map, in the listing's order.
    struct Built: Sendable {
        /// The rows as the Posts list shows them once loaded (authors' names or `—`).
        var rows: [PostRow]
        var index: FindIndex
        /// Id text → the first row with that id; ``RowIDs/isAscending`` when the rows are in id order.
        var rowsByID: RowIDs
    }

    private let queue = DispatchQueue(label: "bulletin.posts.batch-index", qos: .userInitiated)
    private let lock = NSLock()
    private var cancelled = false
    // Touched on `queue` only.
    private var builder: FindIndex.Builder
    /// The columns the index holds, left to right.
    private let columns: [RecordListModel<PostRow>.Column]
    private var rowsByID = RowIDs.Builder()
    private var rows: [PostRow] = []
    /// The row where each batch began and its first post's id, to check the listing against.
    private var starts: [(row: Int, id: RecordID)] = []
    /// The distinct author maps the batches carried (one when the users were read first).
    private var authorMaps: [[RecordID: String]] = []

    /// An indexer of `columns`' text.
    init(columns: [RecordListModel<PostRow>.Column]) {
        self.columns = columns
        builder = FindIndex.Builder(columnCount: columns.count)
    }

    /// A batch arrived (any thread): indexed on the indexer's queue, after those before it.
    func add(_ batch: PostBatch) {
        queue.async { [self] in
            guard !isCancelled else { return }
            index(batch)
        }
    }

    /// Stops indexing (the load was cancelled or its result will not use the batches).
    func cancel() { lock.withLock { cancelled = true } }

    /// Waits for the batches already added, then the index and id map of `listing`'s posts, or
    /// `nil` when cancelled or when the batches were not `listing`'s posts with its authors.
    func finish(for listing: PostListing) async -> Built? {
        await withCheckedContinuation { continuation in
            queue.async { [self] in continuation.resume(returning: built(for: listing)) }
        }
    }

    // MARK: - Private (on `queue`)

    private var isCancelled: Bool { lock.withLock { cancelled } }

    private func index(_ batch: PostBatch) {
        let posts = batch.posts
        guard let first = posts.first else { return }
        let base = builder.rowCount
        starts.append((base, first.id))
        if authorMaps.last.map({ $0.count != batch.authors.count }) ?? true { authorMaps.append(batch.authors) }
        // The final rows' author text: the name, or `—` (a batch row shows `…` while the users
        // are unread, but then its map differs from the listing's and the index is not used).
        var author = AuthorLookup(batch.authors, missing: Display.missing)
        let batchRows = posts.map { PostRow(post: $0, author: author.name(of: $0.userId)) }
        let columns = columns
        guard builder.append(count: batchRows.count, isCancelled: { self.isCancelled }, text: { row, column in
            columns[column].text(batchRows[row])
        }) else { return }
        for post in posts { rowsByID.append(post.id.text) }
        // No reserveCapacity per batch: an exact reservation copies the rows every batch.
        rows.append(contentsOf: batchRows)
    }

    private func built(for listing: PostListing) -> Built? {
        guard !isCancelled, builder.rowCount == listing.posts.count else { return nil }
        guard starts.allSatisfy({ listing.posts[$0.row].id == $0.id }) else { return nil }
        guard authorMaps.allSatisfy({ $0 == listing.authors }) else { return nil }
        return Built(rows: rows, index: builder.finish(), rowsByID: rowsByID.finish())
    }
}
