import Foundation
import ViewState

/// Which field of a record form: one case per editable field of a user, a post or a comment.
public enum FormFieldID: String, Sendable, Hashable, CaseIterable {
    case name, username, email, phone, website, companyName
    case authorID, title, body
    case postID
}

/// A check on one field's text. Local rules run on every edit; ``existingUser`` and
/// ``existingPost`` ask the data source (when the person leaves the field, and before saving).
public enum FieldRule: Sendable, Equatable {
    /// Not empty once leading and trailing spaces and line breaks are removed.
    case required
    /// At most this many characters.
    case maxLength(Int)
    /// An e-mail address's shape: `local@domain.tld`, no spaces (not a full RFC 5322 parse).
    case email
    /// Digits with the usual separators: `+ - . ( ) x` and spaces.
    case phone
    /// No spaces (a host name or URL).
    case noSpaces
    /// A record id: letters, digits, `-` or `_` (json-server's ids are numbers or short strings).
    case recordID
    /// The id names a user the data source holds.
    case existingUser
    /// The id names a post the data source holds.
    case existingPost

    /// Why `text` breaks this rule, or `nil` when it passes (always `nil` for the data-source
    /// rules, which ``RecordFormViewModel`` checks asynchronously). Empty optional fields pass
    /// every rule but ``required``.
    public func problem(with text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch self {
        case .required: return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "required" : nil
        case let .maxLength(limit): return text.count > limit ? "at most \(limit) characters (\(text.count))" : nil
        case .email: return trimmed.isEmpty || Self.isEmail(trimmed) ? nil : "not an e-mail address (name@example.com)"
        case .phone:
            let allowed = Set("0123456789+-.()x ")
            return trimmed.allSatisfy(allowed.contains) ? nil : "digits, spaces and + - . ( ) x only"
        case .noSpaces: return trimmed.contains(" ") ? "no spaces" : nil
        case .recordID:
            return trimmed.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ? nil : "not an id"
        case .existingUser, .existingPost: return nil
        }
    }

    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(" ") else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".") && !domain.contains("..")
    }
}

/// What a field's text is edited as: one line that scrolls sideways (a title, a name, an id)
/// or lines that wrap and scroll down (a body).
public enum FieldInput: Equatable, Sendable {
    /// One line: a typed line break is refused (``RecordFormViewModel/lineBreak()``).
    case line(TextEditState)
    /// Lines: Enter starts a new one; the saved text holds real `\n`.
    case lines(TextAreaState)

    /// The text as typed (lines joined by `\n`).
    public var text: String {
        switch self {
        case let .line(state): state.text
        case let .lines(state): state.text
        }
    }
}

/// One labelled field of a form: its editing state (text, cursor, scroll) and the checks it must pass.
///
/// The view model owns the field and edits ``input`` in place (``RecordFormViewModel/edit(_:)``,
/// ``RecordFormViewModel/editLines(_:)``), so nothing typed is lost while dialogs come and go;
/// the screen draws ``input`` as it is.
public struct FormField: Equatable, Sendable {
    /// Which field.
    public let id: FormFieldID
    /// The label drawn before the field, such as `Title`.
    public let label: String
    /// The text as typed, its cursor and how far it is scrolled: one line, or lines for a body.
    public internal(set) var input: FieldInput
    /// The text the form opened with, for dirty tracking.
    public let original: String
    /// The checks, in the order their problems are reported.
    public let rules: [FieldRule]

    /// Creates a field holding `text`, the cursor at its end; `multiline` fields (bodies) hold
    /// lines split at `\n`, the others one line.
    public init(_ id: FormFieldID, label: String, text: String = "", multiline: Bool = false, rules: [FieldRule]) {
        self.id = id
        self.label = label
        self.input = multiline ? .lines(TextAreaState(text: text)) : .line(TextEditState(text: text))
        self.original = multiline ? TextAreaState(text: text).text : text
        self.rules = rules
    }

    /// The text as typed.
    public var text: String { input.text }

    /// Whether the field holds lines (a body).
    public var isMultiline: Bool {
        if case .lines = input { return true }
        return false
    }

    /// The one-line state, or `nil` for a multi-line field.
    public var line: TextEditState? {
        if case let .line(state) = input { return state }
        return nil
    }

    /// The multi-line state, or `nil` for a one-line field.
    public var area: TextAreaState? {
        if case let .lines(state) = input { return state }
        return nil
    }

    /// Whether the text differs from what the form opened with.
    public var isChanged: Bool { text != original }

    /// The first local rule the text breaks, as a short phrase (`required`), or `nil`.
    public var localProblem: String? { rules.lazy.compactMap { $0.problem(with: self.text) }.first }

    /// The data-source rule on this field, if any.
    var referenceRule: FieldRule? { rules.first { $0 == .existingUser || $0 == .existingPost } }

    /// The text without leading and trailing spaces.
    var trimmed: String { text.trimmingCharacters(in: .whitespaces) }
}
