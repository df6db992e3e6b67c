import BulletinFeatures
import TermView

/// The Admin panel: the source, its counts, its requests and errors, scrolled as one text;
/// below it the open input ("Switch to", "Export to") with its error, or the last result;
/// above everything, the "overwrite?" dialog while one is asked.
struct AdminPanelScreen: Screen {
    enum Intent: Sendable { case up, down, pageUp, pageDown, top, bottom, reload, switchSource, exportDB, exportCSV }

    static let keys = KeyMap<Intent>([
        KeyBinding(keys: [.up, .character("k")], help: "↑↓ scroll", action: .up),
        KeyBinding(keys: [.down, .character("j")], help: "", action: .down),
        KeyBinding(keys: [.pageUp], help: "", action: .pageUp),
        KeyBinding(keys: [.pageDown, .character(" ")], help: "", action: .pageDown),
        KeyBinding(keys: [.home], help: "", action: .top),
        KeyBinding(keys: [.end], help: "", action: .bottom),
        KeyBinding(keys: [.character("r")], help: "r reload", action: .reload),
        KeyBinding(keys: [.character("s")], help: "s switch source", action: .switchSource),
        KeyBinding(keys: [.character("e")], help: "e export db.json", action: .exportDB),
        KeyBinding(keys: [.character("c")], help: "c export CSV", action: .exportCSV),
    ])

    let model: AdminPanelViewModel

    var hints: [String] {
        if model.overwrite != nil { return ["←→ choose", "⏎ confirm", "Esc cancel"] }
        if let field = model.field { return [field.action, "Esc cancel"] }
        return Self.keys.hints.filter { !$0.isEmpty && ($0 != "s switch source" || model.canSwitchSource) }
    }

    var summary: String { model.isExporting ? "exporting…" : "" }
    var isLoading: Bool { model.state.isLoading || model.isExporting }
    var capturesKeys: Bool { model.field != nil || model.overwrite != nil }

    // MARK: - Render

    func render(in area: Rect, on surface: inout Surface) {
        guard !area.isEmpty else { return }
        let messages = footerMessages(width: max(1, area.width - 2))
        let footerRows = (model.field != nil ? 1 : 0) + messages.count
        let (textArea, footer) = area.splitBottom(min(footerRows, area.height))
        let top = textArea.height > 3 ? 1 : 0
        let inner = Rect(x: textArea.x + 1, y: textArea.y + top, width: max(0, textArea.width - 1), height: textArea.height - top)
        var state = TextViewState(offset: model.scrollOffset)
        TextView(paragraphs: AdminPanelText(model: model).paragraphs).render(in: inner, on: &surface, state: &state)
        if state.offset != model.scrollOffset { model.scrollOffset = state.offset }
        renderFooter(in: footer, messages: messages, on: &surface)
        QuestionDialog.render(model, in: area, on: &surface)
    }

    /// The lines under the field (its error, or "Exporting…"), or the last result without a
    /// field; wrapped to `width`, at most three lines.
    private func footerMessages(width: Int) -> [StyledLine] {
        let message: StyledLine? =
            if let field = model.field {
                field.error.map { StyledLine("✗ " + $0, style: .error) } ?? (model.isExporting ? StyledLine("Exporting…", style: .muted) : nil)
            } else {
                model.notice.map { StyledLine($0, style: .highlight) }
            }
        guard let message else { return [] }
        return TextLayout.wrap(message.text, width: width).prefix(3).map { StyledLine($0, style: message.style) }
    }

    private func renderFooter(in area: Rect, messages: [StyledLine], on surface: inout Surface) {
        guard !area.isEmpty else { return }
        let x = area.x + 1
        let width = max(0, area.width - 2)
        var y = area.y
        if let field = model.field {
            let labelWidth = surface.write(field.label + " ", at: Point(x: x, y: y), style: .label, maxWidth: width)
            let fieldArea = Rect(x: x + labelWidth, y: y, width: Self.inputWidth(of: field, areaWidth: area.width), height: 1)
            TextField(placeholder: field.placeholder, isFocused: model.overwrite == nil)
                .render(in: fieldArea, on: &surface, state: field.input)
            y += 1
        }
        for line in messages where y < area.maxY {
            surface.write(line.text, at: Point(x: x, y: y), style: line.style, maxWidth: width)
            y += 1
        }
    }

    // MARK: - Keys

    func handle(_ key: Key, in area: Rect) -> Bool {
        if key == .ctrl("c") { return false }
        if QuestionDialog.handle(key, for: model) { return true }
        if let field = model.field { return handleField(key, width: Self.inputWidth(of: field, areaWidth: area.width)) }
        if case let .mouse(event) = key {
            switch event.kind {
            case .wheelUp: model.scrollOffset = max(0, model.scrollOffset - MouseEvent.wheelStep)
            case .wheelDown: model.scrollOffset += MouseEvent.wheelStep
            default: return false
            }
            return true
        }
        let page = max(1, area.height - 1)
        switch Self.keys.action(for: key) {
        case .up?: model.scrollOffset = max(0, model.scrollOffset - 1)
        case .down?: model.scrollOffset += 1
        case .pageUp?: model.scrollOffset = max(0, model.scrollOffset - page)
        case .pageDown?: model.scrollOffset += page
        case .top?: model.scrollOffset = 0
        case .bottom?: model.scrollOffset = Int.max / 2
        case .reload?: model.reload()
        case .switchSource?:
            guard model.canSwitchSource else { return false }
            model.beginSwitch()
        case .exportDB?: model.beginExport(.dbJSON)
        case .exportCSV?: model.beginExport(.postsCSV)
        case nil: return false
        }
        return true
    }

    /// Editing keys go to the field's state, fitted to the `width` columns its text field has.
    private func handleField(_ key: Key, width: Int) -> Bool {
        switch key {
        case .escape: model.cancelField()
        case .enter: model.submitField()
        default: model.editField { _ = $0.handle(key, width: width) }
        }
        return true
    }

    /// Columns of the field's text field in a panel `areaWidth` wide: what the footer row
    /// (one column of margin each side) leaves after the label, as ``renderFooter`` lays it out.
    static func inputWidth(of field: AdminField, areaWidth: Int) -> Int {
        let width = max(0, areaWidth - 2)
        return max(0, width - min(width, DisplayWidth.of(field.label + " ")))
    }
}
