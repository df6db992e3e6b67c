/// The selected row of a list and how far it is scrolled, kept by a view model so it
/// survives redraws and resizes.
///
/// Every move clamps to `0..<count`; with no rows the selection is 0. `offset` (the first
/// visible row) is the view's to adjust; moves here only change `index`.
public struct ListSelection: Equatable, Sendable {
    /// The selected row, 0-based.
    public var index: Int
    /// The first visible row, 0-based; adjusted by the screen to keep `index` in view.
    public var offset: Int

    public init(index: Int = 0, offset: Int = 0) {
        self.index = index
        self.offset = offset
    }

    /// Moves `by` rows (negative moves up), clamped to `0..<count`.
    public mutating func move(by delta: Int, count: Int) {
        index = Self.clamped(index + delta, count: count)
    }

    /// Selects the first row.
    public mutating func moveToFirst() { index = 0 }

    /// Selects the last row (0 when empty).
    public mutating func moveToLast(count: Int) { index = max(0, count - 1) }

    /// Keeps `index` inside `0..<count` after the rows changed.
    public mutating func clamp(count: Int) { index = Self.clamped(index, count: count) }

    private static func clamped(_ value: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        return min(max(0, value), count - 1)
    }
}
