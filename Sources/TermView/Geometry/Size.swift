/// A width and height in character cells.
public struct Size: Hashable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size of `width` columns by `height` rows; values are stored as given.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
