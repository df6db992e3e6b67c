/// A one-line text input drawn each frame; its text and cursor live in ``TextFieldState``.
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

    /// Draws the text on the first row of `area`, scrolled so the cursor is visible, and
    /// when focused sets `surface.cursor` to the cursor's cell.
    ///
    /// The cursor needs one column of its own at the end, so a field `w` columns wide shows
    /// at most `w - 1` columns of text before the cursor; `state.scroll` moves by whole
    /// characters and only as far as needed, back too when the field has room for more of the start.
    public func render(in area: Rect, on surface: inout Surface, state: inout TextFieldState) {
        guard !area.isEmpty else { return }
        surface.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: .normal)
        adjustScroll(&state, width: area.width)
        let origin = Point(x: area.x, y: area.y)
        if state.characters.isEmpty {
            surface.write(placeholder, at: origin, style: .muted, maxWidth: area.width)
        } else {
            surface.write(String(state.characters[state.scroll...]), at: origin, style: .normal, maxWidth: area.width)
        }
        guard isFocused else { return }
        let column = state.characters[state.scroll..<state.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        surface.cursor = Point(x: area.x + min(column, area.width - 1), y: area.y)
    }

    // MARK: - Private

    private func adjustScroll(_ state: inout TextFieldState, width: Int) {
        state.scroll = min(max(0, state.scroll), state.cursor)
        let room = max(0, width - 1)
        var column = state.characters[state.scroll..<state.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        while column > room, state.scroll < state.cursor {
            column -= DisplayWidth.of(state.characters[state.scroll])
            state.scroll += 1
        }
        // A wider field than when it scrolled (a resize): bring back what now fits before it.
        var shown = state.characters[state.scroll...].reduce(0) { $0 + DisplayWidth.of($1) }
        while state.scroll > 0, shown + DisplayWidth.of(state.characters[state.scroll - 1]) <= room {
            state.scroll -= 1
            shown += DisplayWidth.of(state.characters[state.scroll])
        }
    }
}
