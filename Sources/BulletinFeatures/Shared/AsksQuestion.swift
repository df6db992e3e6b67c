import ViewState

/// A view model that puts questions to the person (a delete confirmation, a form's "discard
/// changes?", the Admin panel's "overwrite?"): the one way to ask in Bulletin.
///
/// It owns the ``Question`` while it is open; the screen draws it as a dialog, moves its
/// selection with ``select(_:)`` and hands the chosen answer, a typed value, to ``answer(_:)``.
@MainActor
public protocol AsksQuestion: AnyObject {
    /// What the questions' answers are.
    associatedtype Answer: Hashable & Sendable

    /// The question being asked, or `nil` when none is open.
    var openQuestion: Question<Answer>? { get }

    /// Moves the open question's selection to `answer` (the key did not answer yet).
    func select(_ answer: Answer)

    /// The person answered the open question; does nothing when none is open.
    func answer(_ answer: Answer)
}
