/// Selection and scroll position of a list or table; owned by the view model, kept between frames.
///
/// `selected` and `offset` are row indices. Every movement clamps `selected` to `0..<count`
/// (0 when `count` is 0).
public struct ListState: Equatable, Sendable {
    /// The selected row.
    public var selected: Int
    /// The first visible row.
    public var offset: Int

    /// Creates a state with `selected` and `offset` rows.
    public init(selected: Int = 0, offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }

    /// Moves the selection by `delta` rows (negative: up), clamped to `0..<count`.
    public mutating func move(by delta: Int, count: Int) { select(selected + delta, count: count) }

    /// Selects the previous row.
    public mutating func moveUp(count: Int) { select(selected - 1, count: count) }

    /// Selects the next row.
    public mutating func moveDown(count: Int) { select(selected + 1, count: count) }

    /// Moves the selection up by `pageSize` rows (at least 1).
    public mutating func pageUp(pageSize: Int, count: Int) { select(selected - max(1, pageSize), count: count) }

    /// Moves the selection down by `pageSize` rows (at least 1).
    public mutating func pageDown(pageSize: Int, count: Int) { select(selected + max(1, pageSize), count: count) }

    /// Selects the first row.
    public mutating func home(count: Int) { select(0, count: count) }

    /// Selects the last row.
    public mutating func end(count: Int) { select(count - 1, count: count) }

    /// Clamps `selected` to `0..<count` and `offset` to `0...max(0, count - 1)`,
    /// e.g. after the data shrank on reload.
    public mutating func clamp(count: Int) {
        select(selected, count: count)
        offset = min(max(0, offset), max(0, count - 1))
    }

    /// Adjusts `offset` so the selected row is among the `visibleRows` rows shown.
    public mutating func scrollIntoView(visibleRows: Int) {
        let rows = max(1, visibleRows)
        if selected < offset { offset = selected }
        if selected >= offset + rows { offset = selected - rows + 1 }
        offset = max(0, offset)
    }

    /// Clamps, scrolls the selection into view and avoids blank rows below the last row.
    public mutating func prepare(count: Int, visibleRows: Int) {
        clamp(count: count)
        scrollIntoView(visibleRows: visibleRows)
        offset = min(offset, max(0, count - max(1, visibleRows)))
    }

    private mutating func select(_ row: Int, count: Int) {
        selected = count <= 0 ? 0 : min(max(0, row), count - 1)
    }
}
