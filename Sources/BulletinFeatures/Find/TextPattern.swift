import BulletinData

/// How a find in text matches a query: the one function a pattern implements. Literal text is
/// ``LiteralTextPattern``; a regular expression is the list filter's ``RegexPattern``; which one a
/// query is, ``TextFind/pattern(for:)`` decides.
public protocol TextPattern: Sendable {
    /// The non-overlapping ranges of `text` that match, left to right.
    func ranges(in text: String) -> [Range<String.Index>]
}

/// What a query is to match with: nothing (an empty query), a pattern, or why it cannot be
/// used (an invalid regular expression, said beside the prompt).
public enum TextPatternChoice: Sendable {
    case none
    case pattern(any TextPattern)
    case invalid(String)
}

/// A query matched literally, case- and accent-insensitively (``TextFolding``), whole
/// characters highlighted (``MatchRanges``): what the list filter and Search match.
public struct LiteralTextPattern: TextPattern {
    /// The query's folded UTF-8 bytes.
    public let folded: [UInt8]

    /// - Parameter query: The text as typed.
    public init(_ query: String) { folded = TextFolding.foldedUTF8(query) }

    /// Whether the query folds to nothing (it matches nowhere).
    public var isEmpty: Bool { folded.isEmpty }

    public func ranges(in text: String) -> [Range<String.Index>] { MatchRanges.find(foldedQuery: folded, in: text) }
}

/// A regular expression finds in text as it filters a list.
extension RegexPattern: TextPattern {}
