import BulletinData

/// What a post opened from Search lands on: the comment that matched (selected and scrolled
/// into view), or the first match of the query in the body (scrolled into view and highlighted).
public struct PostFocus: Sendable, Equatable {
    /// What to land on.
    public enum Target: Sendable, Equatable {
        /// The comment with this id: selected (``PostDetailViewModel/commentSelection``) once loaded.
        case comment(RecordID)
        /// The first match of this query in the body (the title when the body has none),
        /// matched as Search matches (case- and accent-insensitive, literal).
        case match(String)
    }

    /// What to land on.
    public var target: Target
    /// Whether the comment was selected (once, on the first load: a reload keeps the person's choice).
    public var selected = false
    /// Whether the screen has scrolled to the target (once, so the person can scroll away).
    public var scrolled = false

    /// - Parameter target: What to land on.
    public init(_ target: Target) { self.target = target }

    /// The query to highlight, for a match target.
    public var query: String? {
        if case let .match(query) = target { query } else { nil }
    }
}

extension PostDetailViewModel {
    /// Applies ``focus`` once the post and its comments are loaded: selects the focused comment
    /// (when it is there) the first time.
    func applyFocus() {
        guard var focus, !focus.selected, let comments = state.value?.comments else { return }
        focus.selected = true
        if case let .comment(id) = focus.target, let index = comments.firstIndex(where: { $0.id == id }) {
            commentSelection = index
        }
        self.focus = focus
    }

    /// The first match of the focus's query: in which body line (`body.split("\n")`) and where
    /// in it, or `nil` (line `nil`: in the title) when neither has one.
    public func focusedMatch() -> (line: Int?, range: Range<String.Index>)? {
        guard let query = focus?.query else { return nil }
        for (index, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = MatchRanges.find(query, in: String(line)).first { return (index, range) }
        }
        return MatchRanges.find(query, in: headline).first.map { (nil, $0) }
    }
}
