/// Writes JSON the way json-server does (`JSON.stringify(db, null, 2)`).
extension JSONValue {
    /// The value as UTF-8 text: two-space indent, `"key": value`, empty containers as `[]` and
    /// `{}`, non-ASCII characters as themselves, no trailing newline (as json-server writes).
    /// - Parameter capacity: Bytes to reserve up front, such as the size of the file read.
    func printed(capacity: Int = 1 << 16) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(capacity + capacity / 8)
        write(to: &output, indent: 0)
        return output
    }

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case let .object(members):
            guard !members.isEmpty else { output += Array("{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(&output, indent: indent + 2)
                Self.writeString(member.key, to: &output)
                output += [UInt8(ascii: ":"), UInt8(ascii: " ")]
                member.value.write(to: &output, indent: indent + 2)
            }
            Self.newline(&output, indent: indent)
            output.append(UInt8(ascii: "}"))
        case let .array(elements):
            guard !elements.isEmpty else { output += Array("[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(&output, indent: indent + 2)
                element.write(to: &output, indent: indent + 2)
            }
            Self.newline(&output, indent: indent)
            output.append(UInt8(ascii: "]"))
        case let .string(text): Self.writeString(text, to: &output)
        case let .number(text): output.append(contentsOf: text.utf8)
        case let .bool(flag): output += Array((flag ? "true" : "false").utf8)
        case .null: output += Array("null".utf8)
        }
    }

    private static func newline(_ output: inout [UInt8], indent: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    /// A JSON string as `JSON.stringify` writes it: `\"`, `\\`, `\b \f \n \r \t`, other
    /// controls as `\u00XX`; everything else as UTF-8. Runs without escapes are copied whole.
    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(for: byte, to: &output)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
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
            output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
