extension Surface {
    /// The cells to send to the terminal to turn `previous` into this surface.
    ///
    /// - Parameter previous: The frame currently on screen, or `nil` when unknown.
    /// - Returns: Every cell (row-major) when `previous` is `nil` or has another size;
    ///   otherwise only the cells that differ, in row-major order. Continuation cells of
    ///   wide characters are included; backends skip them when drawing.
    public func changes(since previous: Surface?) -> [CellChange] {
        let full = previous == nil || previous?.size != size
        var result: [CellChange] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = self[x, y]
                if full || previous?[x, y] != cell {
                    result.append(CellChange(point: Point(x: x, y: y), cell: cell))
                }
            }
        }
        return result
    }
}
