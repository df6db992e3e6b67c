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

    /// Draws the bar and its percentage on the top row of `area` (nothing when it is empty).
    public func render(in area: Rect, on surface: inout Surface, style: Style = .normal) {
        guard !area.isEmpty else { return }
        let label = percentText
        let barWidth = max(0, area.width - label.count)
        let filled = Int(fraction * Double(barWidth))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        surface.write(bar + label, at: Point(x: area.x, y: area.y), style: style, maxWidth: area.width)
    }
}
