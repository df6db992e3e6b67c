/// Row id → the first source row with that id, as a jump (`:12`) looks a row up.
///
/// Ids that are all plain decimal numbers (`12`, not `012` or `+12`) in strictly ascending
/// order, as in json-server and generated files, are kept as one array of numbers and looked
/// up by binary search (8 bytes a row, no hashing: a million ids are a few milliseconds); any
/// other ids go into a dictionary by their text. Both answer exactly what a text → first-row
/// dictionary would.
public struct RowIDs: Sendable {
    private enum Storage: Sendable {
        case ascending([Int])
        case map([String: Int])
    }

    private var storage: Storage

    /// No rows.
    public init() { storage = .ascending([]) }

    /// The ids of rows 0, 1, 2… in order (`id(row)`), polling `isCancelled` every 4,096 rows.
    /// - Returns: `nil` when cancelled.
    public static func build(count: Int, isCancelled: () -> Bool = { false }, id: (Int) -> String) -> RowIDs? {
        var builder = Builder(capacity: count)
        for row in 0..<count {
            if row & 4095 == 0, isCancelled() { return nil }
            builder.append(id(row))
        }
        return builder.finish()
    }

    /// Whether every id is a plain decimal number and each is greater than the one before (so
    /// the rows are in ``RecordID`` order already).
    public var isAscending: Bool {
        if case .ascending = storage { true } else { false }
    }

    /// The first row whose id is `text` exactly, or `nil`.
    public func row(withID text: String) -> Int? {
        switch storage {
        case let .map(map):
            return map[text]
        case let .ascending(numbers):
            guard let number = Self.plainNumber(text) else { return nil }
            var low = 0, high = numbers.count
            while low < high {
                let middle = (low + high) / 2
                if numbers[middle] < number { low = middle + 1 } else { high = middle }
            }
            return low < numbers.count && numbers[low] == number ? low : nil
        }
    }

    /// The number `text` spells when it is a plain decimal (what `String(number)` gives back).
    static func plainNumber(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard let first = utf8.first, utf8.count <= 19 else { return nil }
        let digits = first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        guard let lead = digits.first, lead != UInt8(ascii: "0") || (digits.count == 1 && first != UInt8(ascii: "-"))
        else { return nil }
        guard digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        return Int(text)
    }

    /// Appends row ids one at a time (in row order), for a list whose rows arrive in batches.
    public struct Builder: Sendable {
        private var numbers: [Int] = []
        private var map: [String: Int]?
        private var count = 0

        /// An empty builder with room for about `capacity` ids.
        public init(capacity: Int = 0) { numbers.reserveCapacity(capacity) }

        /// The next row's id.
        public mutating func append(_ text: String) {
            defer { count += 1 }
            if map == nil {
                if let number = RowIDs.plainNumber(text), numbers.last.map({ $0 < number }) ?? true {
                    numbers.append(number)
                    return
                }
                // Not plain or not ascending: the ids so far (plain numbers) go into a map.
                var map = [String: Int](minimumCapacity: numbers.count * 2)
                for (row, number) in numbers.enumerated() { map[String(number)] = row }
                numbers = []
                self.map = map
            }
            if map?[text] == nil { map?[text] = count }
        }

        /// The ids appended.
        public func finish() -> RowIDs {
            var ids = RowIDs()
            ids.storage = map.map(Storage.map) ?? .ascending(numbers)
            return ids
        }
    }
}
