import BulletinFeatures
import TermView
import ViewState

/// The one way a screen asks: draws a view model's open ``Question`` as a ``Dialog`` and turns
/// keys into its typed answers (``Question/handle(_:)``), which go to the view model.
@MainActor
enum QuestionDialog {
    /// Draws `model`'s open question centred in `area`, hiding the cursor.
    /// - Parameter keyNote: A sentence the screen adds after the question's message, naming a
    ///   key (`Ctrl-C again quits.`): view models name no keys.
    /// - Returns: `false` when no question is open (nothing drawn).
    @discardableResult
    static func render(
        _ model: some AsksQuestion, keyNote: String? = nil, in area: Rect, on surface: inout Surface
    ) -> Bool {
        guard let question = model.openQuestion else { return false }
        surface.cursor = nil
        var dialog = Dialog(question)
        if let keyNote { dialog.message += " " + keyNote }
        dialog.render(in: area, on: &surface)
        return true
    }

    /// Applies `key` to `model`'s open question: the selection moves, or the answer is given.
    /// - Returns: `false` when no question is open (the key is not used).
    static func handle(_ key: Key, for model: some AsksQuestion) -> Bool {
        guard var question = model.openQuestion else { return false }
        let chosen = question.handle(key)
        model.select(question.selected)
        if let chosen { model.answer(chosen) }
        return true
    }
}
