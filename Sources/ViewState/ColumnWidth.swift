/// How wide a table column may be: at least ``min`` cells while the table has room for every
/// column's minimum, at most ``max``, and in between as wide as its widest loaded value (its
/// *natural* width) when the table has room; when it has not, the columns whose values are
/// narrow keep them whole and the wide ones share what is left equally (``layout(_:natural:total:)``).
///
/// Pure data, so a view model declares it with its columns and the table widget applies it.
public struct ColumnWidth: Sendable, Hashable {
    /// The fewest cells the column is cut to while the minimums fit.
    public var min: Int
    /// The most cells the column takes, however wide its values.
    public var max: Int

    /// A policy of at least `min` and at most `max` cells (`max` is raised to `min` if lower).
    public init(min: Int, max: Int) {
        self.min = Swift.max(0, min)
        self.max = Swift.max(self.min, max)
    }

    /// The width the column asks for when its widest value (or title) is `natural` cells wide:
    /// `natural` kept between ``min`` and ``max``; ``max`` when nothing was measured.
    public func demand(natural: Int?) -> Int {
        Swift.min(max, Swift.max(min, natural ?? max))
    }

    /// The widths of columns laid out side by side in `total` cells (separators already taken
    /// off), one per policy.
    ///
    /// When every column's demand (``demand(natural:)``) fits, each gets it and the rest of the
    /// row stays blank. Otherwise every column gets at least its minimum (served left to right
    /// when even the minimums do not fit), and the cells left over raise the columns to one
    /// common level, each stopping at its demand: a column whose values are narrower than the
    /// level is never cut, and the wide columns are cut alike.
    /// - Parameter natural: Each column's widest value in cells, or `nil` when not measured.
    public static func layout(_ policies: [ColumnWidth], natural: [Int?], total: Int) -> [Int] {
        let space = Swift.max(0, total)
        let demands = policies.indices.map { policies[$0].demand(natural: $0 < natural.count ? natural[$0] : nil) }
        if demands.reduce(0, +) <= space { return demands }
        let floors = policies.indices.map { Swift.min(policies[$0].min, demands[$0]) }
        if floors.reduce(0, +) >= space {
            var left = space
            return floors.map { floor in
                let width = Swift.min(floor, left)
                left -= width
                return width
            }
        }
        let widths = { (level: Int) in floors.indices.map { Swift.min(demands[$0], Swift.max(floors[$0], level)) } }
        // The highest common level whose widths still fit (the sum only grows with the level).
        var low = 0
        var high = demands.max() ?? 0
        while low < high {
            let middle = (low + high + 1) / 2
            if widths(middle).reduce(0, +) <= space { low = middle } else { high = middle - 1 }
        }
        var result = widths(low)
        var left = space - result.reduce(0, +)
        for index in result.indices where left > 0 && result[index] < demands[index] {
            result[index] += 1
            left -= 1
        }
        return result
    }
}
