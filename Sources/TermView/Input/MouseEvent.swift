/// A mouse action the terminal reported (ncurses `getmouse(3X)`), in screen cells.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// The primary (left) button went down.
        case press
        /// The wheel turned up (away from the user): scroll towards the top.
        case wheelUp
        /// The wheel turned down: scroll towards the bottom.
        case wheelDown
    }

    /// What the mouse did.
    public var kind: Kind
    /// The cell under the pointer: column and row from the screen's top-left corner.
    public var point: Point

    /// Creates an event.
    public init(_ kind: Kind, at point: Point) {
        self.kind = kind
        self.point = point
    }

    /// Rows one wheel notch moves a list's selection.
    public static let wheelStep = 3
}
