/// Which key presses a binding answers: one key, or a class of keys (typed text, digits,
/// mouse events) that a screen handles alike.
public enum KeyPattern: Hashable, Sendable {
    /// Exactly this key.
    case key(Key)
    /// Any printable character except those in `except` (text typed into a field, or
    /// Search's "any other letter goes back to the query").
    case text(except: Set<Character> = [])
    /// The digits 0 to 9 (ASCII).
    case digits
    /// Any mouse press or wheel turn.
    case mouse
    /// Every key except those in `except` (a dialog's "other keys do nothing until you answer").
    case anyKey(except: Set<Key> = [])

    /// Whether `key` is one of this pattern's keys.
    public func matches(_ key: Key) -> Bool {
        switch (self, key) {
        case let (.key(own), key): own == key
        case let (.text(except), .character(character)): !except.contains(character)
        case let (.digits, .character(character)): character.isASCII && character.isNumber
        case (.mouse, .mouse): true
        case let (.anyKey(except), key): !except.contains(key)
        default: false
        }
    }

    /// The pattern as a person reads it in the help overlay: `↑`, `Ctrl-S`, `0–9`.
    public var name: String {
        switch self {
        case let .key(key): key.name
        case let .text(except): except.isEmpty ? "characters" : "other characters"
        case .digits: "0–9"
        case .mouse: "mouse"
        case let .anyKey(except): except.isEmpty ? "any key" : "other keys"
        }
    }
}

extension Key {
    /// The key's name as the help overlay and footers spell it: `↑`, `Enter`, `Esc`,
    /// `Ctrl-S`, `F1`, `Space`, or the character itself.
    public var name: String {
        switch self {
        case let .character(character): character == " " ? "Space" : String(character)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .shiftLeft: "Shift-←"
        case .shiftRight: "Shift-→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case let .ctrl(character): "Ctrl-" + String(character).uppercased()
        case .resize: "resize"
        case let .function(number): "F\(number)"
        case .mouse: "mouse"
        case let .unknown(code): "key \(code)"
        }
    }
}
