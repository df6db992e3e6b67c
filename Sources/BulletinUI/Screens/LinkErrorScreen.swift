import BulletinFeatures
import TermView

/// Shown when a link names a record that does not exist: what was asked for, why it
/// failed, and the way Home.
struct LinkErrorScreen: Screen {
    let model: LinkErrorViewModel

    static let keys = KeyMap<Void>([
        KeyBinding(keys: [.enter], label: "⏎ Home", description: "Go back Home", group: "Link", footer: 90, action: ()),
    ])
    var keyHelp: [KeyHelp] { Self.keys.help }

    func render(in area: Rect, on surface: inout Surface) {
        let lines = [
            StyledLine(model.heading, style: .error), StyledLine(""), StyledLine(model.reason), StyledLine(""),
            StyledLine("Press Enter or Esc to go Home.", style: .muted),
        ]
        var state = TextViewState()
        TextView(paragraphs: lines).render(in: area.inset(by: 1), on: &surface, state: &state)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        guard Self.keys.action(for: key) != nil else { return false }
        model.goHome()
        return true
    }
}
