import BulletinFeatures
import TermView

/// The bottom line while the `:` prompt is open (`:users▏`), or the last command's message;
/// and the prompt's keys: the editing keys of a one-line field (characters, ← →, Home, End,
/// Backspace and Delete at the cursor, Ctrl-U, Ctrl-W), ↑ ↓ (history), Tab (complete, with what it
/// offers listed on the row above), Enter (run), Esc (cancel).
@MainActor
struct CommandPromptView {
    let model: CommandLineViewModel

    enum Intent: Sendable { case complete, submit, cancel, edit, older, newer, wait }

    /// The prompt's keys while it is open; it takes every key but Ctrl-C.
    static let keys = KeyMap<Intent>([
        KeyBinding(keys: [.tab], label: "Tab complete",
                   description: "Complete the command or the path after open; on an empty prompt, list every command",
                   group: "Command", footer: 80, action: .complete),
        KeyBinding(keys: [.up], label: "↑↓ history",
                   description: "The command run before (those starting with what is typed), kept across runs",
                   group: "Command", footer: 60, action: .older),
        KeyBinding(keys: [.down], description: "The next newer command, then what was typed", group: "Command",
                   action: .newer),
        KeyBinding(keys: [.enter], label: "⏎ run", description: "Run the command", group: "Command", footer: .always,
                   action: .submit),
        KeyBinding(keys: [.escape], label: "Esc cancel", description: "Close the prompt", group: "Command",
                   footer: .always, action: .cancel),
        KeyBinding(keys: [.left, .right], description: "Move the cursor", group: "Command", action: .edit),
        KeyBinding(keys: [.home, .end, .ctrl("a"), .ctrl("e")], description: "Go to the start or the end",
                   group: "Command", action: .edit),
        KeyBinding(keys: [.backspace, .delete], description: "Delete the character before or at the cursor",
                   group: "Command", action: .edit),
        KeyBinding(keys: [.ctrl("u"), .ctrl("w")], description: "Delete to the start, or the word before the cursor",
                   group: "Command", action: .edit),
        KeyBinding(patterns: [.text()], description: "Type the command", group: "Command", action: .edit),
        KeyBinding(patterns: [.anyKey(except: [.ctrl("c")])], description: "Do nothing while the prompt is open",
                   group: "Command", action: .wait),
    ])

    /// The right side of the line while typing: the prompt's footer labels.
    static let help = PromptLine.help(keys.help)

    /// Rows the prompt takes: 1, and 1 more while Tab's offers are listed above it.
    var height: Int { model.isActive && !model.completions.isEmpty ? 2 : 1 }

    /// Draws the prompt in place of the status line while it is open, on the last row of
    /// `area`; when ``height`` is 2 and `area` has the room, what Tab offers on the row above
    /// (`users/  posts/  admin …`), cut with `…` where it does not fit.
    /// - Returns: `false` when it is closed, so the host draws the footer (with the last
    ///   command's message, ``CommandLineViewModel/message``, on its right).
    func render(in area: Rect, on surface: inout Surface) -> Bool {
        guard model.isActive, !area.isEmpty else { return false }
        let promptRow = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        PromptLine(prefix: ":", state: model.prompt, notes: [], help: Self.help)
            .render(in: promptRow, on: &surface)
        if height == 2, area.height >= 2 {
            let offers = " " + model.completions.joined(separator: "  ")
            StatusBar(left: TextLayout.truncate(offers, to: area.width))
                .render(in: Rect(x: area.x, y: area.maxY - 2, width: area.width, height: 1), on: &surface)
        }
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
        switch keys.action(for: key) {
        case nil: return false
        case .cancel?: model.cancel()
        case .submit?: model.submit()
        case .complete?: model.complete()
        case .older?: model.recallOlder()
        case .newer?: model.recallNewer()
        case .edit?: model.edit { _ = $0.handle(key) }
        case .wait?: break
        }
        return true
    }
}
