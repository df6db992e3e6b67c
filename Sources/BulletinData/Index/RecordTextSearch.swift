import CJSONIndex
import Foundation

/// Search's view of a file source's posts and comments as the screens show them now (issue 23):
/// the indexed file's records, with Bulletin's saved edits applied (``EditedData``), judged on
/// the file's bytes instead of being decoded.
///
/// A *position* is a record's place in the index's posts (or comments) with the saved edits
/// applied: the order of ``DataSource/allPosts()`` (``DataSource/allComments()``), except that a
/// record those leave out because it does not decode (a lone surrogate escape) has a place
/// here, where it never matches and ``post(at:)`` answers `nil`. Posts are searched in `title` and `body`, comments in `name` and `body`:
/// a record matches when one member's ``TextFolding`` form contains the folded needle. The C
/// scan (`ts_search`) judges records whose searched text it can fold exactly (ASCII, JSON
/// escapes, the characters of ``foldTable``); the rest, records the index pass decoded
/// itself and records edited since, are decoded here and folded by ``TextFolding``.
public struct RecordTextSearch: Sendable {
    /// The lists Search looks through.
    public enum Collection: Sendable, CaseIterable { case posts, comments }

    let index: FileIndex
    /// The lists after saved edits; `nil` when no edit touched that kind (positions are the index's).
    let edited: (posts: EditedOrder<Post>?, comments: EditedOrder<Comment>?)

    /// The search over `loaded`: a ``FileIndex``, or an ``EditedData`` over one; `nil` for
    /// anything else (a data set decoded whole), which Search holds in memory instead.
    init?(_ loaded: any LoadedData) {
        _ = Self.foldTable  // made now, with the load, rather than on the first keystroke
        if let index = loaded as? FileIndex {
            self.index = index
            edited = (nil, nil)
        } else if let data = loaded as? EditedData, let index = data.base as? FileIndex {
            self.index = index
            edited = (EditedOrder.posts(of: index, edits: data.edits), EditedOrder.comments(of: index, edits: data.edits))
        } else {
            return nil
        }
    }

    // MARK: - Records

    /// How many posts or comments there are.
    public func count(_ collection: Collection) -> Int {
        switch collection {
        case .posts: edited.posts?.entries.count ?? index.postElements.count
        case .comments: edited.comments?.entries.count ?? index.commentElements.count
        }
    }

    /// The post at `position` (0 ..< `count(.posts)`), decoded now; `nil` when it does not decode.
    public func post(at position: Int) -> Post? {
        guard let order = edited.posts else { return index.post(at: position) }
        return order.value(at: position, base: index.post(at:))
    }

    /// The comment at `position` (0 ..< `count(.comments)`), decoded now; `nil` when it does not decode.
    public func comment(at position: Int) -> Comment? {
        guard let order = edited.comments else { return index.comment(at: position) }
        return order.value(at: position, base: index.comment(at:))
    }

    // MARK: - Searching

    /// The positions among `positions` (ascending, each in 0 ..< `count(collection)`) whose
    /// searched members contain `needle`, in their order. Work grows with the bytes of those
    /// records; the pages read are handed back to the system afterwards (``MappedFile/release(_:)``).
    /// - Parameter needle: ``TextFolding/foldedUTF8(_:)`` of the query; not empty.
    public func matches(_ collection: Collection, among positions: ArraySlice<Int>, needle: [UInt8]) -> [Int] {
        positions.withUnsafeBufferPointer { positions in
            matches(collection, count: positions.count, position: { positions[$0] }, needle: needle)
        }
    }

    /// ``matches(_:among:needle:)`` for the positions `range`.
    public func matches(_ collection: Collection, in range: Range<Int>, needle: [UInt8]) -> [Int] {
        matches(collection, count: range.count, position: { range.lowerBound + $0 }, needle: needle)
    }

    /// The positions `position(0) ..< position(count)` (ascending) that match.
    private func matches(_ collection: Collection, count: Int, position: (Int) -> Int, needle: [UInt8]) -> [Int] {
        let kind: RecordKind = collection == .posts ? .post : .comment
        let elements = collection == .posts ? index.postElements : index.commentElements
        let spans = index.spans[kind]?.records ?? []
        let decoded = index.decoded[kind] ?? [:]
        var verdicts = [UInt8](repeating: UInt8(TS_NO.rawValue), count: count)
        var scanned: [Int] = []  // offsets whose records go to the C scan
        var bounds: [UInt64] = []
        scanned.reserveCapacity(count)
        bounds.reserveCapacity(count * 2)
        for offset in 0..<count {
            guard let base = baseIndex(collection, position(offset)) else {
                verdicts[offset] = UInt8(TS_UNDECIDED.rawValue)
                continue
            }
            let element = elements[base]
            if !decoded.isEmpty, decoded[element] != nil {
                verdicts[offset] = UInt8(TS_UNDECIDED.rawValue)
                continue
            }
            let span = spans[Int(element)]
            scanned.append(offset)
            bounds.append(UInt64(span.start))
            bounds.append(UInt64(span.end))
        }
        if let base = index.file.base, !scanned.isEmpty {
            var found = [UInt8](repeating: 0, count: scanned.count)
            let members = collection == .posts ? "title,body," : "name,body,"
            ts_search(base, bounds, scanned.count, members, needle, needle.count, Self.foldTable, &found)
            for (slot, offset) in scanned.enumerated() { verdicts[offset] = found[slot] }
            index.file.release(Int(bounds[0])..<Int(bounds[bounds.count - 1]))
        }
        var result: [Int] = []
        for offset in 0..<count {
            switch UInt32(verdicts[offset]) {
            case TS_MATCH.rawValue: result.append(position(offset))
            case TS_UNDECIDED.rawValue: if decodedMatch(collection, position(offset), needle: needle) { result.append(position(offset)) }
            default: break
            }
        }
        return result
    }

    /// The record's position in the index when it is the file's record unchanged; `nil` for one held in memory.
    private func baseIndex(_ collection: Collection, _ position: Int) -> Int? {
        switch collection {
        case .posts: edited.posts.map { $0.base(at: position) } ?? position
        case .comments: edited.comments.map { $0.base(at: position) } ?? position
        }
    }

    /// Decodes the record and folds its searched members (the scan left it undecided).
    private func decodedMatch(_ collection: Collection, _ position: Int, needle: [UInt8]) -> Bool {
        let texts: [String]
        switch collection {
        case .posts: texts = post(at: position).map { [$0.title, $0.body] } ?? []
        case .comments: texts = comment(at: position).map { [$0.name, $0.body] } ?? []
        }
        return texts.contains { TextFolding.foldedUTF8($0).firstRange(of: needle) != nil }
    }

    // MARK: - Tables

    /// `ts_search`'s fold table (`TS_FOLD_ENTRIES` entries of 8 bytes), from ``TextFolding``:
    /// each code point of U+0080 … U+FFFF and of the emoji blocks folded on its own (about 50 ms,
    /// once per process, on the first search's load). Left out (0xFF) are the code points that
    /// may fold differently beside their neighbours (``isCombining(_:)``), and those whose folded
    /// form holds one of them or is longer than 7 bytes: folding a text of ASCII and the code points kept
    /// equals folding each character alone and joining the results (what lets the scan fold
    /// byte by byte), which `SearchFoldTableTests` checks.
    static let foldTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: foldEntries * 8)
        for entry in 0..<foldEntries {
            let slot = entry * 8
            guard let scalar = Unicode.Scalar(codePoint(ofEntry: entry)), !isCombining(scalar) else { continue }
            let folded = TextFolding.fold(String(Character(scalar)))
            guard folded.utf8.count <= 7, !folded.unicodeScalars.contains(where: isCombining) else { continue }
            table[slot] = UInt8(folded.utf8.count)
            for (offset, byte) in folded.utf8.enumerated() { table[slot + 1 + offset] = byte }
        }
        return table
    }()

    /// `TS_FOLD_ENTRIES`.
    static let foldEntries = Int(TS_FOLD_BMP) + Int(TS_FOLD_EMOJI_COUNT)

    /// The code point of fold table entry `entry`.
    static func codePoint(ofEntry entry: Int) -> UInt32 {
        entry < Int(TS_FOLD_BMP) ? UInt32(entry + 0x80) : UInt32(TS_FOLD_EMOJI_FIRST) + UInt32(entry - Int(TS_FOLD_BMP))
    }

    /// Whether `scalar` may fold differently beside its neighbours than alone: it combines with
    /// them (a combining class, a mark, a grapheme extender such as the halfwidth sound marks,
    /// an emoji modifier, a format character such as the joiners), is a Hangul jamo, a regional
    /// indicator, or one of the two vowels that are grapheme spacing marks without being marks.
    private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x1F1E6...0x1F1FF, 0x0E33, 0x0EB3: return true
        default: break
        }
        let properties = scalar.properties
        guard properties.canonicalCombiningClass.rawValue == 0, !properties.isGraphemeExtend, !properties.isEmojiModifier
        else { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }
}
