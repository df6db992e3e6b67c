import BulletinFeatures
import TermView

/// The raw view (`v`): one record as the source holds it, pretty-printed JSON, scrollable, with
/// `/` to find in it and `y` to copy it. A line too long for the width goes on under its own
/// indent (two columns further in), not back at the left edge. Control characters in the data
/// are drawn harmlessly by the surface (as all text is).
struct RawRecordScreen: Screen {
    enum Intent: Sendable { case scroll(ScrollIntent), find(TextFindIntent), reload, copy }

    let model: RawRecordViewModel

    /// Scrolling, finding, copying and reloading; all but reloading are unavailable until the
    /// record is shown. While the find prompt is open, only its keys.
    var keyMap: KeyMap<Intent> {
        let shown = model.lines.isEmpty ? (model.unavailableReason ?? "the record has not loaded") : nil
        return TextFinding.keys(KeyMap(ScrollKeys.bindings(Intent.scroll).map { $0.disabled(shown) } + [
            KeyBinding(keys: [.character("r")], label: "r reload", description: "Ask the source for the \(model.recordName) again",
                       group: "Data", footer: 50, action: .reload),
            KeyBinding(keys: [.character("y"), .character("Y")], label: "y copy", description: "Copy the record as shown (its JSON) to the clipboard",
                       group: "Record", footer: 45, action: .copy).disabled(shown),
        ]), find: model.textFind, unavailable: shown, map: Intent.find)
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String { [model.textFind.summary, model.summary].compactMap { $0 }.joined(separator: " · ") }
    var isLoading: Bool { model.state.isLoading }
    var capturesKeys: Bool { model.textFind.isEditing }

    /// The record's lines as the text view draws them: each goes on under its own indent plus two.
    var paragraphs: [StyledLine] {
        model.lines.map { line in StyledLine(line, indent: line.prefix { $0 == " " }.count + 2) }
    }

    /// The find over the text drawn (``TextFinding``).
    var finding: TextFinding { TextFinding(find: model.textFind, paragraphs: paragraphs) }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        finding.renderStatus(in: area, on: &surface)
    }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: model.recordName, in: area, on: &surface) { return }
        if let reason = model.unavailableReason {
            surface.write(reason, at: Point(x: area.x + 1, y: area.y), style: .muted, maxWidth: max(0, area.width - 1))
            return
        }
        let textArea = TextFinding.textArea(in: area)
        let paragraphs = paragraphs
        var state = TextViewState(offset: model.scrollOffset)
        TextView(paragraphs: paragraphs).render(in: textArea, on: &surface, state: &state)
        if state.offset != model.scrollOffset { model.scrollOffset = state.offset }
        TextFinding(find: model.textFind, paragraphs: paragraphs).highlight(in: textArea, offset: state.offset, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        let shown = !model.lines.isEmpty
        switch keyMap.action(for: key) {
        case let .scroll(intent)?: intent.move(height: area.height).apply(to: &model.scrollOffset)
        case let .find(intent)?:
            if shown { finding.perform(intent, key: key, textArea: TextFinding.textArea(in: area), offset: &model.scrollOffset) }
        case .reload?: model.reload()
        case .copy?: model.copy()
        case nil: return false
        }
        return true
    }
}
