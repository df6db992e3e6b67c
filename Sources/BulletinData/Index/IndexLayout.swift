/// What the index pass learnt of a `db.json` beyond its columns: where the root value lies and
/// how the ids were spelled, so that a save can take its record map from the index
/// (``RecordSpans/init(index:version:)``) instead of scanning the file again.
struct IndexLayout: Sendable {
    /// Whether the document is a top-level array (one collection, named by the file).
    var rootIsArray = false
    /// Offsets of the root's `{` (or `[`) and of its closing `}` (or `]`).
    var rootOpen = 0
    var rootClose = 0
    /// Users and posts: the element numbers whose `id` was a JSON string (`"id": "7"`).
    var stringIDs: [RecordKind: Set<Int32>] = [:]
    /// When every comment was read plainly with an integer `id`: the ids as runs (json-server's
    /// files count 1, 2, 3, …; a deleted comment starts a new run after the gap), each the element
    /// number it starts at and its first id, in element order; `nil` when a comment's id was a
    /// string or not plain, or there are more than ``CommentIDRuns/limit`` runs. The comments' ids
    /// are kept in no column (a million of them would cost memory the lists never use): these runs
    /// are all a save can learn of them from the index.
    var commentIDs: CommentIDRuns?
}

/// The comments' ids as runs of consecutive integers (``IndexLayout/commentIDs``), built during
/// the pass one comment at a time.
struct CommentIDRuns: Sendable, Equatable {
    /// One run: the comments from element `element` on have ids `id`, `id + 1`, … up to the next run.
    struct Run: Sendable, Equatable {
        var element: Int32
        var id: Int64
    }

    /// At most this many runs are kept (a file whose ids are in no order keeps none).
    static let limit = 4096

    private(set) var runs: [Run] = []
    private var last: Int64 = 0
    private var count: Int32 = 0
    private var broken = false

    /// The id of the next comment in element order (read plainly as the integer `id`), or `nil`
    /// when it was a string, missing or the record not plain.
    mutating func note(id: Int64?) {
        defer { count += 1 }
        guard !broken else { return }
        guard let id else { broken = true; return }
        let (next, overflow) = last.addingReportingOverflow(1)
        if runs.isEmpty || overflow || id != next {
            guard runs.count < Self.limit else { broken = true; return }
            runs.append(Run(element: count, id: id))
        }
        last = id
    }

    /// The runs, or `nil` when the ids cannot be told by them.
    var result: CommentIDRuns? { broken ? nil : self }

    /// Every comment's id text in element order (`count` comments), as ``RecordID`` writes it.
    func ids(count: Int) -> [String] {
        var ids: [String] = []
        ids.reserveCapacity(count)
        for (number, run) in runs.enumerated() {
            let end = number + 1 < runs.count ? Int(runs[number + 1].element) : count
            for element in Int(run.element)..<end {
                ids.append(IndexBuilder.decimal(run.id + Int64(element - Int(run.element))))
            }
        }
        return ids
    }
}
