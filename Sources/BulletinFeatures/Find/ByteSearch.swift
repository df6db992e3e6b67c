import CByteSearch

/// Literal byte search inside a run of cells stored back to back (``FindIndex``'s layout).
///
/// `starts[i]..<starts[i + 1]` are cell `i`'s bytes. The search is `memmem(3)` (through `CByteSearch`): the needle's
/// bytes compared as they are, so no byte has a special meaning.
enum ByteSearch {
    /// The first cell in `from..<to` that contains `needle` entirely (a hit across two cells
    /// does not count), or `nil`. `needle` must not be empty.
    static func firstMatch(of needle: [UInt8], in bytes: [UInt8], cells starts: [Int], from: Int, to: Int) -> Int? {
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                starts.withUnsafeBufferPointer { starts in
                    firstMatch(of: needle, in: haystack, cells: starts, from: from, to: to)
                }
            }
        }
    }

    /// The largest cell in `from..<to` that starts at or before byte `offset` (the cell holding
    /// it); `offset` must lie in `starts[from]..<starts[to]`.
    static func cell(containing offset: Int, cells starts: [Int], from: Int, to: Int) -> Int {
        starts.withUnsafeBufferPointer { cell(containing: offset, cells: $0, from: from, to: to) }
    }

    /// The first byte offset at or after `position` where `needle` starts in `haystack`, or `nil`.
    static func firstOffset(of needle: [UInt8], in haystack: [UInt8], from position: Int) -> Int? {
        guard !needle.isEmpty, position >= 0, haystack.count - position >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { needle -> Int? in
                guard let base = hay.baseAddress, let pattern = needle.baseAddress,
                      let hit = bulletin_memmem(base + position, hay.count - position, pattern, needle.count) else { return nil }
                return UnsafeRawPointer(base).distance(to: hit)
            }
        }
    }

    // MARK: - Private

    private static func firstMatch(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
        cells starts: UnsafeBufferPointer<Int>, from: Int, to: Int
    ) -> Int? {
        guard let base = haystack.baseAddress, let pattern = needle.baseAddress, from < to else { return nil }
        var position = starts[from]
        let end = starts[to]
        var cell = from
        while end - position >= needle.count {
            guard let hit = bulletin_memmem(base + position, end - position, pattern, needle.count) else { return nil }
            let offset = UnsafeRawPointer(base).distance(to: hit)
            cell = Self.cell(containing: offset, cells: starts, from: cell, to: to)
            if offset + needle.count <= starts[cell + 1] { return cell }
            position = offset + 1
        }
        return nil
    }

    /// Gallops from `from` (hits are usually close), then bisects.
    private static func cell(containing offset: Int, cells starts: UnsafeBufferPointer<Int>, from: Int, to: Int) -> Int {
        var low = from
        var step = 1
        while low + step < to, starts[low + step] <= offset {
            low += step
            step *= 2
        }
        var high = min(to, low + step)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
