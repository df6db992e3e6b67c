/// One line at the bottom of the screen: left text (hints, messages) and right text (position).
public struct StatusBar {
    /// Text at the left edge; truncated first when space runs out.
    public var left: String
    /// Text at the right edge, right-aligned.
    public var right: String

    /// Creates a status bar.
    public init(left: String, right: String = "") {
        self.left = left
        self.right = right
    }

    /// Draws one line in `.statusBar` on the top row of `area`: the right text right-aligned,
    /// one space between, and the left text truncated with "…" to what remains.
    public func render(in area: Rect, on surface: inout Surface) {
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        surface.fill(row, style: .statusBar)
        let rightText = TextLayout.truncate(right, to: area.width)
        let rightWidth = DisplayWidth.of(rightText)
        let leftWidth = max(0, area.width - rightWidth - (rightWidth > 0 ? 1 : 0))
        surface.write(TextLayout.truncate(left, to: leftWidth), at: Point(x: area.x, y: area.y),
                      style: .statusBar, maxWidth: leftWidth)
        surface.write(rightText, at: Point(x: area.maxX - rightWidth, y: area.y), style: .statusBar,
                      maxWidth: rightWidth)
    }
}
