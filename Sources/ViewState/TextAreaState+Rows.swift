/// One display row of a ``TextAreaState``: a run of one line's characters that fits the width.
public struct TextRow: Equatable, Sendable {
    /// The line the row belongs to.
    public var line: Int
    /// The characters of that line shown on the row.
    public var characters: Range<Int>
    /// Whether this is the last row of its line (the cursor may sit at its end).
    public var endsLine: Bool
}

/// Display rows: how the lines wrap in an area `width` columns wide, and the moves and scroll
/// that go by them.
extension TextAreaState {
    /// The display rows of the whole text in a `width`-column area, top to bottom.
    public func rows(width: Int, measure: (Character) -> Int) -> [TextRow] {
        lines.indices.flatMap { rows(ofLine: $0, width: width, measure: measure) }
    }

    /// The cursor's display row (an index into ``rows(width:measure:)``) and its column on that row.
    public func cursorRow(width: Int, measure: (Character) -> Int) -> (row: Int, column: Int) {
        var before = 0
        for line in 0..<cursor.line { before += rows(ofLine: line, width: width, measure: measure).count }
        let own = rows(ofLine: cursor.line, width: width, measure: measure)
        let index = Self.rowIndex(of: cursor.column, in: own)
        let row = own[index]
        let column = lines[cursor.line][row.characters.lowerBound..<cursor.column].reduce(0) { $0 + measure($1) }
        return (before + index, column)
    }

    /// ↑: the display row above, at the goal column (the column the vertical moves started from).
    /// On the first row it goes to the start of the text.
    public mutating func moveUp(width: Int, measure: (Character) -> Int) {
        moveVertically(by: -1, width: width, measure: measure)
    }

    /// ↓: the display row below, at the goal column; on the last row, to the end of the text.
    public mutating func moveDown(width: Int, measure: (Character) -> Int) {
        moveVertically(by: 1, width: width, measure: measure)
    }

    /// Page Up / Page Down: `rows` display rows up (negative) or down, at the goal column.
    public mutating func moveVertically(by rows: Int, width: Int, measure: (Character) -> Int) {
        guard rows != 0 else { return }
        let all = self.rows(width: width, measure: measure)
        let (row, column) = cursorRow(width: width, measure: measure)
        let goal = goalColumn ?? column
        let target = row + rows
        if target < 0 {
            cursor = TextPosition(line: 0, column: 0)
        } else if target >= all.count {
            cursor = TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
        } else {
            cursor = position(on: all[target], atColumn: goal, measure: measure)
        }
        goalColumn = goal
    }

    /// Scrolls (``topRow``) only as far as needed for the cursor's row to be among the `height`
    /// rows shown, and back up when the text no longer fills the area: call after an edit or a
    /// move, and when the area's size changed.
    public mutating func keepCursorVisible(width: Int, height: Int, measure: (Character) -> Int) {
        let rowsShown = max(1, height)
        let total = rows(width: width, measure: measure).count
        let row = cursorRow(width: width, measure: measure).row
        var top = min(max(0, topRow), max(0, total - rowsShown))
        if row < top { top = row }
        if row >= top + rowsShown { top = row - rowsShown + 1 }
        topRow = top
    }

    // MARK: - Private

    /// One line's display rows, broken at spaces: a row takes the words that fit `width`
    /// columns, the space after its last word included (a space that does not fit hangs at the
    /// row's end, so no row starts with the space of its break); a word longer than the width
    /// is the only thing broken, between characters (at least one per row). An empty line is
    /// one empty row, and a line whose last row is exactly full gets an empty row after it, so
    /// the cursor at its end has a cell.
    private func rows(ofLine line: Int, width: Int, measure: (Character) -> Int) -> [TextRow] {
        let room = max(1, width)
        let characters = lines[line]
        var result: [TextRow] = []
        var start = 0, used = 0
        // Where the row could end at a space: after it, and the columns before it.
        var breakAfterSpace: Int?, usedBeforeBreak = 0
        for (index, character) in characters.enumerated() {
            let columns = measure(character)
            if character == " " {
                // A space always joins the row it follows; the row can end after it.
                used += columns
                breakAfterSpace = index + 1
                usedBeforeBreak = used
                continue
            }
            if used + columns > room, index > start {
                if let end = breakAfterSpace, end > start {
                    result.append(TextRow(line: line, characters: start..<end, endsLine: false))
                    start = end
                    used -= usedBeforeBreak
                } else {
                    result.append(TextRow(line: line, characters: start..<index, endsLine: false))
                    start = index
                    used = 0
                }
                breakAfterSpace = nil
                // The word carried over may itself be longer than the row: break it.
                while used + columns > room, index > start {
                    var cut = start, width = 0
                    while cut < index, width + measure(characters[cut]) <= room { width += measure(characters[cut]); cut += 1 }
                    cut = max(cut, start + 1)
                    result.append(TextRow(line: line, characters: start..<cut, endsLine: false))
                    used -= characters[start..<cut].reduce(0) { $0 + measure($1) }
                    start = cut
                }
            }
            used += columns
        }
        if used >= room, start < characters.count {
            result.append(TextRow(line: line, characters: start..<characters.count, endsLine: false))
            start = characters.count
        }
        result.append(TextRow(line: line, characters: start..<characters.count, endsLine: true))
        return result
    }

    /// The row of one line's `rows` holding character position `column`: a position at a row's
    /// end belongs to the next row unless the row ends the line.
    private static func rowIndex(of column: Int, in rows: [TextRow]) -> Int {
        rows.firstIndex { column < $0.characters.upperBound || $0.endsLine } ?? rows.count - 1
    }

    /// The position on `row` whose column is the largest not past `goal`.
    private func position(on row: TextRow, atColumn goal: Int, measure: (Character) -> Int) -> TextPosition {
        let characters = lines[row.line]
        let last = row.endsLine ? row.characters.upperBound : max(row.characters.lowerBound, row.characters.upperBound - 1)
        var index = row.characters.lowerBound, column = 0
        while index < last {
            let next = column + measure(characters[index])
            if next > goal { break }
            column = next
            index += 1
        }
        return TextPosition(line: row.line, column: index)
    }
}
