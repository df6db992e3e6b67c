#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Surface {
    /// The cells to send to the terminal to turn `previous` into this surface.
    ///
    /// Cells are first compared by their stored bits (``CellLayout/bitwiseSame(_:_:at:)``: the same text
    /// storage, width and style mean the same cell), which costs a few loads per cell, and only
    /// cells whose bits differ are compared with `==` (equal text in two storages is still
    /// equal), so a one-row move costs two rows' worth of `String` comparisons, not 4,800.
    /// - Parameter previous: The frame currently on screen, or `nil` when unknown.
    /// - Returns: Every cell (row-major) when `previous` is `nil` or has another size;
    ///   otherwise only the cells that differ, in row-major order. Continuation cells of
    ///   wide characters are included; backends skip them when drawing.
    public func changes(since previous: Surface?) -> [CellChange] {
        var result: [CellChange] = []
        changes(since: previous, into: &result)
        return result
    }

    /// ``changes(since:)`` written into `result` (emptied first, its capacity kept): a caller that
    /// passes the same array every frame allocates and grows it once, not once per frame. A
    /// move that scrolls a list changes most of the screen (4,000 of 4,800 cells at 120 × 40),
    /// and growing a fresh array to that size copied it four times over.
    public func changes(since previous: Surface?, into result: inout [CellChange]) {
        result.removeAll(keepingCapacity: true)
        let width = size.width
        guard let previous, previous.size == size else {
            result.append(contentsOf: cells.indices.lazy.map { CellChange(point: Point(x: $0 % width, y: $0 / width), cell: cells[$0]) })
            return
        }
        let layout = Self.layout   // read once: each access to a static is a lazy-initialisation check
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for index in 0..<now.count where !layout.bitwiseSame(now, before, at: index) && now[index] != before[index] {
                    result.append(CellChange(point: Point(x: index % width, y: index / width), cell: now[index]))
                }
            }
        }
    }

    /// Where a cell's stored properties lie, for ``CellLayout/bitwiseSame(_:_:at:)``.
    private static let layout = CellLayout()
}

/// Where a ``Cell``'s stored properties lie in memory, to compare two cells by their bits;
/// padding bytes are never read (they may differ between equal cells).
private struct CellLayout {
    let textStart = MemoryLayout<Cell>.offset(of: \Cell.text) ?? 0
    let textSize = MemoryLayout<String>.size
    let widthOffset = MemoryLayout<Cell>.offset(of: \Cell.width) ?? 0
    let styleOffset = MemoryLayout<Cell>.offset(of: \Cell.style) ?? 0

    /// Whether the cells at `index` have the same bits in every stored property: then they are
    /// equal (`false` says nothing: compare with `==`).
    @inline(__always)
    func bitwiseSame(_ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, at index: Int) -> Bool {
        guard MemoryLayout<Style>.size == 1 else { return false }   // a style with a payload: use ==
        let left = UnsafeRawPointer(a.baseAddress! + index)
        let right = UnsafeRawPointer(b.baseAddress! + index)
        guard left.load(fromByteOffset: widthOffset, as: Int.self) == right.load(fromByteOffset: widthOffset, as: Int.self),
              left.load(fromByteOffset: styleOffset, as: UInt8.self) == right.load(fromByteOffset: styleOffset, as: UInt8.self)
        else { return false }
        if textSize == 16 {   // a String is two words on 64-bit platforms
            return left.load(fromByteOffset: textStart, as: UInt64.self) == right.load(fromByteOffset: textStart, as: UInt64.self)
                && left.load(fromByteOffset: textStart + 8, as: UInt64.self)
                    == right.load(fromByteOffset: textStart + 8, as: UInt64.self)
        }
        return memcmp(left + textStart, right + textStart, textSize) == 0
    }
}
