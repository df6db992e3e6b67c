#if canImport(Glibc)
import Glibc
#endif

extension RecordSpans {
    /// The record map of the file `index` was built from, taken from the index instead of a scan
    /// (``RecordSpanScanner``): the spans the pass found, the ids of its columns (the comments'
    /// from their runs of consecutive ids, ``IndexLayout/commentIDs``), and the root object's
    /// members, walked from key to key with each collection's array jumped over. Equal to what
    /// the scanner finds on the same bytes (`RecordSpansFromIndexTests`).
    ///
    /// `nil` when the index cannot tell that exactly, and the caller scans: `version` is not the
    /// version mapped; a record was skipped or decoded by the pass itself (an unusual shape, whose
    /// id spelling the pass does not keep); a comment's id is a string, or the comments' ids
    /// make more than ``CommentIDRuns/limit`` runs.
    /// - Parameter version: The file on disk now, as the save opened it.
    init?(index: FileIndex, version: FileFingerprint) {
        let file = index.file
        guard file.fingerprint == version, let base = file.base else { return nil }
        let layout = index.layout
        var collections: [RecordKind: Collection] = [:]
        for (kind, found) in index.spans {
            guard index.decoded[kind]?.isEmpty ?? true else { return nil }
            let records = found.records
            var elements: [Element] = []
            elements.reserveCapacity(records.count)
            switch kind {
            case .user, .post:
                let count = kind == .user ? index.userIDs.count : index.postColumn.count
                guard count == records.count else { return nil }
                let strings = layout.stringIDs[kind] ?? []
                for (number, record) in records.enumerated() {
                    let id = kind == .user ? index.userIDs[number] : index.postColumn[number].id
                    elements.append(Element(start: record.start, end: record.end, id: id.text,
                                            idIsString: strings.contains(Int32(number))))
                }
            case .comment:
                guard index.commentElements.count == records.count, let runs = layout.commentIDs else { return nil }
                for (record, id) in zip(records, runs.ids(count: records.count)) {
                    elements.append(Element(start: record.start, end: record.end, id: id, idIsString: false))
                }
            }
            collections[kind] = Collection(open: found.open, close: found.close, elements: elements)
        }
        var members: [RootMember] = []
        var notArrays: Set<RecordKind> = []
        if !layout.rootIsArray {
            var walker = RootWalker(base: base, length: file.length, at: layout.rootOpen + 1)
            guard walker.members(jumping: index.spans, into: &members, notArrays: &notArrays),
                  walker.at == layout.rootClose else { return nil }
        }
        let bom = file.length >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        self.init(bomLength: bom, rootIsArray: layout.rootIsArray, rootOpen: layout.rootOpen, rootClose: layout.rootClose,
                  rootMembers: members, collections: collections, notArrays: notArrays, size: file.length)
    }
}

/// Walks a db.json's root object from member to member on bytes the index pass has checked
/// (valid JSON, member names without escapes), jumping over the collection arrays it indexed.
private struct RootWalker: JSONSkipping {
    let base: UnsafePointer<UInt8>
    let length: Int
    var at: Int

    /// Reads the members from `at` (just after the `{`) to the closing `}`, where it stops.
    /// False on any byte it did not expect (the caller then scans the file instead).
    mutating func members(
        jumping arrays: [RecordKind: CollectionSpans], into members: inout [RecordSpans.RootMember],
        notArrays: inout Set<RecordKind>
    ) -> Bool {
        skipBlanks()
        if at < length, base[at] == UInt8(ascii: "}") { return true }
        var seen: Set<RecordKind> = []
        while at < length {
            skipBlanks()
            guard at < length, base[at] == UInt8(ascii: "\"") else { return false }
            let keyStart = at
            guard skipString() else { return false }
            let key = String(decoding: UnsafeBufferPointer(start: base + keyStart + 1, count: at - keyStart - 2), as: UTF8.self)
            skipBlanks()
            guard at < length, base[at] == UInt8(ascii: ":") else { return false }
            at += 1
            skipBlanks()
            // A collection named twice (`"posts": null, "posts": [...]`): the scanner takes the
            // first, the pass the array; too rare to work out here.
            if let kind = RecordKind(rawValue: key), !seen.insert(kind).inserted { return false }
            if let kind = RecordKind(rawValue: key), let array = arrays[kind], array.open == at {
                at = array.close + 1
            } else {
                if let kind = RecordKind(rawValue: key) { notArrays.insert(kind) }
                guard skipValue() else { return false }
            }
            members.append(.init(keyStart: keyStart, valueEnd: at))
            skipBlanks()
            guard at < length else { return false }
            if base[at] == UInt8(ascii: ",") {
                at += 1
            } else {
                return base[at] == UInt8(ascii: "}")
            }
        }
        return false
    }
}
