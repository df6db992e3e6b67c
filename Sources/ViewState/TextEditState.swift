/// The text, cursor and sideways scroll of a one-line text input (a form field, the Admin
/// panel's input, the `/` and `:` prompts); owned by its view model, kept between frames.
///
/// The text is a sequence of grapheme clusters (`Character`s), so every edit moves or removes
/// a whole character: a CJK ideograph, an emoji ZWJ sequence, a letter with its combining
/// marks. The clusters are those of the text as one `String` however its scalars were typed:
/// a flag typed as two key events (two regional indicators) is one character once the second
/// arrives, and a mark typed after a letter joins it (``ClusterSplice``). ``cursor`` is an
/// index into those characters (0 … `count`); the cursor sits where the next character goes.
///
/// ``scroll`` (the first character shown) is state, not a drawing detail: it changes only in
/// ``keepCursorVisible(width:measure:)``, which the owner calls after an edit or when the
/// field's width changed (TermView's `handle(_:width:)` does both), never while drawing.
///
/// Display widths are injected as a `(Character) -> Int` function: this target is pure Swift
/// and must not import CNcurses, while a character's width in a terminal comes from the C
/// library's `wcwidth(3)` under the current locale (TermView's `DisplayWidth.of`). Passing the
/// function keeps one source of widths for drawing and scrolling, and lets tests use a fixed table.
public struct TextEditState: Equatable, Sendable {
    /// The characters of the text.
    public private(set) var characters: [Character]
    /// Index of the character the next insertion goes before (0 … `characters.count`).
    public private(set) var cursor: Int
    /// Index of the first character shown when the text is wider than its field (0 … ``cursor``).
    public private(set) var scroll = 0

    /// Creates a state holding `text` as given (the owner's text, such as a record's field, is
    /// kept whole; only typed and pasted text is cleaned), the cursor after its last character,
    /// or after `cursor` characters when given (clamped to the text).
    public init(text: String = "", cursor: Int? = nil) {
        characters = Array(text)
        self.cursor = min(max(0, cursor ?? characters.count), characters.count)
    }

    /// The text.
    public var text: String { String(characters) }

    /// Whether there is no text.
    public var isEmpty: Bool { characters.isEmpty }

    // MARK: - Editing

    /// Replaces the whole text as if it were typed (cleaned as ``insert(_:)`` cleans) and puts
    /// the cursor at its end, as Tab completion does.
    public mutating func replace(with text: String) {
        characters = Array(Self.clean(text))
        cursor = characters.count
        clampScroll()
    }

    /// Inserts typed or pasted text at the cursor and moves the cursor after it. A pasted
    /// block's newlines and tabs become spaces; other control characters (C0, DEL, C1) are dropped.
    /// A scalar that joins the character before the cursor (a combining mark, a joiner, the
    /// second regional indicator of a flag) makes one character with it.
    public mutating func insert(_ text: String) {
        cursor = ClusterSplice.replace(cursor..<cursor, in: &characters, with: Self.clean(text)).end
        clampScroll()
    }

    /// Moves one character left (no-op at the start).
    public mutating func moveLeft() { setCursor(cursor - 1) }
    /// Moves one character right (no-op at the end).
    public mutating func moveRight() { setCursor(cursor + 1) }
    /// Moves to the start.
    public mutating func moveToStart() { setCursor(0) }
    /// Moves to the end.
    public mutating func moveToEnd() { setCursor(characters.count) }

    /// Puts the cursor before character `index`, clamped to `0 … characters.count`.
    public mutating func setCursor(_ index: Int) {
        cursor = min(max(0, index), characters.count)
        clampScroll()
    }

    /// Removes the one character before the cursor (Backspace); no-op at the start. The
    /// characters on either side become one when they join (a letter and a mark after it).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        cursor = ClusterSplice.replace(cursor - 1..<cursor, in: &characters, with: "").start
        clampScroll()
    }

    /// Removes the one character after the cursor (Delete); no-op at the end. Characters that
    /// join become one, as for ``deleteBackward()``.
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        cursor = ClusterSplice.replace(cursor..<cursor + 1, in: &characters, with: "").start
        clampScroll()
    }

    /// Removes everything before the cursor (Ctrl-U, as in a shell).
    public mutating func deleteToStart() {
        cursor = ClusterSplice.replace(0..<cursor, in: &characters, with: "").start
        scroll = 0
    }

    /// Removes the word before the cursor and the spaces after it (Ctrl-W, as in a shell).
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        cursor = ClusterSplice.replace(start..<cursor, in: &characters, with: "").start
        clampScroll()
    }

    // MARK: - Columns and scroll

    /// Columns from the start of the text to the cursor.
    /// - Parameter measure: A character's width in columns (TermView's `DisplayWidth.of`).
    public func cursorColumn(measure: (Character) -> Int) -> Int {
        characters[..<cursor].reduce(0) { $0 + measure($1) }
    }

    /// Where a field `width` columns wide starts showing the text: ``scroll`` moved forward by
    /// whole characters, only as far as needed for the cursor to fit, and back when the field
    /// has room for more of the start (it was made wider). The cursor needs a column of its own
    /// at the end, so at most `width - 1` columns of text come before it.
    /// - Parameters:
    ///   - width: The field's width in columns.
    ///   - measure: A character's width in columns.
    /// - Returns: A character index in `0 … cursor`.
    public func visibleScroll(width: Int, measure: (Character) -> Int) -> Int {
        var first = min(max(0, scroll), cursor)
        let room = max(0, width - 1)
        var column = characters[first..<cursor].reduce(0) { $0 + measure($1) }
        while column > room, first < cursor {
            column -= measure(characters[first])
            first += 1
        }
        var shown = characters[first...].reduce(0) { $0 + measure($1) }
        while first > 0, shown + measure(characters[first - 1]) <= room {
            first -= 1
            shown += measure(characters[first])
        }
        return first
    }

    /// Sets ``scroll`` to ``visibleScroll(width:measure:)``: call after an edit or a move, and
    /// when the field's width changed.
    public mutating func keepCursorVisible(width: Int, measure: (Character) -> Int) {
        scroll = visibleScroll(width: width, measure: measure)
    }

    // MARK: - Private

    /// The scroll never passes the cursor (cheap, needs no widths); the rest of the fitting is
    /// ``keepCursorVisible(width:measure:)``'s.
    private mutating func clampScroll() { scroll = min(max(0, scroll), cursor) }

    /// Newlines and tabs as spaces, other controls (C0, DEL, C1) dropped.
    static func clean(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                result.append(" ")
            } else if !isControl(character) {
                result.append(character)
            }
        }
        return result
    }

    /// Whether any scalar of `character` is a C0, DEL or C1 control.
    static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
