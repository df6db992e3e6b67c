import ViewState

/// A multi-line text input drawn each frame; its lines, cursor and scroll live in ``TextAreaState``.
///
/// Lines wrap by display width (``TextAreaState/rows(width:measure:)``, measured with
/// ``DisplayWidth``), so a wide character or an emoji sequence is never split across rows.
public struct TextArea {
    /// Whether the area has the keyboard: only then it places the terminal cursor.
    public var isFocused: Bool

    /// Creates an area.
    public init(isFocused: Bool = true) {
        self.isFocused = isFocused
    }

    /// How many display rows `state` wraps to in an area `width` columns wide (at least 1).
    public static func rowCount(of state: TextAreaState, width: Int) -> Int {
        state.rows(width: width, measure: DisplayWidth.of).count
    }

    /// Draws the rows of `state` from its ``TextAreaState/topRow`` into `area`, and when
    /// focused sets `surface.cursor` to the cursor's cell.
    ///
    /// Drawing changes no state: the owner keeps the scroll fitted to the area
    /// (``TextAreaState/handle(_:width:height:)``, ``TextAreaState/keepCursorVisible(width:height:measure:)``).
    /// When focused and the area is not the size the state was fitted to (a resize since the
    /// last key), the first row shown is moved only as far as needed for the cursor's row to
    /// show, which is where the next key's fitting puts it. Unfocused, the rows show from
    /// ``TextAreaState/topRow`` as they are: a body not yet edited shows its beginning, not
    /// the end where its cursor waits.
    public func render(in area: Rect, on surface: inout Surface, state: TextAreaState) {
        guard !area.isEmpty else { return }
        surface.fill(area, style: .normal)
        let rows = state.rows(width: area.width, measure: DisplayWidth.of)
        var fitted = state
        if isFocused { fitted.keepCursorVisible(width: area.width, height: area.height, measure: DisplayWidth.of) }
        let top = isFocused ? fitted.topRow : min(fitted.topRow, max(0, rows.count - area.height))
        for offset in 0..<area.height where top + offset < rows.count {
            let row = rows[top + offset]
            let text = String(state.lines[row.line][row.characters])
            surface.write(text, at: Point(x: area.x, y: area.y + offset), style: .normal, maxWidth: area.width)
        }
        guard isFocused else { return }
        let (row, column) = state.cursorRow(width: area.width, measure: DisplayWidth.of)
        guard row >= top, row < top + area.height else { return }
        surface.cursor = Point(x: area.x + min(column, area.width - 1), y: area.y + row - top)
    }
}
