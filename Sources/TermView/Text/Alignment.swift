/// Horizontal alignment of text within a column.
public enum Alignment: Sendable, Hashable {
    /// Text starts at the left edge; padding goes on the right.
    case left
    /// Text ends at the right edge; padding goes on the left (numbers).
    case right
}
