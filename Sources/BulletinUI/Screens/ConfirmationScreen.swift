import BulletinFeatures
import TermView

/// A yes/no dialog (such as the delete confirmation) drawn over the screen beneath it.
/// Left/Right or Tab choose a button, Enter answers, Esc cancels.
struct ConfirmationScreen: Screen {
    let model: ConfirmationViewModel

    var hints: [String] { ["←→ choose", "⏎ answer", "Esc cancel"] }
    var capturesKeys: Bool { true }

    func render(in area: Rect, on surface: inout Surface) {
        QuestionDialog.render(model, in: area, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        if key == .ctrl("c") || key == .character("q") { return false }
        _ = QuestionDialog.handle(key, for: model)
        return true
    }
}
