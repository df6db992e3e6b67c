import BulletinFeatures
import TermView
import ViewState

/// The status line of a list while finding: the `/` prompt (`/gra▏` and `2 of 10`) or the id
/// being typed (`:12▏`); and what the last `n`, `N` or jump said, for the footer.
@MainActor
struct FindStatusView {
    let find: FindBar

    /// The right side of the line while the `/` prompt is open: its bindings' footer labels.
    static let promptHelp = PromptLine.help(FindIntent.promptKeys.help)
    /// The right side of the line while an id is typed: the jump's footer labels.
    static let jumpHelp = PromptLine.help(FindIntent.jumpKeys.help)
    /// Said after a "hidden by the filter" message: how to clear the filter.
    static let clearFilterHint = " (/ then Esc clears it)"

    /// Draws the prompt or the jump in place of the status line.
    /// - Returns: `false` when there is neither, so the host draws the footer (with ``message``).
    func render(in area: Rect, on surface: inout Surface) -> Bool {
        if find.finder.isEditing {
            // A `~` pattern that cannot be read says why where the count is; the rows stay.
            let count = find.finder.patternError?.message ?? (find.finder.isWorking ? "filtering…" : find.countText)
            PromptLine(prefix: "/", state: find.prompt, notes: [count].compactMap { $0 },
                       help: Self.promptHelp).render(in: area, on: &surface)
            return true
        }
        if let digits = find.jumpDigits {
            // Where the `:` prompt is, as `:12` would be typed there.
            PromptLine(prefix: ":", state: TextEditState(text: digits), notes: [], help: Self.jumpHelp)
                .render(in: area, on: &surface)
            return true
        }
        return false
    }

    /// What the last `n`, `N` or jump said, with how to clear the filter when that hides the
    /// record; `nil` when there is nothing to say.
    var message: String? {
        find.message.map { $0 + (find.messageIsHiddenByFilter ? Self.clearFilterHint : "") }
    }
}
