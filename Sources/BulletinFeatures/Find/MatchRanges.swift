import BulletinData

/// Where a query matches inside displayed text, by folding each character.
///
/// Each `Character` of the text is folded on its own (``TextFolding``) and the folded bytes
/// remember which character they came from; the folded query is searched as literal bytes, as
/// the filter does, and each hit is widened to the whole characters it touches. So `ss`
/// highlights all of `ß` (which folds to `ss`) and `e` highlights all of `é`.
public enum MatchRanges {
    /// The non-overlapping ranges of `text` whose folded form contains folded `query`, left to
    /// right, each covering whole characters; empty for an empty query or no match.
    public static func find(_ query: String, in text: String) -> [Range<String.Index>] {
        find(foldedQuery: TextFolding.foldedUTF8(query), in: text)
    }

    /// ``find(_:in:)`` with the query already folded (`TextFolding.foldedUTF8(query)`), for a
    /// caller that highlights many cells with one query.
    public static func find(foldedQuery needle: [UInt8], in text: String) -> [Range<String.Index>] {
        guard !needle.isEmpty, !text.isEmpty else { return [] }
        var folded: [UInt8] = []
        var owner: [Int] = []           // folded byte → index into `characters`
        var firstByte: [Int] = []       // character → its first folded byte
        var characters: [String.Index] = []
        for index in text.indices {
            firstByte.append(folded.count)
            TextFolding.appendFoldedUTF8(of: String(text[index]), to: &folded)
            owner.append(contentsOf: repeatElement(characters.count, count: folded.count - owner.count))
            characters.append(index)
        }
        var ranges: [Range<String.Index>] = []
        var searchFrom = 0
        while let offset = ByteSearch.firstOffset(of: needle, in: folded, from: searchFrom) {
            let first = owner[offset]
            let last = owner[offset + needle.count - 1]
            let upper = last + 1 < characters.count ? characters[last + 1] : text.endIndex
            ranges.append(characters[first]..<upper)
            searchFrom = last + 1 < characters.count ? firstByte[last + 1] : folded.count
        }
        return ranges
    }
}
