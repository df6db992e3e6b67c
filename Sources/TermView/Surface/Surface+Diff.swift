#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Surface {
    /// The cells to send to the terminal to turn `previous` into this surface.
    ///
    /// A row whose cells are bytewise the same as before (`memcmp(3)` of the row's storage: the
    /// same text storage, width and style) is skipped without comparing its cells; any other row
    /// is compared cell by cell (bytes can differ for equal cells, never the other way round), so
    /// a one-row move costs the two rows that changed, not 4,800 cell comparisons.
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
                guard let nowBase = now.baseAddress, let beforeBase = before.baseAddress else { return }
                let rowBytes = width * MemoryLayout<Cell>.stride
                for y in 0..<size.height {
                    let start = y * width
                    if memcmp(nowBase + start, beforeBase + start, rowBytes) == 0 { continue }
                    for index in start..<(start + width) where now[index] != before[index] {
                        result.append(CellChange(point: Point(x: index - start, y: y), cell: now[index]))
                    }
                }
            }
        }
        return result
    }
}
