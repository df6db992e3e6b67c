/// Where a table's columns go in a row of a given width, scrolled sideways by
/// ``ListState/columnOffset``: the first column always, then the columns after the
/// `columnOffset` scrolled off to the left, as ``TableColumn/widths(of:total:)`` shares the room.
///
/// While columns are scrolled off on the left, a cell after the first column holds
/// ``leftMarker`` (in the header); while the layout gives a column on the right no cells, the
/// row's last cell holds ``rightMarker``. Both cells are kept out of the columns' room, so a
/// marker never covers a title or its ▲▼.
struct TableLayout: Equatable {
    /// Drawn in the header just after the first column while columns are scrolled off to the left.
    static let leftMarker = "‹"
    /// Drawn at the header's right end while columns on the right get no cells.
    static let rightMarker = "›"

    /// Each column's width in cells; 0 for one scrolled off on the left or hidden on the right.
    var widths: [Int]
    /// Each column's first cell, counted from the table's first cell after the indent.
    var starts: [Int]
    /// The columns after the first scrolled off to the left (the offset, clamped).
    var hiddenLeft: Int
    /// The columns on the right the layout gives no cells.
    var hiddenRight: Int
    /// Whether a column after the first is hidden on the right or narrower than its values
    /// (``TableColumn/demand``), and more than one column after the first is shown: scrolling
    /// one more off to the left gives the others room.
    var canScrollRight: Bool

    /// Lays out `columns` in `total` cells with `offset` columns after the first scrolled off.
    init(_ columns: [TableColumn], total: Int, offset: Int) {
        let count = columns.count
        let hiddenLeft = count > 1 ? min(max(0, offset), count - 2) : 0
        let shown = count > 0 ? [0] + Array((1 + hiddenLeft)..<max(1 + hiddenLeft, count)) : []
        let gutter = hiddenLeft > 0 ? DisplayWidth.of(Self.leftMarker) : 0
        let shownColumns = shown.map { columns[$0] }
        var shownWidths = TableColumn.widths(of: shownColumns, total: total - gutter)
        if shownWidths.dropFirst().contains(0) {
            // Room for a blank and the marker at the row's end.
            shownWidths = TableColumn.widths(of: shownColumns, total: total - gutter - 1 - DisplayWidth.of(Self.rightMarker))
        }
        var widths = Array(repeating: 0, count: count)
        var starts = Array(repeating: 0, count: count)
        var x = 0
        for (position, index) in shown.enumerated() {
            widths[index] = shownWidths[position]
            starts[index] = x
            x += shownWidths[position] + 1 + (position == 0 ? gutter : 0)
        }
        self.widths = widths
        self.starts = starts
        self.hiddenLeft = hiddenLeft
        hiddenRight = shownWidths.dropFirst().filter { $0 == 0 }.count
        let cut = shown.indices.dropFirst().contains { position in
            columns[shown[position]].demand.map { shownWidths[position] < $0 } ?? false
        }
        canScrollRight = shown.count > 2 && (hiddenRight > 0 || cut)
    }

    /// Where ``leftMarker`` goes (after the first column and its blank), or `nil` when no
    /// column is scrolled off on the left.
    var leftMarkerStart: Int? {
        guard hiddenLeft > 0, let first = widths.first else { return nil }
        return first + 1
    }
}

extension TableColumn {
    /// The cells the column's values ask for: a fixed column's width, a fitted column's
    /// ``ColumnWidth/demand(natural:)``; `nil` for a flexible one (it takes a share, never "cut").
    var demand: Int? {
        switch width {
        case let .fixed(cells): max(0, cells)
        case let .fit(policy, natural): policy.demand(natural: natural)
        case .flexible: nil
        }
    }
}
