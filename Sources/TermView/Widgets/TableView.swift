import ViewState

/// A virtualized table: asks for cell text only for the rows on screen.
///
/// A value drawn each frame; selection and scroll position live in ``ListState``.
public struct TableView {
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// How many data rows exist.
    public var rowCount: Int
    /// Whether the first row of the area shows column titles.
    public var showsHeader: Bool
    /// The parts of a cell to highlight (filter matches), as ranges of `Character` offsets
    /// into the text `cell` gave for (row, column); `nil` for none. Called only for visible rows.
    public var highlights: ((Int, Int) -> [Range<Int>])?
    /// Text drawn across the whole row instead of the row's cells (a "Could not load more: …"
    /// row), or `nil` for a row of cells; called only for visible rows. `nil`: every row has cells.
    public var spanning: ((Int) -> String?)?
    /// Blank cells before the first column (every list's table starts one cell in, under its heading).
    public var indent = 0
    /// Whether a data row is marked (`m`): a marked row shows ``markGlyph`` in the first indent
    /// cell (the mark column), in `.highlight` (`.selectedHighlight` when selected). `nil`: none
    /// is; called only for visible rows, and only when ``indent`` leaves a cell for it.
    public var marked: ((Int) -> Bool)?
    /// What a marked row shows in its mark column: `*`, as mutt marks tagged messages (one cell
    /// wide in every terminal).
    public static let markGlyph = "*"
    private let cell: (Int, Int) -> String

    /// Creates a table.
    /// - Parameters:
    ///   - highlights: Character ranges of each cell's text to draw in `.highlight`
    ///     (`.selectedHighlight` on the selected row); parts cut off by truncation are not marked.
    ///   - cell: Text for (row, column); called only for visible rows.
    public init(columns: [TableColumn], rowCount: Int, showsHeader: Bool = true,
                highlights: ((Int, Int) -> [Range<Int>])? = nil, cell: @escaping (Int, Int) -> String) {
        self.columns = columns
        self.rowCount = max(0, rowCount)
        self.showsHeader = showsHeader
        self.highlights = highlights
        self.cell = cell
    }

    /// Data rows that fit in `area`: the page size for Page Up/Page Down.
    public static func visibleRows(in area: Rect, showsHeader: Bool) -> Int {
        max(0, area.height - (showsHeader ? 1 : 0))
    }

    /// The data row drawn at `point` by the last ``render(in:on:state:)`` into `area` with
    /// `state`'s offset, or `nil` for the header, outside the area or past the last row.
    public static func row(at point: Point, in area: Rect, showsHeader: Bool, state: ListState, rowCount: Int) -> Int? {
        let top = area.y + (showsHeader ? 1 : 0)
        guard point.x >= area.x, point.x < area.maxX, point.y >= top, point.y < area.maxY else { return nil }
        let row = state.offset + point.y - top
        return row < rowCount ? row : nil
    }

    /// Draws the header (style `.header`) and the visible rows into `area`.
    ///
    /// Columns are separated by one space; text is truncated with "…" by display width and
    /// right-aligned columns are padded on the left. Odd data rows are `.alternate`, the
    /// selected row `.selected` over the whole width. `state.offset` scrolls so the
    /// selection stays visible. With no rows only the header is drawn.
    ///
    /// Sideways, `state.columnOffset` columns after the first are left out (``TableLayout``;
    /// the header then shows `‹` after the first column) and, when columns on the right get
    /// no cells, the header ends in `›`. `state.canScrollRight` is set to what the layout allows.
    public func render(in area: Rect, on surface: inout Surface, state: inout ListState) {
        let rows = Self.visibleRows(in: area, showsHeader: showsHeader)
        state.prepare(count: rowCount, visibleRows: rows)
        guard !area.isEmpty else { return }
        let indent = min(max(0, self.indent), area.width)
        let layout = TableLayout(columns, total: area.width - indent, offset: state.columnOffset)
        if state.columnOffset != layout.hiddenLeft { state.columnOffset = layout.hiddenLeft }
        if state.canScrollRight != layout.canScrollRight { state.canScrollRight = layout.canScrollRight }
        let widths = layout.widths
        var y = area.y
        if showsHeader {
            drawRow(columns.map(\.title), y: y, area: area, indent: indent, layout: layout, style: .header, on: &surface)
            drawMarkers(layout, y: y, area: area, indent: indent, on: &surface)
            y += 1
        }
        for line in 0..<rows {
            let row = state.offset + line
            guard row < rowCount else { break }
            let style: Style = row == state.selected ? .selected : (row % 2 == 1 ? .alternate : .normal)
            if let text = spanning?(row) {
                surface.fill(Rect(x: area.x, y: y + line, width: area.width, height: 1), style: style)
                surface.write(TextLayout.truncate(" " + text, to: area.width), at: Point(x: area.x, y: y + line),
                              style: style, maxWidth: area.width)
                continue
            }
            let texts = columns.indices.map { widths[$0] > 0 ? cell(row, $0) : "" }
            drawRow(texts, y: y + line, area: area, indent: indent, layout: layout, style: style, on: &surface)
            if indent > 0, marked?(row) == true {
                surface.write(Self.markGlyph, at: Point(x: area.x, y: y + line),
                              style: row == state.selected ? .selectedHighlight : .highlight, maxWidth: 1)
            }
            if let highlights {
                let marked: Style = row == state.selected ? .selectedHighlight : .highlight
                markHighlights(texts, row: row, ranges: highlights, y: y + line, area: area, indent: indent, layout: layout,
                               style: marked, on: &surface)
            }
        }
    }

    // MARK: - Private

    /// Restyles the highlighted characters of each cell of one drawn row.
    private func markHighlights(_ texts: [String], row: Int, ranges: (Int, Int) -> [Range<Int>], y: Int, area: Rect,
                                indent: Int, layout: TableLayout, style: Style, on surface: inout Surface) {
        let widths = layout.widths
        for (index, column) in columns.enumerated() where widths[index] > 0 {
            let x = area.x + indent + layout.starts[index]
            let marked = ranges(row, index)
            if !marked.isEmpty {
                let width = min(widths[index], area.maxX - x)
                for span in TextLayout.columns(of: marked, in: texts[index], fittedTo: widths[index],
                                               alignment: column.alignment) where span.lowerBound < width {
                    let cells = min(span.upperBound, width) - span.lowerBound
                    surface.setStyle(Rect(x: x + span.lowerBound, y: y, width: cells, height: 1), style: style)
                }
            }
        }
    }

    /// The header's `‹` after the first column and `›` at its right end, where columns are hidden.
    private func drawMarkers(_ layout: TableLayout, y: Int, area: Rect, indent: Int, on surface: inout Surface) {
        if let start = layout.leftMarkerStart, area.x + indent + start < area.maxX {
            surface.write(TableLayout.leftMarker, at: Point(x: area.x + indent + start, y: y), style: .header, maxWidth: 1)
        }
        if layout.hiddenRight > 0, area.width - indent > 1 {
            surface.write(TableLayout.rightMarker, at: Point(x: area.maxX - 1, y: y), style: .header, maxWidth: 1)
        }
    }

    private func drawRow(_ texts: [String], y: Int, area: Rect, indent: Int, layout: TableLayout, style: Style,
                         on surface: inout Surface) {
        surface.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: style)
        let widths = layout.widths
        for (index, column) in columns.enumerated() where widths[index] > 0 {
            let x = area.x + indent + layout.starts[index]
            // As `TextLayout.fit` lays it out, without building the padding: the fill above
            // already put blanks of `style` there.
            let text = TextLayout.truncate(texts[index], to: widths[index])
            let pad = column.alignment == .right ? max(0, widths[index] - DisplayWidth.of(text)) : 0
            surface.write(text, at: Point(x: x + pad, y: y), style: style, maxWidth: min(widths[index] - pad, area.maxX - x - pad))
        }
    }
}
