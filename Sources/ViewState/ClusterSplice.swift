/// Edits of a run of grapheme clusters (`[Character]`, one line of an input) that keep it
/// segmented exactly as Swift segments the same scalars as one `String`, however they arrived.
///
/// A terminal delivers a cluster as several key events, one per scalar: a flag as two regional
/// indicators, a ZWJ family as five scalars, `e` and U+0301, `👍` and a skin tone, `❤` and
/// VS16. Appending each as its own `Character` would leave clusters split, so Backspace, Delete,
/// ← and → would act on single scalars and the saved text could hold a lone regional indicator
/// or a trailing joiner (issue 22, item 2). Every edit therefore segments again the text it can
/// change: from the character before the edit to the end of the run (a scalar can join the
/// cluster before it, and a regional indicator re-pairs every one after it). Clusters before
/// that character never change, since a cluster boundary depends on the text before it and
/// only the one scalar after it (UAX #29).
enum ClusterSplice {
    /// Replaces `range` of `characters` with `text` and segments the changed part again.
    /// - Parameters:
    ///   - range: Character indices to replace, within `0 … characters.count`.
    ///   - characters: The run, segmented as a `String` would be before the call and after it.
    ///   - text: The scalars inserted (empty for a deletion).
    /// - Returns: Character indices in the new run: `start`, the first cluster boundary at or
    ///   after where `text` begins, and `end`, the first at or after where it ends (a cursor
    ///   never sits inside a cluster, so when the edit merged clusters across a place, the
    ///   place moves to the merged cluster's end).
    @discardableResult
    static func replace(_ range: Range<Int>, in characters: inout [Character], with text: String) -> (start: Int, end: Int) {
        let keep = max(0, range.lowerBound - 1)
        var changed = String(characters[keep..<range.lowerBound])
        let startScalars = changed.unicodeScalars.count
        changed += text
        let endScalars = changed.unicodeScalars.count
        changed.append(contentsOf: String(characters[range.upperBound...]))
        let segmented = Array(changed)
        var start: Int?, end: Int?
        var scalars = 0
        for (offset, character) in segmented.enumerated() {
            if start == nil, scalars >= startScalars { start = keep + offset }
            if scalars >= endScalars { end = keep + offset; break }
            scalars += character.unicodeScalars.count
        }
        characters.replaceSubrange(keep..., with: segmented)
        let last = characters.count
        return (start ?? last, end ?? last)
    }
}
