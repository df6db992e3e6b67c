import BulletinData
import ViewState

/// One row of the Posts list: a post's list members (no body) and its author's name.
public struct PostRow: Sendable, Equatable, Identifiable {
    public var post: PostSummary
    /// The author's name (`—` when unknown, `…` while the users are still being read).
    public var author: String

    public init(post: PostSummary, author: String) {
        self.post = post
        self.author = author
    }

    /// The post's id.
    public var id: RecordID { post.id }
}

/// The Posts list's columns, left to right.
public enum PostRowColumn: ColumnKey, CaseIterable {
    case id, author, title

    /// The column as data: its title, value type (alignment and sort follow) and width policy.
    public var declaration: ListColumn {
        switch self {
        case .id: .id
        case .author: ListColumn("Author", width: ColumnWidth(min: 10, max: 30))
        case .title: .title
        }
    }

    /// The text `row` shows in `column` (what the filter matches).
    public static func text(of row: PostRow, column: PostRowColumn) -> String {
        switch column {
        case .id: row.post.id.text
        case .author: row.author
        case .title: row.post.title
        }
    }

    /// Every column as the list model holds it.
    static let columns: [RecordListModel<PostRow>.Column] = allCases.map(\.column)
}

extension RecordListModel where Row == PostRow {
    /// Every post of the source with its author's name, ordered by id: one
    /// ``DataSource/postListing(partial:)``. A file source answers from its index (no bodies
    /// decoded) and, while a large file is indexed, sends batches that show at once in file
    /// order; the finder's index of the whole list is built from them meanwhile
    /// (``PostBatchIndexer``). REST sources answer with `GET /users` and `GET /posts`.
    /// A database (``DataSource/postWindows``) is read in windows by key instead: the list
    /// holds the rows around the selection, and its filter and sort are the database's query.
    public static func allPosts(of source: any DataSource) -> RecordListModel<PostRow> {
        var feed = ListFeed<PostRow>(sendsBatches: source.postWindows == nil) {
            batches throws(DataError) in try await loadRows(source, batches: batches)
        }
        if let windows = source.postWindows { feed.windows = windowed(windows) }
        return RecordListModel(name: source.vocabulary.posts, columns: PostRowColumn.columns, feed: feed)
    }

    /// The Posts list's windows over `windows`: each row's author `—` when no user has its id.
    static func windowed(_ windows: any RecordWindows<WindowedPost>) -> ListWindows<PostRow> {
        ListWindows(sortFields: PostRowColumn.allCases.map { "\($0)" }, filterMatches: "the title's text, the author's name or the id",
                    windows) {
            PostRow(post: $0.post, author: $0.author ?? Display.missing)
        }
    }

    /// One ``DataSource/postListing(partial:)``; each row gets its author's name by id, `—`
    /// when there is none (`…` in a batch while the users are unread); sorted by id (a list
    /// already in id order is not sorted again).
    /// - Returns: The rows, with the finder's index of them that the batches built when the
    ///   rows are the batches' posts in their order. When the batches' ids were plain
    ///   ascending numbers, the rows are the ones the indexer made.
    private nonisolated static func loadRows(_ source: any DataSource, batches: RowBatches<PostRow>?) async throws(DataError)
        -> ListPage<PostRow>
    {
        let indexer = PostBatchIndexer(columns: PostRowColumn.columns)
        defer { indexer.cancel() }
        let listing = try await source.postListing { batch in
            if let batches {
                var author = AuthorLookup(batch.authors, missing: Display.pending)
                batches.add(batch.posts.map { PostRow(post: $0, author: author.name(of: $0.userId)) })
            }
            indexer.add(batch)
        }
        try Task.checkCancellation(or: .cancelled)
        let built = await indexer.finish(for: listing)
        try Task.checkCancellation(or: .cancelled)
        // In id order already, rows made and indexed meanwhile: nothing left to do.
        if let built, built.rowsByID.isAscending {
            return ListPage(rows: built.rows, issues: listing.issues, index: built.index, rowsByID: built.rowsByID)
        }
        var author = AuthorLookup(listing.authors, missing: Display.missing)
        let rows = listing.posts.map { PostRow(post: $0, author: author.name(of: $0.userId)) }
        guard IDOrder.isSorted(rows, by: \.post.id) else {
            return ListPage(rows: IDOrder.sorted(rows, by: \.post.id), issues: listing.issues)
        }
        guard let built else { return ListPage(rows: rows, issues: listing.issues) }
        return ListPage(rows: rows, issues: listing.issues, index: built.index, rowsByID: built.rowsByID)
    }
}

extension Task where Success == Never, Failure == Never {
    /// Throws `error` when the current task has been cancelled.
    static func checkCancellation(or error: DataError) throws(DataError) {
        if Task.isCancelled { throw error }
    }
}
