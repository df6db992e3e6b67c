import BulletinFeatures
import TermView

/// Shown when a link cannot be opened: what was asked for, why (a missing record, a rate limit,
/// a server that did not answer), the way Home, and `r` where trying again may help.
struct LinkErrorScreen: Screen {
    let model: LinkErrorViewModel

    enum Intent: Sendable { case home, retry }

    /// Enter goes Home; `r` opens the link again (unavailable, with its reason, for a missing record).
    var keys: KeyMap<Intent> {
        KeyMap([
            KeyBinding(keys: [.character("r")], label: "r retry", description: "Open the link again", group: "Link",
                       footer: 95, disabledReason: model.retryUnavailable, action: .retry),
            KeyBinding(keys: [.enter], label: "⏎ Home", description: "Go back Home", group: "Link", footer: 90,
                       action: .home),
        ])
    }
    var keyHelp: [KeyHelp] { keys.help }

    func render(in area: Rect, on surface: inout Surface) {
        let press = model.retryUnavailable == nil ? "Press r to try again, Enter or Esc to go Home."
            : "Press Enter or Esc to go Home."
        let lines = [
            StyledLine(model.heading, style: .error), StyledLine(""), StyledLine(model.reason), StyledLine(""),
            StyledLine(press, style: .muted),
        ]
        var state = TextViewState()
        TextView(paragraphs: lines).render(in: area.inset(by: 1), on: &surface, state: &state)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        guard let binding = keys.bindings.first(where: { $0.help.matches(key) }) else { return false }
        switch binding.action {
        case .home: model.goHome()
        case .retry: if binding.help.isEnabled { model.retry() }
        }
        return true
    }
}
