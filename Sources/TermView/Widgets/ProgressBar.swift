/// A one-line bar for how far a long job has got: `████████░░░░░░░░ 45%`.
///
/// The bar fills `fraction` (0 to 1, clamped) of the width left after the percentage, in whole
/// cells (`█` done, `░` to do), so it moves by one cell at a time and never cuts a character.
public struct ProgressBar {
    /// How much is done, 0 to 1.
    public var fraction: Double

    /// Creates a bar; `fraction` is clamped to 0…1 (NaN counts as 0).
    public init(fraction: Double) {
        self.fraction = fraction.isNaN ? 0 : min(1, max(0, fraction))
    }

    /// ` 45%`: the whole percent done, rounded down (100% only when done).
    public var percentText: String { " \(Int(fraction * 100))%" }

    /// The bar alone as text, `cells` wide (at least 1): `████░░░░░░`.
    public func text(cells: Int) -> String {
        let cells = max(1, cells)
        let filled = Int(fraction * Double(cells))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
    }

    /// Draws the bar and its percentage on the top row of `area` (nothing when it is empty).
    public func render(in area: Rect, on surface: inout Surface, style: Style = .normal) {
        guard !area.isEmpty else { return }
        let label = percentText
        let barWidth = max(0, area.width - label.count)
        let bar = barWidth > 0 ? text(cells: barWidth) : ""
        surface.write(bar + label, at: Point(x: area.x, y: area.y), style: style, maxWidth: area.width)
    }
}
