#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Surface {
    /// The cells to send to the terminal to turn `previous` into this surface.
    ///
    /// Cells are first compared by their stored bits (``bitwiseSame(_:_:)``: the same text
    /// storage, width and style mean the same cell), which costs a few loads per cell, and only
    /// cells whose bits differ are compared with `==` (equal text in two storages is still
    /// equal), so a one-row move costs two rows' worth of `String` comparisons, not 4,800.
    /// - Parameter previous: The frame currently on screen, or `nil` when unknown.
    /// - Returns: Every cell (row-major) when `previous` is `nil` or has another size;
    ///   otherwise only the cells that differ, in row-major order. Continuation cells of
    ///   wide characters are included; backends skip them when drawing.
    public func changes(since previous: Surface?) -> [CellChange] {
        let width = size.width
        guard let previous, previous.size == size else {
            return cells.indices.map { CellChange(point: Point(x: $0 % width, y: $0 / width), cell: cells[$0]) }
        }
        var result: [CellChange] = []
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for index in 0..<now.count where !Self.bitwiseSame(now, before, at: index) && now[index] != before[index] {
                    result.append(CellChange(point: Point(x: index % width, y: index / width), cell: now[index]))
                }
            }
        }
        return result
    }

    /// Where a cell's stored properties lie, for ``bitwiseSame(_:_:at:)``; padding bytes are
    /// never read (they may differ between equal cells).
    private static let textRange: Range<Int> = {
        let start = MemoryLayout<Cell>.offset(of: \Cell.text) ?? 0
        return start..<(start + MemoryLayout<String>.size)
    }()
    private static let widthOffset = MemoryLayout<Cell>.offset(of: \Cell.width) ?? 0
    private static let styleOffset = MemoryLayout<Cell>.offset(of: \Cell.style) ?? 0

    /// Whether the cells at `index` have the same bits in every stored property: then they are
    /// equal (`false` says nothing: compare with `==`).
    @inline(__always)
    private static func bitwiseSame(_ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, at index: Int) -> Bool {
        guard MemoryLayout<Style>.size == 1 else { return false }   // a style with a payload: use ==
        let left = UnsafeRawPointer(a.baseAddress! + index)
        let right = UnsafeRawPointer(b.baseAddress! + index)
        guard left.load(fromByteOffset: widthOffset, as: Int.self) == right.load(fromByteOffset: widthOffset, as: Int.self),
              left.load(fromByteOffset: styleOffset, as: UInt8.self) == right.load(fromByteOffset: styleOffset, as: UInt8.self)
        else { return false }
        if textRange.count == 16 {   // a String is two words on 64-bit platforms
            let start = textRange.lowerBound
            return left.load(fromByteOffset: start, as: UInt64.self) == right.load(fromByteOffset: start, as: UInt64.self)
                && left.load(fromByteOffset: start + 8, as: UInt64.self) == right.load(fromByteOffset: start + 8, as: UInt64.self)
        }
        return memcmp(left + textRange.lowerBound, right + textRange.lowerBound, textRange.count) == 0
    }
}
