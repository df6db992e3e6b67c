import BulletinFeatures
import TermView

/// The status line of a list while finding: the `/` prompt (`/gra▏` and `2 of 10`), the id
/// being typed (`go to 12▏`), or what the last `n`, `N` or jump said.
@MainActor
struct FindStatusView {
    let find: FindBar

    /// The right side of the line while the `/` prompt is open.
    static let promptHelp = "⏎ keep  Esc clear "
    /// The right side of the line while an id is typed.
    static let jumpHelp = "⏎ go  Esc cancel "

    /// Draws the prompt, the jump or the message in place of the status line.
    /// - Returns: `false` when there is none of them, so the host draws the normal status line.
    func render(in area: Rect, on surface: inout Surface) -> Bool {
        if find.finder.isEditing {
            let count = find.finder.isWorking ? "filtering…" : find.countText
            PromptLine(prefix: "/", state: find.prompt, notes: [count].compactMap { $0 },
                       help: Self.promptHelp).render(in: area, on: &surface)
            return true
        }
        if let jump = find.jumpPrompt {
            StatusBar(left: " " + jump + "▏", right: Self.jumpHelp).render(in: area, on: &surface)
            return true
        }
        guard let message = find.message else { return false }
        StatusBar(left: " " + message).render(in: area, on: &surface)
        return true
    }
}
