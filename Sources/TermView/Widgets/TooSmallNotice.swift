/// What a screen shows instead of its layout when the terminal is smaller than it needs:
/// "terminal too small" and the needed size, centred, each line cut to the width.
///
/// At 1x1 only the first character of the first line fits; nothing is drawn outside the
/// area, so every size down to 1x1 is safe.
public struct TooSmallNotice {
    /// The smallest size, in cells, at which the real layout is drawn.
    public var minimum: Size

    /// Creates a notice naming `minimum` as the size needed.
    public init(minimum: Size) {
        self.minimum = minimum
    }

    /// Whether `size` is below ``minimum`` in either dimension.
    public func applies(to size: Size) -> Bool {
        size.width < minimum.width || size.height < minimum.height
    }

    /// The lines shown: "terminal too small", then "need WxH" (columns x rows).
    public var messages: [String] {
        ["terminal too small", "need \(minimum.width)x\(minimum.height)"]
    }

    /// Draws ``messages`` centred in `area` (style `.error` for the first, `.muted` for the
    /// second), truncated with "…" to the width; lines that do not fit in height are dropped.
    public func render(in area: Rect, on surface: inout Surface) {
        guard !area.isEmpty else { return }
        let lines = Array(messages.prefix(area.height))
        let top = area.y + (area.height - lines.count) / 2
        for (index, line) in lines.enumerated() {
            let text = TextLayout.truncate(line, to: area.width)
            let x = area.x + (area.width - DisplayWidth.of(text)) / 2
            surface.write(text, at: Point(x: x, y: top + index), style: index == 0 ? .error : .muted,
                          maxWidth: area.maxX - x)
        }
    }
}
