/// A line of text with one style, such as a paragraph of a detail screen.
public struct StyledLine: Hashable, Sendable {
    /// The text; may hold newlines and any untrusted characters.
    public var text: String
    /// The style of every wrapped line.
    public var style: Style
    /// Columns before each line the text continues on once wrapped (a hanging indent:
    /// ``TextLayout/wrap(_:width:indent:)``), so a long value goes on under its own start.
    public var indent: Int

    /// Creates a styled line.
    public init(_ text: String, style: Style = .normal, indent: Int = 0) {
        self.text = text
        self.style = style
        self.indent = indent
    }
}

/// Wrapped, scrollable text with a scroll indicator; scroll position lives in ``TextViewState``.
///
/// Paragraphs are wrapped (``TextLayout/wrap(_:width:indent:)``, each with its own hanging
/// indent; long ones once per width, ``WrapCache``) to the area width minus one
/// column, always reserved on the right for the indicator: a track `│` (`.muted`) with a
/// thumb `┃`, drawn only when the text is taller than the area.
public struct TextView {
    /// The paragraphs, top to bottom.
    public var paragraphs: [StyledLine]

    /// Creates a text view.
    public init(paragraphs: [StyledLine]) {
        self.paragraphs = paragraphs
    }

    /// Total wrapped lines for an area `width` columns wide.
    public func lineCount(width: Int) -> Int {
        wrapped(width: width).count
    }

    /// Draws the visible wrapped lines into `area`, clamping `state.offset` first.
    public func render(in area: Rect, on surface: inout Surface, state: inout TextViewState) {
        let lines = wrapped(width: area.width)
        state.offset = TextViewState.clamped(state.offset, total: lines.count, visible: area.height)
        guard !area.isEmpty else { return }
        let textWidth = Self.textWidth(for: area.width)
        for row in 0..<area.height {
            let index = state.offset + row
            guard index < lines.count else { break }
            surface.write(lines[index].text, at: Point(x: area.x, y: area.y + row),
                          style: lines[index].style, maxWidth: textWidth)
        }
        if lines.count > area.height, area.width >= 2 {
            drawIndicator(in: area, total: lines.count, offset: state.offset, on: &surface)
        }
    }

    // MARK: - Private

    static func textWidth(for width: Int) -> Int {
        max(1, width - 1)
    }

    private func wrapped(width: Int) -> [StyledLine] {
        let textWidth = Self.textWidth(for: width)
        return paragraphs.flatMap { paragraph in
            WrapCache.wrap(paragraph.text, width: textWidth, indent: paragraph.indent).map { StyledLine($0, style: paragraph.style) }
        }
    }

    private func drawIndicator(in area: Rect, total: Int, offset: Int, on surface: inout Surface) {
        let visible = area.height
        let thumbSize = max(1, visible * visible / total)
        let travel = visible - thumbSize
        let thumbStart = total > visible ? (offset * travel + (total - visible) / 2) / (total - visible) : 0
        let x = area.maxX - 1
        for row in 0..<visible {
            let isThumb = row >= thumbStart && row < thumbStart + thumbSize
            surface.write(isThumb ? "┃" : "│", at: Point(x: x, y: area.y + row), style: isThumb ? .normal : .muted)
        }
    }
}
