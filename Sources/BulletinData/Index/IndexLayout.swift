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
    /// When every comment was read plainly and its `id` is the integer `base + element number`
    /// (json-server's files: 1, 2, 3, …), that `base`; `nil` otherwise. The comments' ids are
    /// kept in no column (a million of them would cost memory the lists never use), so this run
    /// is all a save can learn of them from the index.
    var commentIDBase: Int?
}

/// Follows the comments' ids during the pass, for ``IndexLayout/commentIDBase``.
struct CommentIDRun {
    private(set) var base: Int64?
    private(set) var broken = false

    /// The id of element `element` (read plainly as the integer `id`, or `nil` when it was a
    /// string, missing or the record not plain).
    mutating func note(element: Int32, id: Int64?) {
        guard !broken else { return }
        guard let id else { broken = true; return }
        if element == 0 {
            base = id
            return
        }
        guard let base else { broken = true; return }
        let (expected, overflow) = base.addingReportingOverflow(Int64(element))
        if overflow || expected != id { broken = true }
    }

    /// The run's first id when the `count` comments' ids are one run, `nil` when not; 1 when
    /// there was no comment (no id to know).
    func result(count: Int) -> Int? {
        if count == 0 { return 1 }
        guard !broken, let base, let value = Int(exactly: base) else { return nil }
        return value
    }
}
