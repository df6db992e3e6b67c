import BulletinData

/// The Admin panel's one-line input while it is open: the source to switch to, or the path
/// to export to. Plain text and cursor (in characters); the screen edits them with its text field.
public struct AdminField: Equatable, Sendable {
    /// What the text is for.
    public enum Purpose: Equatable, Sendable {
        /// `embedded`, an http(s) URL or a file path to switch to.
        case switchSource
        /// The path to write an export to.
        case export(ExportFormat)
    }

    /// What Enter does with the text.
    public var purpose: Purpose
    /// What has been typed.
    public var text: String
    /// Index of the character the next one goes before (0 … character count).
    public var cursor: Int
    /// First character shown when the text is wider than the field.
    public var scroll = 0
    /// Why the last Enter was refused, shown beside the field; `nil` when none.
    public var error: String?

    /// An open field holding `text`, the cursor at its end.
    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
        cursor = text.count
    }

    /// `Switch to:` or `Export db.json to:`.
    public var label: String {
        switch purpose {
        case .switchSource: "Switch to:"
        case let .export(format): "Export \(format.label) to:"
        }
    }

    /// Shown when the field is empty.
    public var placeholder: String {
        switch purpose {
        case .switchSource: "embedded, http://host:port or a db.json path"
        case let .export(format): "a file path, such as ./\(format.suggestedFileName)"
        }
    }

    /// What submitting the field does, as a verb for the status line (`switch`, `export`);
    /// the screen names the key.
    public var action: String {
        switch purpose {
        case .switchSource: "switch"
        case .export: "export"
        }
    }
}

/// An export waiting for the person to say whether an existing file may be replaced.
public struct OverwriteQuestion: Equatable, Sendable {
    /// The absolute path that already exists.
    public var path: String
    /// What would be written there.
    public var format: ExportFormat
    /// The selected button: 0 Overwrite, 1 Cancel (the default).
    public var selected = 1

    /// The dialog's buttons, in order.
    public static let buttons = ["Overwrite", "Cancel"]

    /// The dialog's message.
    public var message: String { "\(path) already exists. Replace it with the \(format.label) export?" }
}
