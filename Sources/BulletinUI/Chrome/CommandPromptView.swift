import BulletinFeatures
import TermView

/// The bottom line while the `:` prompt is open (`:users▏`), or the last command's message;
/// and the prompt's keys: the editing keys of a one-line field (characters, ← →, Home, End,
/// Backspace and Delete at the cursor, Ctrl-U, Ctrl-W), Tab (complete), Enter (run), Esc (cancel).
@MainActor
struct CommandPromptView {
    let model: CommandLineViewModel

    /// The right side of the line while typing.
    static let help = "Tab complete  ⏎ run  Esc cancel "

    /// Draws the prompt or the message in place of the status line.
    /// - Returns: `false` when there is neither, so the host draws the normal status line.
    func render(in area: Rect, on surface: inout Surface) -> Bool {
        if model.isActive {
            PromptLine(prefix: ":", state: model.prompt, notes: [], help: Self.help)
                .render(in: area, on: &surface)
            return true
        }
        guard let message = model.message else { return false }
        StatusBar(left: " " + message).render(in: area, on: &surface)
        return true
    }

    /// Handles `key` while the prompt is open, or opens it on `:`. Ctrl-C is never the
    /// prompt's, so it quits from the prompt too.
    /// - Returns: `true` when the key was the prompt's.
    static func handle(_ key: Key, model: CommandLineViewModel) -> Bool {
        guard model.isActive else {
            guard key == .character(":") else { return false }
            model.begin()
            return true
        }
        switch key {
        case .ctrl("c"): return false
        case .escape: model.cancel()
        case .enter: model.submit()
        case .tab: model.complete()
        default: model.edit { _ = $0.handle(key) }
        }
        return true
    }
}
