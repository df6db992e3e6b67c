/// The Search screen's display rows: `Posts (n)` and its posts, then `Comments (m)` and its
/// comments, each header shown only when its group is non-empty.
///
/// Computed from the counts alone (no array per row), so a million results cost nothing to lay out.
/// A result's *item* is its index among all results (posts first); a *row* is a display line.
public struct SearchRows: Sendable, Equatable {
    /// A kind of result.
    public enum Group: Sendable, Equatable { case posts, comments }

    /// One display line.
    public enum Row: Sendable, Equatable {
        /// A group header.
        case group(Group)
        /// A result, by item index.
        case result(item: Int)
    }

    /// How many posts and comments there are.
    public let postCount: Int
    public let commentCount: Int

    init(results: SearchResults) {
        postCount = results.posts.count
        commentCount = results.comments.count
    }

    private var postRows: Int { postCount > 0 ? postCount + 1 : 0 }

    /// Display lines in all.
    public var count: Int { postRows + (commentCount > 0 ? commentCount + 1 : 0) }

    /// The line at display position `row` (0 ..< ``count``).
    public func row(_ row: Int) -> Row {
        if row < postRows { return row == 0 ? .group(.posts) : .result(item: row - 1) }
        let rest = row - postRows
        return rest == 0 ? .group(.comments) : .result(item: postCount + rest - 1)
    }

    /// The display position of result `item`.
    public func position(ofItem item: Int) -> Int {
        item < postCount ? item + 1 : postRows + (item - postCount) + 1
    }
}

/// A one-line excerpt of a body around the first match of a query.
enum SearchExcerpt {
    /// Characters kept before the match.
    static let lead = 20

    /// `…text before the match and the rest`, white space collapsed; the start of the text when
    /// the query is not in it.
    static func around(_ query: String, in text: String) -> String {
        guard let match = MatchRanges.find(query, in: text).first else { return collapse(text[...]) }
        let start = text.index(match.lowerBound, offsetBy: -lead, limitedBy: text.startIndex) ?? text.startIndex
        return (start == text.startIndex ? "" : "…") + collapse(text[start...])
    }

    private static func collapse(_ text: Substring) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
