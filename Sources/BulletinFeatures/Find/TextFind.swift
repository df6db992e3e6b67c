import Observation
import ViewState

/// `/` in a text (a post with its comments, a meal, the raw view): the find prompt, the matches
/// of its query in the text, which one is current (`3 of 12`) and where the view scrolls to show
/// it; `n` / `N` move between them, wrapping around at the ends.
///
/// One instance per text view model (``FindsInText``); the screens share one driver for its keys
/// and drawing. Matching is ``TextFind/pattern(for:)``'s: case- and accent-insensitive, literal,
/// as the list filter matches.
@MainActor
@Observable
public final class TextFind {
    // MARK: - Properties

    /// The prompt's text and cursor while it is open.
    public private(set) var prompt = TextEditState()
    /// Whether the prompt is open (every key is then text or a prompt key).
    public private(set) var isEditing = false
    /// The query the matches are of: the prompt's text, kept after Enter for `n` / `N`.
    public private(set) var query = ""
    /// The matches of ``query`` in the text, in reading order.
    public private(set) var matches: [TextMatch] = []
    /// The current match (an index into ``matches``), or `nil` when there is none.
    public private(set) var current: Int?
    /// Why the query cannot be matched (an invalid pattern), or `nil`.
    public private(set) var problem: String?
    /// The paragraphs the matches were found in.
    @ObservationIgnored private var paragraphs: [String] = []
    /// The first line shown when `/` was pressed: typing finds from there on.
    @ObservationIgnored private var origin = 0

    public init() {}

    // MARK: - Matching

    /// The one place a query becomes a pattern, read as the list filter reads it
    /// (``SearchPattern``): a literal, case- and accent-insensitive match (``LiteralTextPattern``),
    /// or after `~` a regular expression (case-insensitive unless it has a capital letter); an
    /// invalid one is said beside the prompt (`invalid regex: expected ')'`).
    public nonisolated static func pattern(for query: String) -> TextPatternChoice {
        switch SearchPattern.parse(query) {
        case let .failure(error): return .invalid(error.message)
        case let .success(pattern) where pattern.isEmpty: return .none
        case .success(.literal):
            let literal = LiteralTextPattern(query)
            return literal.isEmpty ? .none : .pattern(literal)
        case let .success(.regex(regex)): return .pattern(regex)
        }
    }

    // MARK: - Presentation

    /// Whether a find is shown: the prompt is open, or a query is kept (its matches highlighted).
    public var isActive: Bool { isEditing || !query.isEmpty }

    /// `3 of 12`, `no matches`, or the pattern's problem; `nil` without a query.
    public var countText: String? {
        guard !query.isEmpty else { return nil }
        if let problem { return problem }
        guard let current else { return "no matches" }
        return "\(current + 1) of \(matches.count)"
    }

    /// `3 of 12  /lighthouse` while a query is kept (the prompt closed), the count first so a
    /// narrow status line keeps it; `nil` otherwise.
    public var summary: String? {
        guard !isEditing, let count = countText else { return nil }
        return count + "  /" + query
    }

    /// The matches in paragraph `index`, each with whether it is the current one.
    public func matches(inParagraph index: Int) -> [(characters: Range<Int>, isCurrent: Bool)] {
        matches.enumerated().compactMap { offset, match in
            match.paragraph == index ? (match.characters, offset == current) : nil
        }
    }

    // MARK: - Intents

    /// `/`: opens the prompt on the last query (cursor at its end); typing finds from the first
    /// line shown now.
    public func begin(in view: TextFindView) {
        origin = view.offset
        isEditing = true
        prompt = TextEditState(text: query)
        refresh(view.paragraphs)
    }

    /// An editing key at the prompt: `change` edits its text in place; the text is found again
    /// when it changed, the current match being the first from the line shown when `/` was
    /// pressed (else the first of all).
    /// - Returns: The offset that shows the current match, or `nil` when the view need not move.
    @discardableResult
    public func edit(_ change: (inout TextEditState) -> Void, in view: TextFindView) -> Int? {
        change(&prompt)
        guard prompt.text != query else { return nil }
        query = prompt.text
        paragraphs = view.paragraphs
        search()
        current = matches.isEmpty ? nil : matches.firstIndex { view.line($0) >= origin } ?? 0
        return reveal(in: view)
    }

    /// Enter at the prompt: closes it, keeping the query and its highlights for `n` / `N`
    /// (an empty query closes the find).
    public func commit() {
        isEditing = false
        if query.isEmpty { cancel() }
    }

    /// Esc: closes the prompt and the find; nothing is highlighted any more.
    public func cancel() {
        isEditing = false
        query = ""
        prompt = TextEditState()
        matches = []
        current = nil
        problem = nil
    }

    /// `n` / `N`: the next (previous) match, after the last the first again (before the first,
    /// the last). When the current match is scrolled out of view, the first match from the top
    /// of the view (the last before its end) instead.
    /// - Returns: The offset that shows the new current match, or `nil` when the view need not move.
    @discardableResult
    public func next(forward: Bool, in view: TextFindView) -> Int? {
        refresh(view.paragraphs)
        guard !matches.isEmpty else { return nil }
        let shown = view.offset..<(view.offset + max(1, view.visible))
        if let current, shown.contains(view.line(matches[current])) {
            self.current = (current + (forward ? 1 : -1) + matches.count) % matches.count
        } else if forward {
            current = matches.firstIndex { view.line($0) >= view.offset } ?? 0
        } else {
            current = matches.lastIndex { view.line($0) < shown.upperBound } ?? matches.count - 1
        }
        return reveal(in: view)
    }

    /// Finds the query again when the text changed (a reload, a comment selected), keeping the
    /// current match's place as far as there are matches.
    public func refresh(_ paragraphs: [String]) {
        guard !query.isEmpty, paragraphs != self.paragraphs else {
            if query.isEmpty { self.paragraphs = [] }
            return
        }
        self.paragraphs = paragraphs
        search()
        current = matches.isEmpty ? nil : min(current ?? 0, matches.count - 1)
    }

    // MARK: - Private

    /// The offset that shows the current match with a line above it, or `nil` when it shows.
    private func reveal(in view: TextFindView) -> Int? {
        guard let current else { return nil }
        let line = view.line(matches[current])
        guard line < view.offset || line >= view.offset + view.visible else { return nil }
        return max(0, line - (view.visible > 2 ? 1 : 0))
    }

    private func search() {
        matches = []
        problem = nil
        switch Self.pattern(for: query) {
        case .none: break
        case let .invalid(reason): problem = reason
        case let .pattern(pattern):
            for (index, paragraph) in paragraphs.enumerated() {
                var offset = 0
                var at = paragraph.startIndex
                for range in pattern.ranges(in: paragraph) {
                    offset += paragraph.distance(from: at, to: range.lowerBound)
                    let length = paragraph.distance(from: range.lowerBound, to: range.upperBound)
                    matches.append(TextMatch(paragraph: index, characters: offset..<(offset + length)))
                    offset += length
                    at = range.upperBound
                }
            }
        }
    }
}
