import BulletinFeatures
import TermView

/// A record form: one row per field (label, one-line text field, the field's problem beside it),
/// the focused field highlighted with the cursor in it; dialogs for "discard changes?" and a
/// failed save (Retry) drawn over it.
///
/// Body fields are one line that scrolls sideways; line breaks in a body show as `↵` and are
/// kept when saving.
struct RecordFormScreen: Screen {
    let model: RecordFormViewModel

    /// Widest text field, in columns.
    nonisolated static let maxFieldWidth = 50
    /// Narrowest text field while the screen has room for it (problems then get what is left).
    nonisolated static let minFieldWidth = 12
    /// Columns kept for a field's problem text when the screen is narrow.
    nonisolated static let problemRoom = 24

    enum Intent: Sendable { case quit, keepEditing, next, previous, save, cancel, edit, wait, dialog(DialogIntent) }

    /// The form's keys in its phase: editing, saving, a question, or "quit without saving?".
    var keyMap: KeyMap<Intent> {
        let quit = KeyBinding(keys: [.ctrl("c")], label: "Ctrl-C quit", description: "Quit (asks first when changes are not saved)",
                              group: "Form", footer: .always, action: Intent.quit)
        if model.isConfirmingQuit {
            return KeyMap([
                quit.footer("Ctrl-C quit", .always),
                KeyBinding(patterns: [.anyKey()], label: "any key: keep editing", description: "Keep editing (any key but Ctrl-C)",
                           group: "Form", footer: .always, action: .keepEditing),
            ])
        }
        let help: Set<Key> = [.ctrl("c"), .character("?"), .function(1)]
        switch model.phase {
        case .editing:
            return KeyMap([
                KeyBinding(keys: [.tab, .down, .enter], label: "Tab/S-Tab field", description: "Go to the next field",
                           group: "Form", footer: 80, action: .next),
                KeyBinding(keys: [.backTab, .up], description: "Go to the previous field", group: "Form", action: .previous),
                KeyBinding(keys: [.ctrl("s")], label: "Ctrl-S save", description: "Save the \(model.kind.noun)", group: "Form",
                           footer: 90, action: .save),
                KeyBinding(keys: [.escape], label: "Esc cancel", description: "Close the form (asks first when changes are not saved)",
                           group: "Form", footer: .always, action: .cancel),
                quit,
                KeyBinding(patterns: [.text()] + TextFieldKeys.editing, description: "Edit the focused field",
                           group: "Field", action: .edit),
            ])
        case .saving:
            return KeyMap([
                KeyBinding(patterns: [.anyKey(except: help)], label: "saving…", description: "Wait until the save is done",
                           group: "Form", footer: 90, action: .wait),
                quit,
            ])
        case .failed, .confirmingDiscard:
            return DialogIntent.keys(cancel: "Esc keep editing", cancelDescription: "Keep editing", passing: help)
                .map(Intent.dialog) + KeyMap([quit.footer("", nil)])
        }
    }
    var keyHelp: [KeyHelp] { keyMap.help }

    var summary: String { model.statusText }
    var isLoading: Bool { model.phase == .saving }
    var capturesKeys: Bool { true }

    func render(in area: Rect, on surface: inout Surface) {
        surface.fill(area, style: .normal)
        guard area.height > 0 else { return }
        surface.write(model.title, at: Point(x: area.x + 1, y: area.y), style: .title, maxWidth: max(0, area.width - 1))
        let top = area.height > 3 ? 2 : 1
        let step = area.height >= model.fields.count * 2 + top ? 2 : 1
        let visible = max(1, (area.height - top + step - 1) / step)
        let first = Self.firstVisible(focus: model.focus, count: model.fields.count, visible: visible)
        let layout = Layout(fields: model.fields, area: area)
        for index in first..<model.fields.count {
            let y = area.y + top + (index - first) * step
            guard y < area.maxY else { break }
            renderField(index, y: y, layout: layout, on: &surface)
        }
        renderDialog(in: area, on: &surface)
    }

    /// The first field drawn when only `visible` of `count` fit: the focused field stays in view.
    static func firstVisible(focus: Int, count: Int, visible: Int) -> Int {
        guard count > visible else { return 0 }
        return min(max(0, focus - visible + 1), count - visible)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        switch keyMap.action(for: key) {
        case nil: return false
        case .quit?: return !model.requestQuit()
        // The question's own keys: the selection moves, or the typed answer is given.
        case .keepEditing?, .dialog?: _ = QuestionDialog.handle(key, for: model)
        case .next?: model.focusNext()
        case .previous?: model.focusPrevious()
        case .save?: model.save()
        case .cancel?: model.cancel()
        case .edit?:
            // Editing keys go to the focused field's state, fitted to the columns it is drawn in
            // (measured first: the closure runs while the field is being changed).
            let width = Layout(fields: model.fields, area: area).boxWidth
            model.edit { _ = $0.handle(key, width: width) }
        case .wait?: break
        }
        return true
    }

    // MARK: - Private

    /// Where the labels, fields and problems go.
    private struct Layout {
        let labelX: Int
        let labelWidth: Int
        let fieldX: Int
        let fieldWidth: Int
        let problemX: Int
        let maxX: Int

        init(fields: [FormField], area: Rect) {
            labelX = area.x + 3
            labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
            fieldX = labelX + labelWidth + 2
            let room = area.maxX - fieldX - 1
            let preferred = min(RecordFormScreen.maxFieldWidth, room - RecordFormScreen.problemRoom)
            fieldWidth = max(1, min(room, max(RecordFormScreen.minFieldWidth, preferred)))
            problemX = fieldX + fieldWidth + 2
            maxX = area.maxX
        }

        /// The drawn width of every text field: ``fieldWidth``, cut at the area's right edge.
        var boxWidth: Int { min(fieldWidth, max(0, maxX - fieldX)) }
    }

    private func renderField(_ index: Int, y: Int, layout: Layout, on surface: inout Surface) {
        let field = model.fields[index]
        let focused = index == model.focus && model.phase == .editing
        if index == model.focus { surface.write("›", at: Point(x: layout.labelX - 2, y: y), style: .highlight) }
        surface.write(field.label, at: Point(x: layout.labelX, y: y), style: focused ? .highlight : .label,
                      maxWidth: layout.labelWidth)
        let box = Rect(x: layout.fieldX, y: y, width: layout.boxWidth, height: 1)
        TextField(isFocused: focused).render(in: box, on: &surface, state: field.input)
        surface.setStyle(box, style: focused ? .selected : .alternate)
        if let problem = model.problem(at: index), layout.problemX < layout.maxX {
            surface.write(problem, at: Point(x: layout.problemX, y: y), style: .error, maxWidth: layout.maxX - layout.problemX)
        }
    }

    private func renderDialog(in area: Rect, on surface: inout Surface) {
        QuestionDialog.render(model, keyNote: model.isConfirmingQuit ? "Ctrl-C again quits." : nil, in: area, on: &surface)
    }
}
