/// A stable least-significant-digit radix sort of ``SortKey``s by their 64-bit `primary`.
///
/// One pass counts all eight bytes of every key; then eight passes of one byte each (a pass is
/// skipped when every key has the same byte there) move the keys in order into a second
/// buffer, so equal keys keep their relative order. O(n) time, one extra buffer of n keys.
enum RadixSort {
    /// Sorts `keys` by `primary`, ascending and stable.
    /// - Returns: `false` when `isCancelled` answered `true` between passes (`keys` is then
    ///   left in some order of the same elements).
    static func sort(_ keys: inout [SortKey], isCancelled: () -> Bool) -> Bool {
        guard keys.count > 1 else { return true }
        let counts = histograms(keys)
        var buffer = [SortKey](repeating: SortKey(primary: 0, row: 0), count: keys.count)
        var sourceIsKeys = true
        for byte in 0..<8 {
            if isCancelled() { return false }
            let digits = Array(counts[(byte * 256)..<(byte * 256 + 256)])
            if digits.contains(keys.count) { continue }
            if sourceIsKeys {
                pass(from: keys, into: &buffer, shift: UInt64(byte * 8), counts: digits)
            } else {
                pass(from: buffer, into: &keys, shift: UInt64(byte * 8), counts: digits)
            }
            sourceIsKeys.toggle()
        }
        if !sourceIsKeys { keys = buffer }
        return true
    }

    /// How many keys have each value (256) of each byte (8), byte 0 the least significant.
    private static func histograms(_ keys: [SortKey]) -> [Int] {
        var counts = [Int](repeating: 0, count: 8 * 256)
        keys.withUnsafeBufferPointer { keys in
            counts.withUnsafeMutableBufferPointer { counts in
                for key in keys {
                    var value = key.primary
                    for byte in 0..<8 {
                        counts[byte * 256 + Int(truncatingIfNeeded: value & 0xFF)] += 1
                        value >>= 8
                    }
                }
            }
        }
        return counts
    }

    /// Moves `source` into `target` ordered by the byte at `shift`, stably.
    private static func pass(from source: [SortKey], into target: inout [SortKey], shift: UInt64, counts: [Int]) {
        var next = [Int](repeating: 0, count: 256)
        var total = 0
        for digit in 0..<256 {
            next[digit] = total
            total += counts[digit]
        }
        source.withUnsafeBufferPointer { keys in
            target.withUnsafeMutableBufferPointer { out in
                next.withUnsafeMutableBufferPointer { next in
                    for key in keys {
                        let digit = Int(truncatingIfNeeded: key.primary >> shift) & 0xFF
                        out[next[digit]] = key
                        next[digit] += 1
                    }
                }
            }
        }
    }
}
