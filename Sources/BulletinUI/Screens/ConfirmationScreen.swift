import BulletinFeatures
import TermView

/// A yes/no dialog (such as the delete confirmation) drawn over the screen beneath it.
/// Left/Right or Tab choose a button, Enter answers, Esc cancels.
struct ConfirmationScreen: Screen {
    let model: ConfirmationViewModel

    /// The question's keys; `q` and Ctrl-C still quit, `?` and F1 show the help.
    static let keys = DialogIntent.keys(cancelDescription: "Answer Cancel",
                                        passing: [.ctrl("c"), .character("q"), .character("?"), .function(1)])
    var keyHelp: [KeyHelp] { Self.keys.help }
    var capturesKeys: Bool { true }

    func render(in area: Rect, on surface: inout Surface) {
        QuestionDialog.render(model, keyNote: model.offersUndo ? "u undoes the last delete." : nil, in: area, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        switch Self.keys.action(for: key) {
        case nil: return false
        case .wait?: break
        case .choose?, .answer?, .cancel?: _ = QuestionDialog.handle(key, for: model)
        }
        return true
    }
}
