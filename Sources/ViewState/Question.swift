/// A question put to the person as a dialog: a title, a message, and the answers as typed
/// values with their labels, one of them selected. Owned by the view model that asks; TermView's
/// `Dialog` draws it and turns keys into an answer, so no answer is ever picked by its index.
///
/// ```swift
/// Question(title: "Delete post 3?", message: "…",
///          choices: [.init(.delete, "Delete"), .init(.cancel, "Cancel")], default: .cancel, cancel: .cancel)
/// ```
public struct Question<Answer: Hashable & Sendable>: Sendable, Equatable {
    /// One answer and the label of its button.
    public struct Choice: Sendable, Equatable {
        /// The value handed back when this answer is chosen.
        public let answer: Answer
        /// The button's text, such as `Delete`.
        public let label: String

        /// An answer with its label.
        public init(_ answer: Answer, _ label: String) {
            self.answer = answer
            self.label = label
        }
    }

    /// How the question is put away without choosing a button.
    public enum Dismissal: Sendable, Equatable {
        /// Esc gives ``Question/cancelAnswer``; other keys only move the selection.
        case escape
        /// Every key but Enter gives ``Question/cancelAnswer``: a notice whose one answer is to go
        /// back (such as "Quit without saving?", which a second Ctrl-C answers elsewhere).
        case anyKey
    }

    /// Shown in the dialog's top border, such as `Delete post 3?`.
    public let title: String
    /// The question in full.
    public let message: String
    /// The answers, left to right; never empty.
    public let choices: [Choice]
    /// The answer Esc gives (or any key, with ``Dismissal/anyKey``); need not be a button.
    public let cancelAnswer: Answer
    /// How the question is put away without choosing.
    public let dismissal: Dismissal
    /// The answer Enter gives now: the default until the person moves the selection.
    public private(set) var selected: Answer

    /// - Parameters:
    ///   - choices: The answers, left to right; at least one.
    ///   - default: The answer selected first (the first choice when it is not among them), so
    ///     that a stray Enter does the harmless thing.
    ///   - cancel: The answer Esc gives.
    ///   - dismissal: How the question is put away without choosing; Esc by default.
    public init(
        title: String, message: String, choices: [Choice], default defaultAnswer: Answer, cancel: Answer,
        dismissal: Dismissal = .escape
    ) {
        precondition(!choices.isEmpty, "a question needs at least one answer")
        self.title = title
        self.message = message
        self.choices = choices
        self.cancelAnswer = cancel
        self.dismissal = dismissal
        selected = choices.contains { $0.answer == defaultAnswer } ? defaultAnswer : choices[0].answer
    }

    /// The buttons' labels, left to right.
    public var labels: [String] { choices.map(\.label) }

    /// Where the selected answer's button is, counted from the left (for drawing only).
    public var selectedPosition: Int { choices.firstIndex { $0.answer == selected } ?? 0 }

    /// Selects `answer`; does nothing when it is not one of the ``choices``.
    public mutating func select(_ answer: Answer) {
        if choices.contains(where: { $0.answer == answer }) { selected = answer }
    }

    /// Selects the answer right of the selected one: after the last, the first (`wrapping`) or
    /// the last again.
    public mutating func selectNext(wrapping: Bool = true) {
        let next = selectedPosition + 1
        selected = choices[next < choices.count ? next : wrapping ? 0 : choices.count - 1].answer
    }

    /// Selects the answer left of the selected one: before the first, the last (`wrapping`) or
    /// the first again.
    public mutating func selectPrevious(wrapping: Bool = true) {
        let previous = selectedPosition - 1
        selected = choices[previous >= 0 ? previous : wrapping ? choices.count - 1 : 0].answer
    }
}
