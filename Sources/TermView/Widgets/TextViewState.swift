/// Scroll position of a ``TextView``, in wrapped lines; owned by the view model.
///
/// Every method clamps `offset` to `0...max(0, total - visible)`.
public struct TextViewState: Equatable, Sendable {
    /// The first visible wrapped line.
    public var offset: Int

    /// Creates a state scrolled to `offset` lines.
    public init(offset: Int = 0) {
        self.offset = offset
    }

    /// Scrolls by `lines` (negative: up).
    /// - Parameters:
    ///   - total: Wrapped lines in the text (``TextView/lineCount(width:)``).
    ///   - visible: Rows of the area.
    public mutating func scroll(by lines: Int, total: Int, visible: Int) {
        offset = Self.clamped(offset + lines, total: total, visible: visible)
    }

    /// Scrolls down one page (`visible` lines, at least 1).
    public mutating func pageDown(total: Int, visible: Int) {
        scroll(by: max(1, visible), total: total, visible: visible)
    }

    /// Scrolls up one page (`visible` lines, at least 1).
    public mutating func pageUp(total: Int, visible: Int) {
        scroll(by: -max(1, visible), total: total, visible: visible)
    }

    /// Scrolls to the top.
    public mutating func home() {
        offset = 0
    }

    /// Scrolls so the last line is at the bottom.
    public mutating func end(total: Int, visible: Int) {
        offset = Self.clamped(total, total: total, visible: visible)
    }

    static func clamped(_ offset: Int, total: Int, visible: Int) -> Int {
        min(max(0, offset), max(0, total - max(0, visible)))
    }
}
