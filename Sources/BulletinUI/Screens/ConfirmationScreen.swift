import BulletinFeatures
import TermView

/// A yes/no dialog (such as the delete confirmation) drawn over the screen beneath it.
/// Left/Right or Tab choose a button, Enter answers, Esc cancels.
struct ConfirmationScreen: Screen {
    let model: ConfirmationViewModel

    var hints: [String] { ["←→ choose", "⏎ answer", "Esc cancel"] }
    var capturesKeys: Bool { true }

    func render(in area: Rect, on surface: inout Surface) {
        Dialog(title: model.title, message: model.message, buttons: model.buttons)
            .render(in: area, on: &surface, state: DialogState(selected: model.selection))
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        switch key {
        case .ctrl("c"), .character("q"): return false
        case .escape: model.cancel()
        default:
            var state = DialogState(selected: model.selection)
            let chosen = state.handle(key, buttonCount: model.buttons.count)
            model.selection = state.selected
            if let chosen { model.choose(chosen) }
        }
        return true
    }
}
