/// How JSON text is laid out: json-server's `JSON.stringify(db, null, 2)`, or the layout of
/// the file a record is written into (tabs, four spaces, CRLF, everything on one line).
struct JSONStyle: Equatable, Sendable {
    /// The line break between members and elements; empty for everything on one line.
    var newline: [UInt8]
    /// One level of indentation (used only with a `newline`).
    var indent: [UInt8]
    /// What separates a member's name from its value: `: ` or `:`.
    var colon: [UInt8]
    /// What follows each `,` on one line: ` ` or nothing (used only without a `newline`).
    var afterComma: [UInt8]

    /// json-server's: two-space indent, LF, `"key": value`.
    static let jsonServer = JSONStyle(
        newline: [UInt8(ascii: "\n")], indent: [UInt8(ascii: " "), UInt8(ascii: " ")],
        colon: [UInt8(ascii: ":"), UInt8(ascii: " ")], afterComma: [])

    /// Everything on one line, no spaces: `{"id":1,"title":"x"}`.
    static let compact = JSONStyle(newline: [], indent: [], colon: [UInt8(ascii: ":")], afterComma: [])
}

/// Writes JSON the way json-server does (`JSON.stringify(db, null, 2)`), or in a given ``JSONStyle``.
extension JSONValue {
    /// The value as UTF-8 text: two-space indent, `"key": value`, empty containers as `[]` and
    /// `{}`, non-ASCII characters as themselves, no trailing newline (as json-server writes).
    /// - Parameter capacity: Bytes to reserve up front, such as the size of the file read.
    func printed(capacity: Int = 1 << 16) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(capacity + capacity / 8)
        write(to: &output, style: .jsonServer, indent: [])
        return output
    }

    /// The value as UTF-8 text laid out in `style`, its nested lines starting with `indent`
    /// (the indentation of the line the value starts on) plus one ``JSONStyle/indent`` per level.
    func printed(style: JSONStyle, indent: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        write(to: &output, style: style, indent: indent)
        return output
    }

    /// Appends the value as ``printed(style:indent:)`` does.
    func write(to output: inout [UInt8], style: JSONStyle, indent: [UInt8]) {
        switch self {
        case let .object(members):
            guard !members.isEmpty else { output += Array("{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            let inner = indent + style.indent
            for (position, member) in members.enumerated() {
                if position > 0 { Self.comma(&output, style) }
                Self.newline(&output, style, inner)
                Self.writeString(member.key, to: &output)
                output += style.colon
                member.value.write(to: &output, style: style, indent: inner)
            }
            Self.newline(&output, style, indent)
            output.append(UInt8(ascii: "}"))
        case let .array(elements):
            guard !elements.isEmpty else { output += Array("[]".utf8); return }
            output.append(UInt8(ascii: "["))
            let inner = indent + style.indent
            for (position, element) in elements.enumerated() {
                if position > 0 { Self.comma(&output, style) }
                Self.newline(&output, style, inner)
                element.write(to: &output, style: style, indent: inner)
            }
            Self.newline(&output, style, indent)
            output.append(UInt8(ascii: "]"))
        case let .string(text): Self.writeString(text, to: &output)
        case let .number(text): output.append(contentsOf: text.utf8)
        case let .bool(flag): output += Array((flag ? "true" : "false").utf8)
        case .null: output += Array("null".utf8)
        }
    }

    private static func comma(_ output: inout [UInt8], _ style: JSONStyle) {
        output.append(UInt8(ascii: ","))
        if style.newline.isEmpty { output += style.afterComma }
    }

    private static func newline(_ output: inout [UInt8], _ style: JSONStyle, _ indent: [UInt8]) {
        guard !style.newline.isEmpty else { return }
        output += style.newline
        output += indent
    }

    /// A JSON string as `JSON.stringify` writes it: `\"`, `\\`, `\b \f \n \r \t`, other
    /// controls as `\u00XX`; everything else as UTF-8. Runs without escapes are copied whole.
    /// One writer for a record's text (`[UInt8]`) and a streamed export (``ExportSink``).
    static func writeString<Sink: JSONByteSink>(_ text: String, to output: inout Sink) {
        var text = text
        text.withUTF8 { writeString(utf8: $0, to: &output) }
    }

    /// As ``writeString(_:to:)``, for text given as its UTF-8 bytes (a streamed export's member).
    static func writeString<Sink: JSONByteSink>(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout Sink) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            appendEscape(for: byte, to: &output)
            runStart = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape<Sink: JSONByteSink>(for byte: UInt8, to output: inout Sink) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            for digit in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]] {
                output.append(digit)
            }
        }
    }
}

/// Where printed JSON bytes go: a byte array (a record's text) or a streamed export buffer.
protocol JSONByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteSink where Element == UInt8 {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

extension ExportSink: JSONByteSink {}
