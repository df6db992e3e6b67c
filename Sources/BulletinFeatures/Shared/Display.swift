import BulletinData

/// Presentation helpers shared by the view models.
enum Display {
    /// Shown for an optional field that is missing, null or blank.
    static let missing = "—"
    /// Shown for a value still being read (a post's author while a large file is indexed).
    static let pending = "…"

    /// `value`, or ``missing`` when it is nil or only white space.
    static func text(_ value: String?) -> String {
        guard let value, !value.allSatisfy(\.isWhitespace) else { return missing }
        return value
    }

    /// Joins the non-blank parts with `separator`; ``missing`` when none remain.
    static func joined(_ parts: [String?], separator: String = ", ") -> String {
        let present = parts.compactMap { $0 }.filter { !$0.allSatisfy(\.isWhitespace) }
        return present.isEmpty ? missing : present.joined(separator: separator)
    }

    /// The status line's words for a reload (`r`) that failed while the rows from before stay
    /// shown: `Not reloaded: Rate limited by https://… until 14:05` (short, so that the cause
    /// fits; the rows on screen show that nothing was dropped).
    static func reloadFailed(_ error: DataError) -> String {
        // The record shown is no longer there: deleted since (by someone else, or elsewhere).
        if case let .notFound(what, _) = error {
            return what.prefix(1).uppercased() + what.dropFirst() + " was deleted since it was shown; this is what was loaded before"
        }
        return "Not reloaded: \(error.description)"
    }

    /// `1 user`, `2 posts`.
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }
}

/// One labelled line of a detail screen, such as `Email: Sincere@april.biz`, declared by the
/// record's kind (``RecordFields``).
public struct DetailField: Hashable, Sendable {
    /// The label, without its `:`.
    public var label: String
    /// The value as shown (`—` when missing).
    public var value: String
    /// What the value is: a ``ListColumn/ValueType/url`` is shown whole (continued on the
    /// next lines where it is longer than its line), other values are cut with `…`.
    public var type: ListColumn.ValueType

    /// A field labelled `label` showing `value`, of `type` (text unless said).
    public init(_ label: String, _ value: String, type: ListColumn.ValueType = .text) {
        self.label = label
        self.value = value
        self.type = type
    }
}
