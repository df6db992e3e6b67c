/// Reading a layout off JSON text.
enum Layout {
    /// The layout of the object or array text `bytes` whose first line is indented by `indent`:
    /// its line break and indent unit (or one line), the spacing around its first `:`, and on
    /// one line after its first `,`. `nil` when it is too short to tell (`{}`, `{"a": 1}` on one line).
    static func style(of bytes: [UInt8], indent: [UInt8]) -> JSONStyle? {
        var style = JSONStyle.jsonServer
        let colon = firstTopLevel(UInt8(ascii: ":"), in: bytes)
        let comma = firstTopLevel(UInt8(ascii: ","), in: bytes)
        if let colon {
            var start = colon
            while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            var end = colon + 1
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            style.colon = Array(bytes[start..<end])
        }
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            style.newline = newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
            let lineIndent = bytes[(newline + 1)...].prefix { $0 == 0x20 || $0 == 0x09 }
            if lineIndent.count > indent.count, lineIndent.starts(with: indent) {
                style.indent = Array(lineIndent.dropFirst(indent.count))
            } else if !lineIndent.isEmpty, indent.isEmpty {
                style.indent = Array(lineIndent)
            }
            return style
        }
        guard colon != nil || comma != nil else { return nil }
        style.newline = []
        if let comma {
            style.afterComma = Array(bytes[(comma + 1)...].prefix { $0 == 0x20 || $0 == 0x09 })
        } else if bytes.count > 1, bytes[1] == 0x20 {
            style.afterComma = [0x20]
        }
        return style
    }

    /// Whether `bytes` is one `,` among whitespace: text fit to go between two elements.
    static func isSeparator(_ bytes: [UInt8]) -> Bool {
        bytes.filter { $0 == UInt8(ascii: ",") }.count == 1
            && bytes.allSatisfy { $0 == UInt8(ascii: ",") || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The offset of the first `byte` directly inside the outermost container of `bytes`
    /// (outside strings and nested containers).
    static func firstTopLevel(_ byte: UInt8, in bytes: [UInt8]) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for (index, current) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if current == UInt8(ascii: "\\") { escaped = true }
                else if current == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch current {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: if current == byte, depth == 1 { return index }
            }
        }
        return nil
    }
}
