/// Where frames go: the ncurses screen in the app, memory in tests.
///
/// Every call happens on the main thread (ncurses is not thread-safe).
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The screen size in character cells.
    var size: Size { get }
    /// Draws changed cells; nothing is visible until ``flush()``. Continuation cells
    /// (width 0) are skipped.
    func draw(_ changes: [CellChange])
    /// Moves the visible cursor to `point`, or hides it when `point` is `nil`.
    func setCursor(_ point: Point?)
    /// Makes everything drawn since the last flush visible.
    func flush()
    /// The next pending key without blocking, or `nil` when none is waiting.
    func nextKey() -> Key?
    /// Puts `text`, sanitized, on the terminal's clipboard with ``OSC52`` (the terminal may ignore it).
    func copyToClipboard(_ text: String)
}

/// Why the terminal could not be started, as one line for the user.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    /// A one-line reason, e.g. "unknown terminal type \"no-such-term\"".
    public var description: String

    /// Creates an error with a one-line reason.
    public init(_ description: String) {
        self.description = description
    }
}
