import BulletinFeatures
import TermView

/// The raw view (`v`): one record as the source holds it, pretty-printed JSON, scrollable.
/// Control characters in the data are drawn harmlessly by the surface (as all text is).
struct RawRecordScreen: Screen {
    enum Intent: Sendable { case up, down, pageUp, pageDown, top, bottom, reload }

    let model: RawRecordViewModel

    /// Scrolling and reloading; scrolling is unavailable until the record is shown.
    var keyMap: KeyMap<Intent> {
        let shown = model.lines.isEmpty ? (model.unavailableReason ?? "the record has not loaded") : nil
        return KeyMap(ScrollKeys.bindings(
            up: Intent.up, down: .down, pageUp: .pageUp, pageDown: .pageDown, top: .top, bottom: .bottom
        ).map { $0.disabled(shown) } + [
            KeyBinding(keys: [.character("r")], label: "r reload", description: "Ask the source for the \(model.recordName) again",
                       group: "Data", footer: 50, action: .reload),
        ])
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String { model.summary }
    var isLoading: Bool { model.state.isLoading }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: model.recordName, in: area, on: &surface) { return }
        if let reason = model.unavailableReason {
            surface.write(reason, at: Point(x: area.x + 1, y: area.y), style: .muted, maxWidth: max(0, area.width - 1))
            return
        }
        let textArea = Rect(x: area.x + 1, y: area.y, width: max(0, area.width - 1), height: area.height)
        var state = TextViewState(offset: model.scrollOffset)
        TextView(paragraphs: model.lines.map { StyledLine($0) }).render(in: textArea, on: &surface, state: &state)
        if state.offset != model.scrollOffset { model.scrollOffset = state.offset }
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        let page = max(1, area.height - 1)
        switch keyMap.action(for: key) {
        case .up?: model.scroll(by: -1)
        case .down?: model.scroll(by: 1)
        case .pageUp?: model.scroll(by: -page)
        case .pageDown?: model.scroll(by: page)
        case .top?: model.scrollToTop()
        case .bottom?: model.scrollToEnd()
        case .reload?: model.reload()
        case nil: return false
        }
        return true
    }
}
