import BulletinFeatures
import TermView

/// Shown when a link names a record that does not exist: what was asked for, why it
/// failed, and the way Home.
struct LinkErrorScreen: Screen {
    let model: LinkErrorViewModel

    var hints: [String] { ["⏎ Home"] }

    func render(in area: Rect, on surface: inout Surface) {
        let lines = [
            StyledLine(model.heading, style: .error), StyledLine(""), StyledLine(model.reason), StyledLine(""),
            StyledLine("Press Enter or Esc to go Home.", style: .muted),
        ]
        var state = TextViewState()
        TextView(paragraphs: lines).render(in: area.inset(by: 1), on: &surface, state: &state)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        guard key == .enter else { return false }
        model.goHome()
        return true
    }
}
