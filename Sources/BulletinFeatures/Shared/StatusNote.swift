import Observation

/// A one-line message for the status line, such as `Saved post 101 · saved to ./db.json`;
/// the screen host shows it in place of the screen's summary and clears it at the next key.
@MainActor
@Observable
public final class StatusNote {
    /// The message, or `nil` when there is nothing to say.
    public private(set) var text: String?
    /// Whether what the message reports can be undone now (a delete), so the screen names the
    /// key that undoes it after the message (view models name no keys).
    public private(set) var offersUndo = false

    public init() {}

    /// Shows `text` until the next key; `offersUndo` when the change it reports can be undone.
    public func show(_ text: String, offersUndo: Bool = false) {
        self.text = text
        self.offersUndo = offersUndo
    }

    /// Clears the message (the next key press).
    public func clear() {
        if text != nil { text = nil }
        if offersUndo { offersUndo = false }
    }
}
