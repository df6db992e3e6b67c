import BulletinData
import ViewState

/// The Admin panel's one-line input while it is open: the source to switch to, or the path
/// to export to. Its editing state (text, cursor in characters, scroll) is ``input``, which
/// the view model edits in place (``AdminPanelViewModel/editField(_:)``).
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
    /// What has been typed, its cursor and how far it is scrolled sideways.
    public var input: TextEditState
    /// Why the last Enter was refused, shown beside the field; `nil` when none.
    public var error: String?

    /// An open field holding `text`, the cursor at its end.
    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        input = TextEditState(text: text)
    }

    /// What has been typed.
    public var text: String { input.text }

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
