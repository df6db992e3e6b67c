import TermView

/// The keys of a question drawn as a ``Dialog``: ←→ (Tab, Shift-Tab) choose a button, Enter
/// answers, Esc cancels, other keys wait for the answer.
enum DialogIntent: Sendable {
    case choose, answer, cancel, wait

    /// A dialog's keys.
    /// - Parameters:
    ///   - answer: The footer label of Enter (`⏎ answer`, `⏎ confirm`).
    ///   - cancel: The footer label of Esc (`Esc cancel`, `Esc keep editing`).
    ///   - cancelDescription: What Esc does, for the help overlay.
    ///   - passing: Keys the dialog leaves to the host (quit, help); every other key waits.
    static func keys(answer: String = "⏎ answer", cancel: String = "Esc cancel", cancelDescription: String = "Cancel",
                     passing: Set<Key>) -> KeyMap<DialogIntent> {
        KeyMap([
            KeyBinding(keys: [.left, .right, .tab, .backTab], label: "←→ choose", description: "Move between the buttons",
                       group: "Question", footer: 80, action: .choose),
            KeyBinding(keys: [.enter], label: answer, description: "Press the selected button", group: "Question",
                       footer: 90, action: .answer),
            KeyBinding(keys: [.escape], label: cancel, description: cancelDescription, group: "Question",
                       footer: .always, action: .cancel),
            KeyBinding(patterns: [.anyKey(except: passing)], description: "Do nothing until the question is answered",
                       group: "Question", action: .wait),
        ])
    }
}
