/// A rectangle of character cells: origin (`x`, `y`) plus `width` columns and `height` rows.
///
/// The rectangle covers columns `x..<maxX` and rows `y..<maxY`. Layout helpers never
/// produce a negative width or height.
public struct Rect: Hashable, Sendable {
    // MARK: - Properties

    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns covered; `init` stores negative values as 0.
    public var width: Int
    /// Rows covered; `init` stores negative values as 0.
    public var height: Int

    // MARK: - Init

    /// Creates a rectangle; a negative `width` or `height` becomes 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Creates a rectangle at the origin covering `size`, e.g. a whole screen.
    public init(origin: Point = Point(x: 0, y: 0), size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    // MARK: - API

    /// The column just right of the rectangle (`x + width`).
    public var maxX: Int { x + max(0, width) }

    /// The row just below the rectangle (`y + height`).
    public var maxY: Int { y + max(0, height) }

    /// `true` when the rectangle covers no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the cell at `point` lies inside the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// Shrinks the rectangle by `cells` on every side; the size never goes below 0.
    /// - Parameter cells: Margin in cells; a negative value grows the rectangle.
    public func inset(by cells: Int) -> Rect {
        Rect(x: x + cells, y: y + cells, width: width - 2 * cells, height: height - 2 * cells)
    }

    /// Splits off the top `rows` rows (clamped to `0...height`).
    /// - Returns: `top` with the requested rows and `rest` with the remainder below it.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), max(0, height))
        return (Rect(x: x, y: y, width: width, height: taken),
                Rect(x: x, y: y + taken, width: width, height: height - taken))
    }

    /// Splits off the bottom `rows` rows (clamped to `0...height`).
    /// - Returns: `rest` above and `bottom` with the requested rows.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, rows), max(0, height))
        return (Rect(x: x, y: y, width: width, height: height - taken),
                Rect(x: x, y: maxY - taken, width: width, height: taken))
    }

    /// Splits off the left `columns` columns (clamped to `0...width`).
    /// - Returns: `left` with the requested columns and `rest` to its right.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, columns), max(0, width))
        return (Rect(x: x, y: y, width: taken, height: height),
                Rect(x: x + taken, y: y, width: width - taken, height: height))
    }

    /// The overlap of two rectangles; empty (size 0) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
