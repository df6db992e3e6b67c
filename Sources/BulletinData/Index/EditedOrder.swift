/// One list of a ``FileIndex`` (posts or comments) after Bulletin's saved edits, as
/// ``EditedData`` answers it, without decoding the list: each position is a record of the index
/// (its position there) or a record held in memory (created, or the new version of one updated).
///
/// The edits are applied by ``EditedData``'s rules: an update replaces the first record equal to
/// the one it was made from (else the first with its id), a delete removes it, a create or
/// restore appends. Equality is tested on the few records a cheap column picks (a post's
/// summary, a comment's `postId`), decoding only those. 4 bytes per record.
struct EditedOrder<Value: Hashable & Sendable>: Sendable {
    /// Per position: `n >= 0` is the index's record `n`, `n < 0` is `held[-n - 1]`.
    private(set) var entries: [Int32]
    /// The records held in memory.
    private(set) var held: [Value] = []

    /// The index's record at `position`, or `nil` when that position holds a record in memory.
    func base(at position: Int) -> Int? {
        let entry = entries[position]
        return entry >= 0 ? Int(entry) : nil
    }

    /// The record at `position`: `base` decodes the index's.
    func value(at position: Int, base decode: (Int) -> Value?) -> Value? {
        let entry = entries[position]
        return entry >= 0 ? decode(Int(entry)) : held[Int(-entry - 1)]
    }

    /// How the index's records are told apart without decoding them all.
    struct Probe {
        /// Whether base record `n` may equal the value (a cheap column test; `true` when unsure).
        var mayEqual: (Int, Value) -> Bool
        /// Base record `n` decoded.
        var decode: (Int) -> Value?
        /// Whether base record `n` has this id.
        var hasID: (Int, RecordID) -> Bool
        /// A value's id.
        var id: (Value) -> RecordID
    }

    /// The `count` records of the index with `changes` applied, oldest first (`old` → `new`:
    /// both for an update, `old` alone for a delete, `new` alone for a create).
    init(count: Int, changes: [(old: Value?, new: Value?)], probe: Probe) {
        entries = (0..<Int32(count)).map { $0 }
        for change in changes {
            switch (change.old, change.new) {
            case let (old?, new?):
                guard let position = find(old, probe) else { continue }
                entries[position] = hold(new)
            case let (old?, nil):
                if let position = find(old, probe) { entries.remove(at: position) }
            case let (nil, new?):
                entries.append(hold(new))
            case (nil, nil):
                continue
            }
        }
    }

    private mutating func hold(_ value: Value) -> Int32 {
        held.append(value)
        return -Int32(held.count)
    }

    /// The first position holding a record equal to `old`, else the first with its id.
    private func find(_ old: Value, _ probe: Probe) -> Int? {
        let equal = entries.firstIndex { entry in
            entry >= 0 ? probe.mayEqual(Int(entry), old) && probe.decode(Int(entry)) == old : held[Int(-entry - 1)] == old
        }
        if let equal { return equal }
        let id = probe.id(old)
        return entries.firstIndex { entry in
            entry >= 0 ? probe.hasID(Int(entry), id) : probe.id(held[Int(-entry - 1)]) == id
        }
    }
}

extension EditedOrder where Value == Post {
    /// The index's posts after `edits`; `nil` when none concerns posts.
    static func posts(of index: FileIndex, edits: [EditedData.Edit]) -> EditedOrder? {
        let changes = edits.compactMap { edit -> (old: Post?, new: Post?)? in
            switch edit {
            case let .replace(.post(old), .post(new)): (old, new)
            case let .remove(.post(old)): (old, nil)
            case let .append(.post(new)): (nil, new)
            default: nil
            }
        }
        guard !changes.isEmpty else { return nil }
        let probe = Probe(
            mayEqual: { index.postColumn[$0] == PostSummary($1) }, decode: index.post(at:),
            hasID: { index.postColumn[$0].id == $1 }, id: \.id)
        return EditedOrder(count: index.postElements.count, changes: changes, probe: probe)
    }
}

extension EditedOrder where Value == Comment {
    /// The index's comments after `edits`; `nil` when none concerns comments. The index keeps no
    /// comment ids: finding a comment by id alone (an update of a record no longer as read)
    /// decodes comments in order until one has it.
    static func comments(of index: FileIndex, edits: [EditedData.Edit]) -> EditedOrder? {
        let changes = edits.compactMap { edit -> (old: Comment?, new: Comment?)? in
            switch edit {
            case let .replace(.comment(old), .comment(new)): (old, new)
            case let .remove(.comment(old)): (old, nil)
            case let .append(.comment(new)): (nil, new)
            default: nil
            }
        }
        guard !changes.isEmpty else { return nil }
        let probe = Probe(
            mayEqual: { index.commentPostIDs[$0] == $1.postId }, decode: index.comment(at:),
            hasID: { index.comment(at: $0)?.id == $1 }, id: \.id)
        return EditedOrder(count: index.commentElements.count, changes: changes, probe: probe)
    }
}
