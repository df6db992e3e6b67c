/// A position on the screen or a surface, in character cells; `(0, 0)` is the top-left cell.
public struct Point: Hashable, Sendable {
    /// The column, counted from 0 at the left edge.
    public var x: Int
    /// The row, counted from 0 at the top edge.
    public var y: Int

    /// Creates a point at column `x`, row `y` (cells).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
