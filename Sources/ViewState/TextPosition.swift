/// A place in a multi-line text: a line and a character (grapheme cluster) within it.
public struct TextPosition: Equatable, Sendable, Comparable {
    /// The line, 0-based.
    public var line: Int
    /// Characters from the start of the line (0 … the line's count).
    public var column: Int

    /// Creates the position `column` characters into `line`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Earlier lines first, then earlier columns.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
