/// Finds where values lie in JSON text by its structure alone: strings and brackets are
/// skipped, nothing else is parsed. For splicing one member of one record of a `db.json`
/// (a todo's `completed`) without reading or re-encoding anything else.
///
/// Offsets are byte indexes into ``bytes``; ranges are half-open. Every method answers `nil`
/// for text that is not JSON where it looks.
struct JSONLocator {
    /// The text, UTF-8.
    let bytes: [UInt8]

    /// The first index at or after `index` that is not JSON whitespace.
    func skipBlanks(_ index: Int) -> Int {
        var at = index
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        return at
    }

    /// The index just past the value starting at `index` (a string, object, array or scalar).
    func end(ofValueAt index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return end(ofStringAt: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var at = index
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\""):
                    guard let next = end(ofStringAt: at) else { return nil }
                    at = next
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return at + 1 }
                default: break
                }
                at += 1
            }
            return nil
        default:
            var at = index
            while at < bytes.count, !Self.endsScalar(bytes[at]) { at += 1 }
            return at > index ? at : nil
        }
    }

    /// The members of the object whose `{` is at `index`: each key (unescaped) and its value's range.
    func members(ofObjectAt index: Int) -> [(key: String, value: Range<Int>)]? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var members: [(key: String, value: Range<Int>)] = []
        var at = skipBlanks(index + 1)
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { return members }
        while at < bytes.count {
            guard bytes[at] == UInt8(ascii: "\""), let keyEnd = end(ofStringAt: at), let key = string(at: at..<keyEnd) else {
                return nil
            }
            at = skipBlanks(keyEnd)
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipBlanks(at + 1)
            guard let valueEnd = end(ofValueAt: valueStart) else { return nil }
            members.append((key, valueStart..<valueEnd))
            at = skipBlanks(valueEnd)
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: "}") { return members }
            guard bytes[at] == UInt8(ascii: ",") else { return nil }
            at = skipBlanks(at + 1)
        }
        return nil
    }

    /// The ranges of the elements of the array whose `[` is at `index`.
    func elements(ofArrayAt index: Int) -> [Range<Int>]? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        var elements: [Range<Int>] = []
        var at = skipBlanks(index + 1)
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { return elements }
        while at < bytes.count {
            guard let end = end(ofValueAt: at) else { return nil }
            elements.append(at..<end)
            at = skipBlanks(end)
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: "]") { return elements }
            guard bytes[at] == UInt8(ascii: ",") else { return nil }
            at = skipBlanks(at + 1)
        }
        return nil
    }

    /// The record id a member's value spells (``RecordID`` text: a string's contents, an
    /// integer number in any spelling as its digits); `nil` for other values.
    func id(at range: Range<Int>) -> String? {
        guard let first = range.first.map({ bytes[$0] }) else { return nil }
        if first == UInt8(ascii: "\"") { return string(at: range) }
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        return RecordSpans.integerText(ofNumber: Array(bytes[range]))
    }

    /// The string whose quoted text is `range`, unescaped.
    func string(at range: Range<Int>) -> String? {
        let text = bytes[range]
        if !text.contains(UInt8(ascii: "\\")) { return String(decoding: text.dropFirst().dropLast(), as: UTF8.self) }
        guard case let .string(value)? = try? JSONValue.parse(Array(text)) else { return nil }
        return value
    }

    // MARK: - Private

    /// The index just past the string whose `"` is at `index`.
    private func end(ofStringAt index: Int) -> Int? {
        var at = index + 1
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\\"): at += 2
            case UInt8(ascii: "\""): return at + 1
            default: at += 1
            }
        }
        return nil
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":")].contains(byte)
    }
}
