/// How a typed column's folded cell text reads back as a sort key (``FindIndex/sorted(_:column:ascending:type:isCancelled:)``):
/// the text a column shows is its value's own form (a day `2024-05-01`, `yes` / `✓`), so the
/// sort reads the value from it instead of keeping a second copy of every cell.
enum SortableValue {
    /// A day or time in ISO 8601's order (`2024-05-01`, `1996-5-30`, `2024-05-01t12:00:00z`
    /// folded, a space instead of the `T`) as seconds since 1970 (UTC; an offset is ignored);
    /// `nil` for other text.
    static func seconds(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        var parts: [Int] = []
        var current: Int?
        var position = cell.startIndex
        while position < cell.endIndex, parts.count < 6 {
            let byte = cell[position]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                if current! > 99_999 { return nil }
            } else {
                guard let value = current, separatorFits(byte, after: parts.count) else { break }
                parts.append(value)
                current = nil
            }
            position += 1
        }
        if let current, parts.count < 6 { parts.append(current) }
        guard parts.count >= 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        let time = parts.dropFirst(3) + [0, 0, 0]
        let seconds = time[3] * 3600 + time[4] * 60 + time[5]
        return Double(days(year: parts[0], month: parts[1], day: parts[2])) * 86_400 + Double(seconds)
    }

    /// `1` for a yes (`yes`, `true`, `✓`), `0` for a no (`no`, `false`, `☐`); `nil` for other text.
    static func truth(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        if yes.contains(where: { cell.elementsEqual($0.utf8) }) { return 1 }
        if no.contains(where: { cell.elementsEqual($0.utf8) }) { return 0 }
        return nil
    }

    /// The folded texts a yes and a no are shown as (compared in place: no array per cell).
    private static let yes = ["yes", "true", "✓"]
    private static let no = ["no", "false", "☐"]

    /// Whether `byte` may follow part `index` of a time: `-` inside the day, `t` or a space
    /// after it, `:` inside the time.
    private static func separatorFits(_ byte: UInt8, after index: Int) -> Bool {
        switch index {
        case 0, 1: byte == UInt8(ascii: "-")
        case 2: byte == UInt8(ascii: "t") || byte == UInt8(ascii: "T") || byte == UInt8(ascii: " ")
        case 3, 4: byte == UInt8(ascii: ":")
        default: false
        }
    }

    /// Days since 1970-01-01 of a day in the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
