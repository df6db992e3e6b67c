/// The Search screen's display rows: `Users (k)` and its users (a source's own search only),
/// `Posts (n)` and its posts, then `Comments (m)` and its comments, each header shown only when
/// its group is non-empty.
///
/// Computed from the counts alone (no array per row), so a million results cost nothing to lay out.
/// A result's *item* is its index among all results (posts first); a *row* is a display line.
public struct SearchRows: Sendable, Equatable {
    /// A kind of result.
    public enum Group: Sendable, Equatable { case users, posts, comments }

    /// One display line.
    public enum Row: Sendable, Equatable {
        /// A group header.
        case group(Group)
        /// A result, by item index.
        case result(item: Int)
    }

    /// How many users, posts and comments there are.
    public let userCount: Int
    public let postCount: Int
    public let commentCount: Int

    init(results: SearchResults) {
        userCount = results.users.count
        postCount = results.posts.count
        commentCount = results.comments.count
    }

    private var userRows: Int { userCount > 0 ? userCount + 1 : 0 }
    private var postRows: Int { postCount > 0 ? postCount + 1 : 0 }

    /// Display lines in all.
    public var count: Int { userRows + postRows + (commentCount > 0 ? commentCount + 1 : 0) }

    /// The line at display position `row` (0 ..< ``count``).
    public func row(_ row: Int) -> Row {
        if row < userRows { return row == 0 ? .group(.users) : .result(item: row - 1) }
        let afterUsers = row - userRows
        if afterUsers < postRows { return afterUsers == 0 ? .group(.posts) : .result(item: userCount + afterUsers - 1) }
        let rest = afterUsers - postRows
        return rest == 0 ? .group(.comments) : .result(item: userCount + postCount + rest - 1)
    }

    /// The display position of result `item`.
    public func position(ofItem item: Int) -> Int {
        if item < userCount { return item + 1 }
        let postItem = item - userCount
        return postItem < postCount ? userRows + postItem + 1 : userRows + postRows + (postItem - postCount) + 1
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
