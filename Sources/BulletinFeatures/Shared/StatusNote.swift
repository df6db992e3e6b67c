import Observation

/// A one-line message for the status line, such as `Saved post 101 · saved to ./db.json`;
/// the screen host shows it in place of the screen's summary and clears it at the next key.
@MainActor
@Observable
public final class StatusNote {
    /// The message, or `nil` when there is nothing to say.
    public private(set) var text: String?

    public init() {}

    /// Shows `text` until the next key.
    public func show(_ text: String) { self.text = text }

    /// Clears the message (the next key press).
    public func clear() {
        if text != nil { text = nil }
    }
}
