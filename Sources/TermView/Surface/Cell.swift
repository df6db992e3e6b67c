/// One character cell of a ``Surface``.
///
/// `text` is one grapheme cluster (a `Character` as a `String`) or `" "`; `width` is 1 or 2
/// columns. The cell covered by the right half of a 2-column character is a continuation
/// cell: `width` 0 and `text` `""`.
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster, `" "` for blank, or `""` for a continuation cell.
    public var text: String
    /// Columns the text occupies: 1, 2, or 0 for a continuation cell.
    public var width: Int
    /// The semantic style of the cell.
    public var style: Style

    /// Creates a cell; callers keep `text`, `width` consistent as described on the type.
    public init(text: String, width: Int, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A blank cell (`" "`, width 1) in `style`.
    public static func blank(_ style: Style = .normal) -> Cell {
        Cell(text: " ", width: 1, style: style)
    }

    /// The right half of a wide character (`""`, width 0).
    static func continuation(_ style: Style) -> Cell {
        Cell(text: "", width: 0, style: style)
    }
}

/// A cell that differs from the previous frame, at its position in cells.
public struct CellChange: Hashable, Sendable {
    /// Column and row of the cell.
    public var point: Point
    /// The new content.
    public var cell: Cell

    /// Creates a change of `cell` at `point`.
    public init(point: Point, cell: Cell) {
        self.point = point
        self.cell = cell
    }
}
