import BulletinFeatures
import TermView

/// The Admin panel: the source, its counts, its requests and errors, scrolled as one text;
/// below it the open input ("Switch to", "Export to") with its error, or the last result;
/// above everything, the "overwrite?" dialog while one is asked.
struct AdminPanelScreen: Screen {
    enum Intent: Sendable {
        case scroll(ScrollIntent), reload, switchSource, exportDB, exportCSV, mouse
        case editField, submitField, cancelField
        case dialog(DialogIntent)
    }

    let model: AdminPanelViewModel

    /// The overwrite question's keys while it is asked, the field's while one is open, else the panel's.
    var keyMap: KeyMap<Intent> {
        if model.overwrite != nil {
            return DialogIntent.keys(answer: "⏎ confirm", cancel: "Esc cancel", cancelDescription: "Keep the file; export nothing",
                                     passing: [.ctrl("c"), .character("?"), .function(1)]).map(Intent.dialog)
        }
        if let field = model.field {
            return KeyMap([
                KeyBinding(keys: [.enter], label: "⏎ \(field.action)", description: field.action.prefix(1).uppercased() + field.action.dropFirst() + " to what is typed",
                           group: "Field", footer: .always, action: .submitField),
                KeyBinding(keys: [.escape], label: "Esc cancel", description: "Close the field", group: "Field",
                           footer: .always, action: .cancelField),
                KeyBinding(patterns: [.text()] + TextFieldKeys.editing, description: "Edit the text", group: "Field",
                           action: .editField),
            ])
        }
        // The panel's own keys keep the footer: of the scroll keys only `↑↓ scroll` is there.
        let scroll = ScrollKeys.bindings(Intent.scroll).map { $0.help.label == "↑↓ scroll" ? $0 : $0.footer("", nil) }
        return KeyMap(scroll + [
            KeyBinding(patterns: [.mouse], description: "The wheel scrolls", group: "Scroll", action: .mouse),
            KeyBinding(keys: [.character("r")], label: "r reload", description: "Read the source's counts again",
                       group: "Source", footer: 50, action: .reload),
            KeyBinding(keys: [.character("s")], label: "s switch source",
                       description: "Switch to another source: embedded, mealdb [URL], a URL or a db.json path", group: "Source",
                       footer: 60, action: .switchSource).disabled(model.switchUnavailableReason),
            KeyBinding(keys: [.character("e")], label: "e export db.json", description: "Export everything as a db.json file",
                       group: "Export", footer: 40, action: .exportDB),
            KeyBinding(keys: [.character("c")], label: "c export CSV", description: "Export the posts as a CSV file",
                       group: "Export", footer: 30, action: .exportCSV),
        ])
    }
    var keyHelp: [KeyHelp] { keyMap.help }

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

    /// The lines under the field (its error, or "Exporting… 312.0 of 611.5 MB read (51%) · Esc cancels"), or the last result without a
    /// field; wrapped to `width`, at most three lines.
    private func footerMessages(width: Int) -> [StyledLine] {
        let message: StyledLine? =
            if let field = model.field {
                field.error.map { StyledLine("✗ " + $0, style: .error) } ?? (model.isExporting ? StyledLine(AdminStatusText.exportLine(model.exportProgress), style: .muted) : nil)
                    ?? model.switchingTo.map { StyledLine("Trying \($0)…", style: .muted) }
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
        switch keyMap.action(for: key) {
        case .dialog?: _ = QuestionDialog.handle(key, for: model)
        case .editField?:
            // Editing keys go to the field's state, fitted to the columns its text field has.
            guard let field = model.field else { break }
            model.editField { _ = $0.handle(key, width: Self.inputWidth(of: field, areaWidth: area.width)) }
        case .submitField?: model.submitField()
        case .cancelField?: model.cancelField()
        case .mouse?:
            guard case let .mouse(event) = key else { break }
            switch event.kind {
            case .wheelUp: model.scrollOffset = max(0, model.scrollOffset - MouseEvent.wheelStep)
            case .wheelDown: model.scrollOffset += MouseEvent.wheelStep
            case .press: break
            }
        case let .scroll(intent)?: intent.move(height: area.height).apply(to: &model.scrollOffset)
        case .reload?: model.reload()
        case .switchSource?: if model.canSwitchSource { model.beginSwitch() }
        case .exportDB?: model.beginExport(.dbJSON)
        case .exportCSV?: model.beginExport(.postsCSV)
        case nil: return false
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
