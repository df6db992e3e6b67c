import Foundation

/// The id of a user, post or comment, as the data source gives it.
///
/// JSONPlaceholder sends numbers (`"id": 3`); newer json-server versions write strings,
/// numeric or not (`"id": "3"`, `"id": "b3e1"`). Both decode, both compare by their text,
/// and ids display exactly as given. A numeric string and the number it spells are equal
/// (`"3"` == `3`), so a post with `"userId": "3"` still finds user `3`.
public struct RecordID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, Codable
{
    /// The id as text, exactly as the source gave it (numbers in decimal).
    public let text: String

    /// Creates an id from its text.
    public init(_ text: String) { self.text = text }

    /// Creates an id from a number.
    public init(_ number: Int) { self.text = String(number) }

    /// Creates an id from an integer literal: `let id: RecordID = 3`.
    public init(integerLiteral value: Int) { self.init(value) }
    /// Creates an id from a string literal: `let id: RecordID = "b3e1"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The id as a number, when its text is one (`"12"` → 12); `nil` for ids such as `"b3e1"`.
    public var number: Int? { Int(text) }

    /// The id exactly as given (``text``).
    public var description: String { text }

    /// Numeric ids order by value, then any other ids by text after them.
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
        switch (lhs.number, rhs.number) {
        case let (l?, r?): return l < r
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return lhs.text < rhs.text
        }
    }

    /// Decodes from a JSON number (integral) or a JSON string. A whole number too large for
    /// `Int` (a 23-digit id) is kept as its decimal digits, as the server wrote it, for users,
    /// posts and comments alike (issue 22), up to 38 digits (beyond that it cannot be read
    /// without rounding, and a rounded id would name another record).
    /// - Throws: `DecodingError.typeMismatch` for anything else (null, bool, fractional number,
    ///   a whole number of more than 38 digits).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self.init(number)
        } else if let text = try? container.decode(String.self) {
            self.init(text)
        } else if let large = try? container.decode(Decimal.self), let digits = Self.wholeDigits(large) {
            self.init(digits)
        } else {
            throw DecodingError.typeMismatch(
                RecordID.self,
                .init(codingPath: decoder.codingPath, debugDescription: "Expected an id: an integer or a string")
            )
        }
    }

    /// Whether the text is a whole number (beyond `Int` too: 23 digits), so it is written back as a JSON number.
    var isWholeNumber: Bool { number != nil || Self.wholeDigits(Decimal(string: text) ?? .nan) == text }

    /// The decimal digits of `value` (with a leading `-`) when it is a whole number of at most
    /// 38 digits, which `Decimal` holds exactly; `nil` otherwise.
    static func wholeDigits(_ value: Decimal) -> String? {
        let text = value.description
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 38, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return text
    }

    /// Encodes numeric ids as JSON numbers and the rest as strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let number {
            try container.encode(number)
        } else if isWholeNumber, let large = Decimal(string: text) {
            try container.encode(large)  // a whole number beyond Int, as read
        } else {
            try container.encode(text)
        }
    }
}
