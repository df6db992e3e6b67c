import Observation
import ViewState

/// A yes/no question shown as a dialog over the screen beneath, such as
/// "Delete post 3 “Title”?" with Delete and Cancel. Cancel is selected first, so a stray
/// Enter never deletes.
@MainActor
@Observable
public final class ConfirmationViewModel: ScreenViewModel, AsksQuestion {
    /// The two answers.
    public enum Answer: Hashable, Sendable {
        /// The button that agrees, such as Delete or Overwrite.
        case confirm
        /// Cancel, or Esc.
        case cancel
    }

    /// The question, until it is answered.
    public private(set) var question: Question<Answer>
    @ObservationIgnored private var respond: (@MainActor (Answer) -> Void)?

    /// - Parameters:
    ///   - title: The dialog's title, such as `Delete post 3?`.
    ///   - message: The question in full.
    ///   - confirmLabel: The button that agrees, such as `Delete`; the other is `Cancel`.
    ///   - answer: Told once: ``Answer/confirm``, or ``Answer/cancel`` for Cancel or Esc.
    ///   - offersUndo: Whether what is confirmed can be undone afterwards (a delete), so the
    ///     screen says which key undoes it.
    public init(
        title: String, message: String, confirmLabel: String, offersUndo: Bool = false,
        answer: @escaping @MainActor (Answer) -> Void
    ) {
        question = Question(
            title: title, message: message, choices: [.init(.confirm, confirmLabel), .init(.cancel, "Cancel")],
            default: .cancel, cancel: .cancel)
        self.offersUndo = offersUndo
        respond = answer
    }

    /// Whether what is confirmed can be undone afterwards.
    public let offersUndo: Bool

    /// The dialog's title, also the breadcrumb's.
    public var title: String { question.title }

    /// The question while it waits for its answer; `nil` once answered.
    public var openQuestion: Question<Answer>? { respond == nil ? nil : question }

    /// Moves the selection to `answer`.
    public func select(_ answer: Answer) { question.select(answer) }

    /// Tells the asker `answer`, once; later answers do nothing.
    public func answer(_ answer: Answer) {
        guard let respond else { return }
        self.respond = nil
        respond(answer)
    }
}
