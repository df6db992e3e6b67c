/// A place in a multi-line text: a line and a character (grapheme cluster) within it.
public struct TextPosition: Equatable, Sendable, Comparable {
    /// The line, 0-based.
    public var line: Int
    /// Characters from the start of the line (0 … the line's count).
    public var column: Int

    /// Creates the position `column` characters into `line`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Earlier lines first, then earlier columns.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One display row of a ``TextAreaState``: a run of one line's characters that fits the width.
public struct TextRow: Equatable, Sendable {
    /// The line the row belongs to.
    public var line: Int
    /// The characters of that line shown on the row.
    public var characters: Range<Int>
    /// Whether this is the last row of its line (the cursor may sit at its end).
    public var endsLine: Bool
}

/// The text, cursor and vertical scroll of a multi-line text input (such as a post's body);
/// owned by its view model, kept between frames.
///
/// The text is a list of lines split at line breaks, each a sequence of grapheme clusters, so
/// every edit and move takes a whole character. A line wider than the area wraps onto several
/// display rows, character by character (a wide character that does not fit moves to the next
/// row); a line whose last row is exactly full gets an empty row after it for the cursor.
/// ↑ and ↓ move by display row and keep the column they started from (the goal column) across
/// shorter rows, as editors do.
///
/// Widths are injected as `(Character) -> Int` for the reason ``TextEditState`` gives; every
/// method that needs the layout takes the area's `width` (columns) and a `measure`.
/// ``topRow`` changes only in ``keepCursorVisible(width:height:measure:)``, never while drawing.
public struct TextAreaState: Equatable, Sendable {
    /// The lines, without their line breaks; at least one (empty) line.
    public private(set) var lines: [[Character]]
    /// Where the next character goes.
    public private(set) var cursor: TextPosition
    /// The first display row shown.
    public private(set) var topRow = 0
    /// The display column ↑ and ↓ aim for; `nil` until a vertical move sets it.
    private var goalColumn: Int?

    /// Creates a state holding `text`, split at `\n`, `\r\n` and `\r`; tabs become spaces and
    /// other control characters are dropped. The cursor goes after the last character.
    public init(text: String = "") {
        lines = Self.split(text)
        cursor = TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
    }

    /// The text, lines joined by `\n`.
    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    // MARK: - Editing

    /// Inserts typed or pasted text at the cursor (line breaks start new lines) and moves the
    /// cursor after it.
    public mutating func insert(_ text: String) {
        let pieces = Self.split(text)
        let line = lines[cursor.line]
        let head = Array(line[..<cursor.column]), tail = Array(line[cursor.column...])
        if pieces.count == 1 {
            lines[cursor.line] = head + pieces[0] + tail
            cursor.column += pieces[0].count
        } else {
            var replacement = [head + pieces[0]]
            replacement += pieces[1..<(pieces.count - 1)]
            replacement.append(pieces[pieces.count - 1] + tail)
            lines.replaceSubrange(cursor.line...cursor.line, with: replacement)
            cursor = TextPosition(line: cursor.line + pieces.count - 1, column: pieces[pieces.count - 1].count)
        }
        goalColumn = nil
    }

    /// Enter: splits the line at the cursor.
    public mutating func insertLineBreak() { insert("\n") }

    /// Backspace: removes the character before the cursor, or at a line's start joins it to the
    /// line above; no-op at the start of the text.
    public mutating func deleteBackward() {
        goalColumn = nil
        if cursor.column > 0 {
            lines[cursor.line].remove(at: cursor.column - 1)
            cursor.column -= 1
        } else if cursor.line > 0 {
            let line = lines.remove(at: cursor.line)
            cursor = TextPosition(line: cursor.line - 1, column: lines[cursor.line - 1].count)
            lines[cursor.line] += line
        }
    }

    /// Delete: removes the character after the cursor, or at a line's end joins the next line
    /// to it; no-op at the end of the text.
    public mutating func deleteForward() {
        goalColumn = nil
        if cursor.column < lines[cursor.line].count {
            lines[cursor.line].remove(at: cursor.column)
        } else if cursor.line + 1 < lines.count {
            lines[cursor.line] += lines.remove(at: cursor.line + 1)
        }
    }

    // MARK: - Moving along the text

    /// ←: one character left, from a line's start to the end of the line above.
    public mutating func moveLeft() {
        if cursor.column > 0 {
            cursor.column -= 1
        } else if cursor.line > 0 {
            cursor = TextPosition(line: cursor.line - 1, column: lines[cursor.line - 1].count)
        }
        goalColumn = nil
    }

    /// →: one character right, from a line's end to the start of the next line.
    public mutating func moveRight() {
        if cursor.column < lines[cursor.line].count {
            cursor.column += 1
        } else if cursor.line + 1 < lines.count {
            cursor = TextPosition(line: cursor.line + 1, column: 0)
        }
        goalColumn = nil
    }

    /// Home: the start of the cursor's line.
    public mutating func moveToLineStart() { move(to: TextPosition(line: cursor.line, column: 0)) }

    /// End: the end of the cursor's line.
    public mutating func moveToLineEnd() { move(to: TextPosition(line: cursor.line, column: lines[cursor.line].count)) }

    /// Puts the cursor at `position`, clamped to the text.
    public mutating func move(to position: TextPosition) {
        let line = min(max(0, position.line), lines.count - 1)
        cursor = TextPosition(line: line, column: min(max(0, position.column), lines[line].count))
        goalColumn = nil
    }

    // MARK: - Display rows

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

    /// One line's display rows: characters added while they fit `width` columns (at least one
    /// per row); an empty line is one empty row, and a line whose last row is exactly full
    /// gets an empty row after it, so the cursor at its end has a cell.
    private func rows(ofLine line: Int, width: Int, measure: (Character) -> Int) -> [TextRow] {
        let room = max(1, width)
        let characters = lines[line]
        var result: [TextRow] = []
        var start = 0, used = 0
        for (index, character) in characters.enumerated() {
            let columns = measure(character)
            if used + columns > room, index > start {
                result.append(TextRow(line: line, characters: start..<index, endsLine: false))
                start = index
                used = 0
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

    /// `text` split into lines at `\n`, `\r\n` and `\r`, tabs as spaces, other controls dropped.
    private static func split(_ text: String) -> [[Character]] {
        var result: [[Character]] = [[]]
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                result.append([])
            } else if character == "\t" {
                result[result.count - 1].append(" ")
            } else if !TextEditState.isControl(character) {
                result[result.count - 1].append(character)
            }
        }
        return result
    }
}
