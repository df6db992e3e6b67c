import Foundation

/// What a person typed to find text, as the list filter (and any find in text) reads it: taken
/// literally by default (case- and accent-insensitive, ``TextFolding``), or, when it starts with
/// ``regexPrefix`` (`~`), a regular expression: case-insensitive unless it has a capital letter
/// (vi's "smartcase": `~^s` finds `Sam` and `sea`, `~^S` only `Sam`).
///
/// ```swift
/// let pattern = try SearchPattern.parse("~^s(am|ea)").get()
/// pattern.matches("Samuel")            // true
/// pattern.ranges(in: "Samuel")         // [the range of "Sam"]
/// SearchPattern.parse("~a(")           // .failure: "invalid regex: expected ')'"
/// ```
public enum SearchPattern: Sendable, Equatable {
    /// Text found as it is typed, folded (``MatchRanges``, the list's byte search).
    case literal(String)
    /// A regular expression (the text after `~`).
    case regex(RegexPattern)

    /// What starts a regular expression.
    public static let regexPrefix: Character = "~"

    /// Reads `query`: a literal, or after ``regexPrefix`` a regular expression.
    /// - Returns: The pattern, or why the regular expression cannot be used.
    public static func parse(_ query: String) -> Result<SearchPattern, SearchPatternError> {
        guard query.first == regexPrefix else { return .success(.literal(query)) }
        return RegexPattern.compile(String(query.dropFirst())).map(SearchPattern.regex)
    }

    /// Whether the pattern finds everything (an empty literal, or `~` alone): no filter.
    public var isEmpty: Bool {
        switch self {
        case let .literal(text): text.isEmpty
        case let .regex(regex): regex.source.isEmpty
        }
    }

    /// Whether `text` holds a match.
    public func matches(_ text: String) -> Bool {
        switch self {
        case let .literal(query): query.isEmpty || !MatchRanges.find(query, in: text).isEmpty
        case let .regex(regex): regex.matches(text)
        }
    }

    /// The ranges of `text` that match, left to right, for highlighting (a regular expression's
    /// empty matches, such as `^`, mark nothing).
    public func ranges(in text: String) -> [Range<String.Index>] {
        switch self {
        case let .literal(query): MatchRanges.find(query, in: text)
        case let .regex(regex): regex.ranges(in: text)
        }
    }
}

/// A compiled regular expression of a ``SearchPattern``: the text after `~`, and whether it is
/// case-sensitive (it has a capital letter that is not part of an escape such as `\S` or `\p{Lu}`).
/// Matched by Foundation's `NSRegularExpression` (ICU syntax); checked first by Swift's `Regex`
/// parser, whose errors say what is wrong (`expected ')'`).
public struct RegexPattern: Sendable, Equatable {
    /// The expression as typed (without `~`).
    public let source: String
    /// Whether letters match only in their own case.
    public let isCaseSensitive: Bool
    private let expression: NSRegularExpression

    /// Compiles `source`, or says why it is not a regular expression.
    public static func compile(_ source: String) -> Result<RegexPattern, SearchPatternError> {
        do {
            _ = try Regex(source)
        } catch {
            return .failure(SearchPatternError(reason: String(describing: error)))
        }
        let sensitive = hasCapital(source)
        guard let expression = try? NSRegularExpression(pattern: source, options: sensitive ? [] : [.caseInsensitive]) else {
            return .failure(SearchPatternError(reason: "not supported by the matcher"))
        }
        return .success(RegexPattern(source: source, isCaseSensitive: sensitive, expression: expression))
    }

    /// Whether `text` holds a match.
    public func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The non-empty matches in `text`, left to right.
    public func ranges(in text: String) -> [Range<String.Index>] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard match.range.length > 0 else { return nil }
            return Range(match.range, in: text)
        }
    }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.source == rhs.source }

    /// Whether `source` has a capital letter of its own: one right after `\` (`\S`, `\W`) and the
    /// name in `\p{…}` / `\P{…}` do not count.
    static func hasCapital(_ source: String) -> Bool {
        var escaped = false
        var property = false
        var inBraces = false
        for character in source {
            if inBraces {
                if character == "}" { inBraces = false }
            } else if property {
                property = false
                inBraces = character == "{"
            } else if escaped {
                escaped = false
                property = character == "p" || character == "P"
            } else if character == "\\" {
                escaped = true
            } else if character.isUppercase {
                return true
            }
        }
        return false
    }
}

/// Why a filter that starts with `~` cannot be used; the list stays as it was meanwhile.
public struct SearchPatternError: Error, Equatable, Sendable {
    /// What is wrong, in the parser's words (`expected ')'`).
    public let reason: String
    /// The whole message when it is not about the expression's syntax.
    var whole: String?

    /// `invalid regex: expected ')'`, said beside the prompt (short enough for 40 columns).
    public var message: String { whole ?? "invalid regex: " + reason }

    /// A list read in windows from a database filters in SQL, where ICU's expressions do not run.
    static let regexUnavailable = SearchPatternError(reason: "not in a database's list", whole: "no regex: the database filters by words")
}
