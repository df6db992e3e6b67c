/// Selection and scroll position of a list or table; owned by the view model, kept between frames.
///
/// `selected` and `offset` are row indices. Every movement clamps `selected` to `0..<count`
/// (0 when `count` is 0). A table too wide for its area also scrolls sideways:
/// ``columnOffset`` columns after the first (which never scrolls) are scrolled off to the left.
public struct ListState: Equatable, Sendable {
    /// The selected row.
    public var selected: Int
    /// The first visible row.
    public var offset: Int
    /// How many columns after the first are scrolled off to the left (`>` adds one, `<` takes
    /// one back); the table clamps it to its columns when it draws.
    public var columnOffset: Int
    /// Whether the table, as last drawn, hid a column on the right or cut one narrower than its
    /// values, so ``scrollColumnsRight()`` shows more; set by the table each time it draws.
    public var canScrollRight: Bool

    /// Creates a state with `selected` and `offset` rows, `columnOffset` columns scrolled off.
    public init(selected: Int = 0, offset: Int = 0, columnOffset: Int = 0) {
        self.selected = selected
        self.offset = offset
        self.columnOffset = max(0, columnOffset)
        canScrollRight = false
    }

    /// Whether columns are scrolled off to the left (``scrollColumnsLeft()`` brings one back).
    public var canScrollLeft: Bool { columnOffset > 0 }

    /// `>`: scrolls off one more column after the first, while ``canScrollRight``.
    /// - Returns: Whether it scrolled.
    @discardableResult
    public mutating func scrollColumnsRight() -> Bool {
        guard canScrollRight else { return false }
        columnOffset += 1
        return true
    }

    /// `<`: brings back the column last scrolled off to the left, while ``canScrollLeft``.
    /// - Returns: Whether it scrolled.
    @discardableResult
    public mutating func scrollColumnsLeft() -> Bool {
        guard canScrollLeft else { return false }
        columnOffset -= 1
        return true
    }

    /// Why ``scrollColumnsLeft()`` does nothing now, in words; `nil` when it scrolls.
    public var scrollLeftUnavailableReason: String? {
        if canScrollLeft { return nil }
        return canScrollRight ? "no column is hidden on the left" : "all columns are shown"
    }

    /// Why ``scrollColumnsRight()`` does nothing now, in words; `nil` when it scrolls.
    public var scrollRightUnavailableReason: String? {
        if canScrollRight { return nil }
        return canScrollLeft ? "no more columns to the right" : "all columns are shown"
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
