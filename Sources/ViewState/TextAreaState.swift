/// The text, cursor and vertical scroll of a multi-line text input (such as a post's body);
/// owned by its view model, kept between frames.
///
/// The text is a list of lines split at line breaks, each a sequence of grapheme clusters, so
/// every edit and move takes a whole character; the clusters are those of the line as one
/// `String`, however its scalars were typed (see ``TextEditState`` and ``ClusterSplice``). A line wider than the area wraps onto several
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
    public internal(set) var cursor: TextPosition
    /// The first display row shown.
    public internal(set) var topRow = 0
    /// The display column ↑ and ↓ aim for; `nil` until a vertical move sets it, cleared by
    /// any other move or edit (internal: the display-row moves in `TextAreaState+Rows.swift` keep it).
    var goalColumn: Int?

    /// Creates a state holding `text`, split into lines at `\n`, `\r\n` and `\r` (``text``
    /// joins them with `\n`); every other character is kept as given (the owner's text, such
    /// as a post's body, loses nothing: only typed and pasted text is cleaned). The cursor goes
    /// after the last character.
    public init(text: String = "") {
        lines = Self.split(text, cleaning: false)
        cursor = TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
    }

    /// The text, lines joined by `\n`.
    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    // MARK: - Editing

    /// Replaces the whole text as if it were typed (cleaned as ``insert(_:)`` cleans: line
    /// breaks kept, tabs as spaces, other controls dropped) and puts the cursor at its end.
    public mutating func replace(with text: String) {
        lines = [[]]
        cursor = TextPosition(line: 0, column: 0)
        insert(text)
    }

    /// Inserts typed or pasted text at the cursor and moves the cursor after it: line breaks
    /// start new lines, tabs become spaces, other control characters (C0, DEL, C1) are dropped.
    public mutating func insert(_ text: String) {
        let pieces = Self.split(text, cleaning: true)
        let column = cursor.column
        if pieces.count == 1 {
            cursor.column = ClusterSplice.replace(column..<column, in: &lines[cursor.line], with: String(pieces[0])).end
        } else {
            var first = lines[cursor.line]
            var last = Array(first[column...])
            ClusterSplice.replace(column..<first.count, in: &first, with: String(pieces[0]))
            let end = ClusterSplice.replace(0..<0, in: &last, with: String(pieces[pieces.count - 1])).end
            let replacement = [first] + pieces[1..<(pieces.count - 1)] + [last]
            lines.replaceSubrange(cursor.line...cursor.line, with: replacement)
            cursor = TextPosition(line: cursor.line + pieces.count - 1, column: end)
        }
        goalColumn = nil
    }

    /// Enter: splits the line at the cursor.
    public mutating func insertLineBreak() { insert("\n") }

    /// Backspace: removes the character before the cursor, or at a line's start joins it to the
    /// line above; no-op at the start of the text.
    public mutating func deleteBackward() {
        goalColumn = nil
        let column = cursor.column
        if column > 0 {
            cursor.column = ClusterSplice.replace(column - 1..<column, in: &lines[cursor.line], with: "").start
        } else if cursor.line > 0 {
            let line = lines.remove(at: cursor.line)
            cursor.line -= 1
            cursor.column = join(line, toEndOf: cursor.line)
        }
    }

    /// Delete: removes the character after the cursor, or at a line's end joins the next line
    /// to it; no-op at the end of the text.
    public mutating func deleteForward() {
        goalColumn = nil
        let column = cursor.column
        if column < lines[cursor.line].count {
            cursor.column = ClusterSplice.replace(column..<column + 1, in: &lines[cursor.line], with: "").start
        } else if cursor.line + 1 < lines.count {
            cursor.column = join(lines.remove(at: cursor.line + 1), toEndOf: cursor.line)
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

    // MARK: - Private

    /// Appends `next` (a line) to line `index`, the characters at the join becoming one when
    /// they join.
    /// - Returns: The column of the join (the end of the merged character when they did).
    private mutating func join(_ next: [Character], toEndOf index: Int) -> Int {
        let end = lines[index].count
        return ClusterSplice.replace(end..<end, in: &lines[index], with: String(next)).start
    }

    /// `text` split into lines at `\n`, `\r\n` and `\r`; when `cleaning`, tabs as spaces and
    /// other controls dropped. Each line is segmented as a whole, so the characters either side
    /// of a dropped control that join make one.
    private static func split(_ text: String, cleaning: Bool) -> [[Character]] {
        var result = [""]
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                result.append("")
            } else if !cleaning {
                result[result.count - 1].append(character)
            } else if character == "\t" {
                result[result.count - 1].append(" ")
            } else if !TextEditState.isControl(character) {
                result[result.count - 1].append(character)
            }
        }
        return result.map(Array.init)
    }
}
