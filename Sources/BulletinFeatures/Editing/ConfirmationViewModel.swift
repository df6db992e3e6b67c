import Observation

/// A yes/no question shown as a dialog over the screen beneath, such as
/// "Delete post 3 “Title”?" with Delete and Cancel. Cancel is selected first, so a stray
/// Enter never deletes.
@MainActor
@Observable
public final class ConfirmationViewModel {
    /// The dialog's title, such as `Delete post 3?`.
    public let title: String
    /// The question in full.
    public let message: String
    /// The button that agrees, such as `Delete`; the other is `Cancel`.
    public let confirmLabel: String
    /// The selected button: 0 is ``confirmLabel``, 1 is Cancel.
    public var selection = 1
    @ObservationIgnored private var answer: (@MainActor (Bool) -> Void)?

    /// - Parameter answer: Told once: `true` for the confirm button, `false` for Cancel or Esc.
    public init(title: String, message: String, confirmLabel: String, answer: @escaping @MainActor (Bool) -> Void) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.answer = answer
    }

    /// The buttons, left to right.
    public var buttons: [String] { [confirmLabel, "Cancel"] }

    /// Enter on button `index`.
    public func choose(_ index: Int) { respond(index == 0) }

    /// Esc: the same as Cancel.
    public func cancel() { respond(false) }

    private func respond(_ agreed: Bool) {
        guard let answer else { return }
        self.answer = nil
        answer(agreed)
    }
}
