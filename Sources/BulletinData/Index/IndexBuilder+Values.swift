import CJSONIndex

/// The values of the pass's records as Swift values: texts, ids and their decimal spelling.
extension IndexBuilder {
    /// The text of a string member the pass found: its bytes in the file, or unescaped in the
    /// batch's arena; "" when the member was absent.
    static func text(_ text: ji_text, _ file: MappedFile, _ arena: UnsafePointer<CChar>?) -> String {
        guard text.offset != UInt64.max else { return "" }
        let start: UnsafePointer<UInt8>
        if text.in_arena != 0 {
            guard let arena else { return "" }
            start = UnsafeRawPointer(arena).assumingMemoryBound(to: UInt8.self) + Int(text.offset)
        } else {
            guard let base = file.base else { return "" }
            start = base + Int(text.offset)
        }
        return String(decoding: UnsafeBufferPointer(start: start, count: Int(text.length)), as: UTF8.self)
    }

    /// An id member as ``RecordID``: a number's decimal text, or a string's text.
    static func id(_ kind: UInt16, _ number: Int64, _ text: ji_text, _ file: MappedFile, _ arena: UnsafePointer<CChar>?) -> RecordID {
        if UInt32(kind) == JI_ID_NUMBER.rawValue { return RecordID(decimal(number)) }
        return RecordID(Self.text(text, file, arena))
    }

    /// `number` in decimal, the text `String(number)` gives, written straight into a small
    /// string (15 bytes at most, no allocation) for the numbers that fit; `String(number)` else.
    static func decimal(_ number: Int64) -> String {
        guard number > -100_000_000_000_000, number < 1_000_000_000_000_000 else { return String(number) }
        return String(unsafeUninitializedCapacity: 15) { buffer in
            var count = 0
            var value = number.magnitude
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0
            if number < 0 {
                buffer[count] = UInt8(ascii: "-")
                count += 1
            }
            var digits = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            digits.reverse()
            return count
        }
    }
}
