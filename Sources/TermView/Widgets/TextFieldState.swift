/// The text and cursor of a one-line text field; owned by its view model, kept between frames.
///
/// The text is a sequence of grapheme clusters (`Character`s), so every edit moves or removes
/// a whole character: a CJK ideograph, an emoji ZWJ sequence, a letter with its combining
/// marks. ``cursor`` is an index into those characters (0 … `count`); the cursor sits where
/// the next character goes, at display column ``cursorColumn``.
public struct TextFieldState: Equatable, Sendable {
    /// The characters of the field.
    public private(set) var characters: [Character]
    /// Index of the character the next insertion goes before (0 … `characters.count`).
    public private(set) var cursor: Int
    /// First character shown when the text is wider than the field (kept by ``TextField``).
    public var scroll = 0

    /// Creates a field holding `text`, the cursor after its last character.
    public init(text: String = "") {
        characters = Array(Self.clean(text))
        cursor = characters.count
    }

    /// The field's text.
    public var text: String { String(characters) }

    /// Columns from the start of the text to the cursor (`wcwidth` semantics: CJK 2).
    public var cursorColumn: Int {
        characters[..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    }

    /// Inserts typed or pasted text at the cursor and moves the cursor after it. A pasted
    /// block's newlines and tabs become spaces; other control characters are dropped.
    public mutating func insert(_ text: String) {
        let new = Array(Self.clean(text))
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    /// Moves one character left (no-op at the start).
    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// Moves one character right (no-op at the end).
    public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    /// Moves to the start.
    public mutating func moveToStart() { cursor = 0 }
    /// Moves to the end.
    public mutating func moveToEnd() { cursor = characters.count }

    /// Removes the one character before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Removes the one character after the cursor (Delete).
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Removes everything before the cursor (Ctrl-U, as in a shell).
    public mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Removes the word before the cursor and the spaces after it (Ctrl-W, as in a shell).
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Applies an editing key: printable characters, Left/Right, Home/End (and Ctrl-A/Ctrl-E),
    /// Backspace, Delete, Ctrl-U, Ctrl-W.
    /// - Returns: Whether the key was an editing key (others, like Enter or Esc, are not).
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case let .character(character): insert(String(character))
        case .left: moveLeft()
        case .right: moveRight()
        case .home, .ctrl("a"): moveToStart()
        case .end, .ctrl("e"): moveToEnd()
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .ctrl("u"): deleteToStart()
        case .ctrl("w"): deleteWordBackward()
        default: return false
        }
        return true
    }

    // MARK: - Private

    /// Newlines and tabs as spaces, other controls (C0, DEL, C1) dropped.
    private static func clean(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                result.append(" ")
            } else if !character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                result.append(character)
            }
        }
        return result
    }
}
