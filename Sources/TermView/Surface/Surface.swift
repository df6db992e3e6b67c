/// A grid of ``Cell``s that widgets draw into; one frame of the screen.
///
/// Coordinates are cells, `(0, 0)` top-left. Every drawing call clips to the surface, so
/// widgets can draw into any ``Rect`` without checking bounds. A 2-column character always
/// occupies its cell plus a continuation cell; no call ever leaves half of one behind.
public struct Surface: Equatable, Sendable {
    // MARK: - Properties

    /// Most Unicode scalars kept per cell; longer clusters (e.g. thousands of stacked
    /// combining marks) are cut so one cell cannot carry unbounded text to the terminal.
    static let maxScalarsPerCell = 16

    /// Row-major cells (`y * width + x`); read by the diff (Surface+Diff.swift).
    private(set) var cells: [Cell]
    private let width: Int
    private let height: Int

    /// Where the terminal shows its cursor for this frame, or `nil` to hide it.
    public var cursor: Point?

    // MARK: - Init

    /// Creates a surface of `width` columns by `height` rows filled with spaces in `.normal`.
    /// Negative sizes become 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(), count: self.width * self.height)
    }

    /// Creates a surface of `size` (see ``init(width:height:)``).
    public init(size: Size) {
        self.init(width: size.width, height: size.height)
    }

    // MARK: - API

    /// The surface size in cells.
    public var size: Size { Size(width: width, height: height) }

    /// The whole surface as a rectangle at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y`; a blank `.normal` cell outside the surface.
    public subscript(x: Int, y: Int) -> Cell {
        guard let index = index(x, y) else { return .blank() }
        return cells[index]
    }

    /// The style of the cell at `point` (`.normal` outside the surface).
    public func style(at point: Point) -> Style {
        self[point.x, point.y].style
    }

    /// Each row as text: wide characters appear once, continuation cells add nothing, and
    /// trailing spaces are kept, so every line spans `width` columns.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width { line += cells[y * width + x].text }
            return line
        }
    }

    /// Writes single-line text at `point`.
    ///
    /// The text is sanitized first (``Sanitizer/singleLine(_:)``), then clipped to the surface
    /// and to `maxWidth` columns. A wide character is never split: one that does not fit
    /// leaves a space instead. Zero-width characters (combining marks) join the previous
    /// character of the same call and are dropped when there is none.
    /// - Parameters:
    ///   - text: Any text, including untrusted data.
    ///   - point: The cell of the first column.
    ///   - style: The style of every written cell.
    ///   - maxWidth: The most columns to use; `nil` means up to the right edge.
    /// - Returns: Columns written inside the surface, including a filler space.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style, maxWidth: Int? = nil) -> Int {
        guard point.y >= 0, point.y < height else { return 0 }
        let end = min(width, maxWidth.map { point.x + max(0, $0) } ?? width)
        if let written = writeASCII(text, at: point, style: style, end: end) { return written }
        var x = point.x
        var previous: Int?
        // Sanitized character by character, so a huge text costs only what fits.
        writing: for original in text {
            let controls = Sanitizer.needsReplacement(original)
            for character in controls ? Array(Sanitizer.singleLine(String(original))) : [original] {
                let columns = DisplayWidth.of(character)
                if columns == 0 {
                    if let previous { appendMark(character, toCellAt: previous, y: point.y) }
                    continue
                }
                if x + columns > end {
                    if x >= 0, x < end { place(.blank(style), x: x, y: point.y); x += 1 }
                    break writing
                }
                if x < 0 {
                    for column in 0..<max(0, x + columns) { place(.blank(style), x: column, y: point.y) }
                    previous = nil
                } else {
                    place(Cell(text: Self.cellText(character), width: columns, style: style), x: x, y: point.y)
                    if columns == 2 { place(.continuation(style), x: x + 1, y: point.y) }
                    previous = x
                }
                x += columns
            }
        }
        return max(0, min(x, end) - max(point.x, 0))
    }

    /// Replaces the text of the cell at `point` with `text`, its width and style kept, when
    /// that cell starts a character (not a wide one's continuation) and `text` is one character
    /// as wide (``DisplayWidth``) with nothing to sanitize: ``Terminal/patch(_:at:)``'s one cell,
    /// written without the work of ``write(_:at:style:maxWidth:)``.
    /// - Returns: Whether the cell was replaced (`false`: nothing changed).
    mutating func replaceText(at point: Point, with text: String) -> Bool {
        guard let index = index(point.x, point.y), cells[index].width > 0, let character = text.first,
              text.unicodeScalars.count == character.unicodeScalars.count,
              !Sanitizer.needsReplacement(character), DisplayWidth.of(character) == cells[index].width else { return false }
        cells[index].text = text
        return true
    }

    /// Fills `rect` (clipped to the surface) with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { place(.blank(style), x: x, y: y) }
        }
    }

    /// Changes the style of the existing cells in `rect` (clipped), keeping their text.
    public mutating func setStyle(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { cells[y * width + x].style = style }
        }
    }

    // MARK: - Internal

    /// Stores `cell` at (`x`, `y`) as is, without repairing neighbours (for backends that
    /// replay ``CellChange``s from a consistent surface). Ignores points outside.
    mutating func setCell(_ cell: Cell, x: Int, y: Int) {
        guard let index = index(x, y) else { return }
        cells[index] = cell
    }

    // MARK: - Private

    private func index(_ x: Int, _ y: Int) -> Int? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return y * width + x
    }

    /// ``write(_:at:style:maxWidth:)`` for text whose part that fits is printable ASCII (see
    /// ``PrintableASCII``): one cell per byte, the same cells the general path stores; `nil` for
    /// any other text.
    private mutating func writeASCII(_ text: String, at point: Point, style: Style, end: Int) -> Int? {
        guard let (length, _) = PrintableASCII.prefixLength(of: text, limit: end - point.x) else { return nil }
        var x = point.x
        for byte in text.utf8.prefix(length) {
            if x >= 0 { place(Cell(text: PrintableASCII.strings[Int(byte)], width: 1, style: style), x: x, y: point.y) }
            x += 1
        }
        return max(0, min(x, end) - max(point.x, 0))
    }

    /// Stores `cell`, first blanking the other half of any wide character it overwrites.
    private mutating func place(_ cell: Cell, x: Int, y: Int) {
        guard let index = index(x, y) else { return }
        let old = cells[index]
        if old.width == 0, x > 0, cells[index - 1].width == 2 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if old.width == 2, x + 1 < width, cells[index + 1].width == 0 {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    private mutating func appendMark(_ character: Character, toCellAt x: Int, y: Int) {
        guard let index = index(x, y) else { return }
        let combined = cells[index].text + String(character)
        cells[index].text = Self.cap(combined)
    }

    private static func cellText(_ character: Character) -> String {
        cap(String(character))
    }

    private static func cap(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > maxScalarsPerCell else { return text }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.prefix(maxScalarsPerCell))
        return String(view)
    }
}
