/// A decoded key press.
///
/// The ncurses backend decodes `wget_wch` results into these cases; tests build them directly.
public enum Key: Hashable, Sendable {
    /// Printable text, including non-ASCII characters (read whole).
    case character(Character)
    /// Arrow keys.
    case up, down, left, right
    /// Shift-← and Shift-→ (`KEY_SLEFT`, `KEY_SRIGHT`).
    case shiftLeft, shiftRight
    /// Paging and line-end keys.
    case pageUp, pageDown, home, end
    /// Enter/Return (`\n`, `\r` or the keypad Enter).
    case enter
    /// A lone Esc press.
    case escape
    /// Backspace (`KEY_BACKSPACE`, DEL 127 or BS 8).
    case backspace
    /// Forward delete (`KEY_DC`).
    case delete
    /// Tab.
    case tab
    /// Shift-Tab (`KEY_BTAB`).
    case backTab
    /// Ctrl plus a letter, as a lowercase letter: Ctrl-C is `.ctrl("c")`.
    case ctrl(Character)
    /// The terminal changed size (`KEY_RESIZE`).
    case resize
    /// Function key F*n*.
    case function(Int)
    /// A mouse press or wheel turn (only when mouse reporting is on).
    case mouse(MouseEvent)
    /// Any other key code, as ncurses reported it.
    case unknown(Int32)
}
