import BulletinFeatures
import TermView

/// A post's title, byline and wrapped body, then its comments; the whole text scrolls.
struct PostDetailScreen: Screen {
    enum Intent: Sendable { case up, down, pageUp, pageDown, top, bottom, reload }

    static let keys = KeyMap<Intent>([
        KeyBinding(keys: [.up, .character("k")], help: "↑↓ scroll", action: .up),
        KeyBinding(keys: [.down, .character("j")], help: "", action: .down),
        KeyBinding(keys: [.pageUp], help: "PgUp/PgDn page", action: .pageUp),
        KeyBinding(keys: [.pageDown, .character(" ")], help: "", action: .pageDown),
        KeyBinding(keys: [.home], help: "Home/End", action: .top),
        KeyBinding(keys: [.end], help: "", action: .bottom),
        KeyBinding(keys: [.character("r")], help: "r reload", action: .reload),
    ])

    let model: PostDetailViewModel

    var hints: [String] { Self.keys.hints.filter { !$0.isEmpty } + ["Tab/e/a/d edit"] }
    var summary: String {
        guard model.state.value != nil else { return "" }
        return [model.reloadFailureText, model.commentsHeading].compactMap { $0 }.joined(separator: " · ")
    }
    var loadFailed: Bool { model.state.error != nil }
    var isLoading: Bool { model.state.isLoading || model.isReloading }

    /// The text, as styled paragraphs for the text view.
    var paragraphs: [StyledLine] { layout.lines }

    /// The paragraphs, and the index of each comment's name among them. The selected
    /// comment's name is marked `▸` in the selected style.
    var layout: (lines: [StyledLine], commentStarts: [Int]) {
        var lines = [StyledLine(model.headline, style: .title), StyledLine(model.byline, style: .muted), StyledLine("")]
        lines += model.body.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }
        lines += [StyledLine(""), StyledLine(model.commentsHeading, style: .header)]
        var starts: [Int] = []
        for (index, comment) in model.comments.enumerated() {
            let selected = index == model.commentSelection
            lines.append(StyledLine(""))
            starts.append(lines.count)
            lines += [
                StyledLine(selected ? "▸ " + comment.name : comment.name, style: selected ? .selected : .label),
                StyledLine(comment.email, style: .muted),
            ]
            lines += comment.body.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }
        }
        return (lines, starts)
    }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: "post \(model.postID)", in: area, on: &surface) { return }
        let textArea = Rect(x: area.x + 1, y: area.y, width: max(0, area.width - 1), height: area.height)
        var state = TextViewState(offset: model.scrollOffset)
        TextView(paragraphs: paragraphs).render(in: textArea, on: &surface, state: &state)
        if state.offset != model.scrollOffset { model.scrollOffset = state.offset }
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        if model.state.value != nil, model.handleEditKey(key) {
            if key == .tab || key == .backTab { scrollToSelectedComment(in: area) }
            return true
        }
        let page = max(1, area.height - 1)
        switch Self.keys.action(for: key) {
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

    /// Scrolls so the selected comment's name is in view (with one line above it), or to the
    /// top when the post itself is selected again.
    private func scrollToSelectedComment(in area: Rect) {
        guard let selection = model.commentSelection else { return model.scrollToTop() }
        let (lines, starts) = layout
        guard starts.indices.contains(selection) else { return }
        let width = max(0, area.width - 1)
        let line = TextView(paragraphs: Array(lines[..<starts[selection]])).lineCount(width: width)
        if line < model.scrollOffset || line >= model.scrollOffset + area.height - 1 {
            model.scrollOffset = max(0, line - 1)
        }
    }
}
