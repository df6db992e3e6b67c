/// Where one record's JSON value lies in a `db.json`: the bytes `start..<end` of the file
/// (`{` to `}` inclusive for an object), as found by the index pass (``FileIndex``).
///
/// Kept for every user, post and comment so that a record can be decoded on its own when a
/// screen asks for it, and so that a save can splice: copy the file's bytes up to `start`,
/// write the record's new text, copy the bytes from `end` on.
struct RecordSpan: Hashable, Sendable {
    /// Offset of the record's first byte.
    var start: Int
    /// Offset one past the record's last byte.
    var end: Int

    /// `start..<end`.
    var range: Range<Int> { start..<end }
}

/// Where a collection's array lies in the file: the offsets of its `[` and its `]`, and the
/// spans of its records in file order (records that were skipped included, so the n-th span is
/// `collection[n]` of the JSON).
struct CollectionSpans: Sendable {
    /// Offset of the array's `[`.
    var open: Int
    /// Offset of the array's `]`.
    var close: Int
    /// Every element's span, in file order.
    var records: [RecordSpan]
}
