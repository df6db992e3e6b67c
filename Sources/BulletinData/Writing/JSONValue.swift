import Foundation

/// A JSON document held as written: object members keep their order (and duplicates), numbers
/// keep their text (`1.0`, `1e3`, 20-digit ids), so a file Bulletin saves changes only where
/// it was edited.
///
/// Used for json-server `db.json` writes: members Bulletin does not model (`albums`, `todos`,
/// extra fields on a record) are read here and written back untouched; and for the settings
/// file, whose errors name a line and column (``ParseError/position(in:)``).
public enum JSONValue: Equatable, Sendable {
    case object([Member])
    case array([JSONValue])
    case string(String)
    /// A number as it appears in the text (valid JSON number syntax).
    case number(String)
    case bool(Bool)
    case null

    /// One object member.
    public struct Member: Equatable, Sendable {
        /// The member's name.
        public var key: String
        /// Its value.
        public var value: JSONValue
    }

    /// The value of the first member named `key`, when this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of an id-like value: a number's text or a string; `nil` for anything else.
    var idText: String? {
        switch self {
        case let .number(text): text
        case let .string(text): text
        default: nil
        }
    }
}

// MARK: - Parsing

extension JSONValue {
    /// Why a document could not be parsed, with the byte offset.
    public struct ParseError: Error, CustomStringConvertible {
        /// The byte offset of the problem.
        public var offset: Int
        /// What is wrong, in words (`expected ',' or '}'`).
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }

        /// Where the problem is in `data`, the text that was parsed: line and column from 1
        /// (columns in characters), as ``JSONDecoding`` counts them.
        public func position(in data: Data) -> (line: Int, column: Int) {
            TextPosition.lineAndColumn(of: offset, in: data)
        }
    }

    /// Parses UTF-8 JSON text (RFC 8259); whitespace may surround the value.
    /// - Throws: ``ParseError`` naming the byte offset of the first problem.
    public static func parse(_ data: Data) throws(ParseError) -> JSONValue {
        try parse([UInt8](data))
    }

    /// Parses UTF-8 JSON text given as bytes, as ``parse(_:)-(Data)`` does.
    /// - Throws: ``ParseError`` naming the byte offset of the first problem.
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("extra text after the JSON value") }
        return value
    }
}

/// A recursive-descent JSON parser over bytes.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ reason: String) -> JSONValue.ParseError { .init(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func parseValue(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expect(_ word: String) throws(JSONValue.ParseError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("expected \(word)") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append(.init(key: key, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(JSONValue.ParseError) -> String {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        skipDigits()
        guard index > digitsStart else { throw error("unexpected character") }
        if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 { throw error("leading zero in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            skipDigits()
            guard index > fraction else { throw error("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            skipDigits()
            guard index > exponent else { throw error("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }

    /// Parses a string starting at its opening quote; `\uD83D\uDE00` pairs join, lone surrogates become U+FFFD.
    private mutating func parseString() throws(JSONValue.ParseError) -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw error("control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        var text = String(decoding: bytes[start..<index], as: UTF8.self)
        while bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                text.unicodeScalars.append(try parseEscape())
            } else {
                let runStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                    guard bytes[index] >= 0x20 else { throw error("control character in a string") }
                    index += 1
                }
                text += String(decoding: bytes[runStart..<index], as: UTF8.self)
            }
            guard index < bytes.count else { throw error("unterminated string") }
        }
        index += 1
        return text
    }

    private mutating func parseEscape() throws(JSONValue.ParseError) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default: throw error("unknown escape in a string")
        }
    }

    private mutating func parseUnicodeEscape() throws(JSONValue.ParseError) -> Unicode.Scalar {
        let high = try hexQuad()
        guard (0xD800...0xDBFF).contains(high) else {
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return "\u{FFFD}"
        }
        let saved = index
        index += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { index = saved; return "\u{FFFD}" }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
    }

    private mutating func hexQuad() throws(JSONValue.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        index += 4
        return value
    }
}
