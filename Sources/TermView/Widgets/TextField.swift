import ViewState

/// A one-line text input drawn each frame; its text, cursor and scroll live in ``TextEditState``.
public struct TextField {
    /// Shown in `.muted` when the field is empty.
    public var placeholder: String
    /// Whether the field has the keyboard: only then it places the terminal cursor.
    public var isFocused: Bool

    /// Creates a field.
    public init(placeholder: String = "", isFocused: Bool = true) {
        self.placeholder = placeholder
        self.isFocused = isFocused
    }

    /// Draws the text on the first row of `area` from the state's scroll, and when focused sets
    /// `surface.cursor` to the cursor's cell.
    ///
    /// Drawing changes no state: the owner keeps `state.scroll` fitted to the field's width
    /// (``TextEditState/handle(_:width:)``, ``TextEditState/fit(width:)``). When the area is not
    /// the width the state was fitted to (a resize since the last key), the text is drawn from
    /// ``TextEditState/visibleScroll(width:measure:)`` for this width, which is where the next
    /// key's fitting puts the scroll, so nothing jumps. The cursor needs one column of its own
    /// at the end, so a field `w` columns wide shows at most `w - 1` columns before the cursor.
    public func render(in area: Rect, on surface: inout Surface, state: TextEditState) {
        guard !area.isEmpty else { return }
        surface.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: .normal)
        let scroll = state.visibleScroll(width: area.width, measure: DisplayWidth.of)
        let origin = Point(x: area.x, y: area.y)
        if state.characters.isEmpty {
            surface.write(placeholder, at: origin, style: .muted, maxWidth: area.width)
        } else {
            surface.write(String(state.characters[scroll...]), at: origin, style: .normal, maxWidth: area.width)
        }
        guard isFocused else { return }
        let column = state.characters[scroll..<state.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        surface.cursor = Point(x: area.x + min(column, area.width - 1), y: area.y)
    }
}
