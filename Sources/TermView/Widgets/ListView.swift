import ViewState

/// A single-column list, such as a menu. A value drawn each frame; selection lives in ``ListState``.
public struct ListView {
    /// The rows, one line each (truncated with "…" to the area width).
    public var items: [String]

    /// Creates a list of `items`.
    public init(items: [String]) {
        self.items = items
    }

    /// Draws the visible rows into `area`, the selected row in `.selected` over the full
    /// width, scrolling `state.offset` so the selection stays in view. Clips to tiny areas.
    public func render(in area: Rect, on surface: inout Surface, state: inout ListState) {
        state.prepare(count: items.count, visibleRows: area.height)
        guard !area.isEmpty else { return }
        for line in 0..<area.height {
            let row = state.offset + line
            guard row < items.count else { break }
            let style: Style = row == state.selected ? .selected : .normal
            let y = area.y + line
            surface.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: style)
            surface.write(TextLayout.truncate(items[row], to: area.width), at: Point(x: area.x, y: y),
                          style: style, maxWidth: area.width)
        }
    }
}
