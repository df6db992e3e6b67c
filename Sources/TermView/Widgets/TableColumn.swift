import ViewState

/// A table column: title, width rule and alignment.
public struct TableColumn: Sendable {
    /// How a column's width is chosen from the table's width.
    public enum Width: Sendable {
        /// Exactly this many columns (less only when the table is too narrow).
        case fixed(Int)
        /// A share of the space left after fixed columns, proportional to `weight`, and at
        /// least `min` columns while there is room.
        case flexible(min: Int, weight: Int)
        /// As wide as its widest value (`natural` cells; `nil`: not measured) within the
        /// policy's bounds, as ``ColumnWidth/layout(_:natural:total:)`` shares the room. A
        /// table whose columns are all `.fit` (or `.fixed`) is laid out by that rule alone.
        case fit(ColumnWidth, natural: Int?)
    }

    /// The header text.
    public var title: String
    /// The width rule.
    public var width: Width
    /// Alignment of header and cells; `.right` for numbers.
    public var alignment: Alignment

    /// Creates a column.
    public init(_ title: String, width: Width, alignment: Alignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }

    /// Column widths in cells for a table `total` columns wide, with one space between columns.
    ///
    /// Fixed columns are served first, left to right. Flexible columns share the rest by
    /// weight; a column whose share falls below its `min` gets its `min` and the others
    /// share what remains. When even the minimums do not fit, they are served left to right.
    static func widths(of columns: [TableColumn], total: Int) -> [Int] {
        if let fitted = fittedWidths(of: columns, total: total) { return fitted }
        var remaining = max(0, total - max(0, columns.count - 1))
        var widths = Array(repeating: 0, count: columns.count)
        var flexible: [Int] = []
        for (index, column) in columns.enumerated() {
            if case .fixed(let width) = column.width {
                widths[index] = min(max(0, width), remaining)
                remaining -= widths[index]
            } else {
                flexible.append(index)
            }
        }
        share(remaining, among: flexible, of: columns, into: &widths)
        return widths
    }

    // MARK: - Private

    /// The widths of a table of `.fit` and `.fixed` columns (a fixed one is a policy of exactly
    /// its width), or `nil` when a column is `.flexible`.
    private static func fittedWidths(of columns: [TableColumn], total: Int) -> [Int]? {
        var policies: [ColumnWidth] = []
        var natural: [Int?] = []
        for column in columns {
            switch column.width {
            case let .fit(policy, measured):
                policies.append(policy)
                natural.append(measured)
            case let .fixed(width):
                policies.append(ColumnWidth(min: width, max: width))
                natural.append(width)
            case .flexible: return nil
            }
        }
        guard policies.contains(where: { $0.min != $0.max }) else { return nil }
        return ColumnWidth.layout(policies, natural: natural, total: total - max(0, columns.count - 1))
    }

    private static func share(_ space: Int, among indices: [Int], of columns: [TableColumn], into widths: inout [Int]) {
        var open = indices
        var space = space
        if open.reduce(0, { $0 + minimum(columns[$1]) }) > space {
            for index in open {
                widths[index] = min(minimum(columns[index]), space)
                space -= widths[index]
            }
            return
        }
        while !open.isEmpty {
            let totalWeight = open.reduce(0) { $0 + weight(columns[$1]) }
            let starved = open.filter { space * weight(columns[$0]) / max(1, totalWeight) < minimum(columns[$0]) }
            guard !starved.isEmpty else { break }
            for index in starved {
                widths[index] = min(minimum(columns[index]), space)
                space -= widths[index]
            }
            open.removeAll { starved.contains($0) }
        }
        let totalWeight = open.reduce(0) { $0 + weight(columns[$1]) }
        var given = 0
        for index in open {
            widths[index] = space * weight(columns[index]) / max(1, totalWeight)
            given += widths[index]
        }
        if let last = open.last { widths[last] += space - given }   // rounding leftovers
    }

    private static func weight(_ column: TableColumn) -> Int {
        if case .flexible(_, let weight) = column.width { return max(1, weight) }
        return 0
    }

    private static func minimum(_ column: TableColumn) -> Int {
        if case .flexible(let minimum, _) = column.width { return max(0, minimum) }
        return 0
    }
}
