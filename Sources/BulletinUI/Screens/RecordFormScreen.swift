import BulletinFeatures
import TermView
import ViewState

/// A record form: one row per field (label, text field, the field's problem or note beside it),
/// the focused field highlighted with the cursor in it; dialogs for "discard changes?" and a
/// failed save (Retry) drawn over it.
///
/// One-line fields (titles, names, ids) scroll sideways and refuse a typed line break with a
/// note beside them. Body fields are several rows (``bodyMinRows`` to ``bodyMaxRows``, growing
/// with their text) that wrap by display width and scroll inside; Enter starts a new line there.
struct RecordFormScreen: Screen {
    let model: RecordFormViewModel

    /// Widest text field, in columns.
    nonisolated static let maxFieldWidth = 50
    /// Narrowest text field while the screen has room for it (problems then get what is left).
    nonisolated static let minFieldWidth = 12
    /// Columns kept for a field's problem text when the screen is narrow.
    nonisolated static let problemRoom = 24
    /// Rows a body field has at least, when the screen has room.
    nonisolated static let bodyMinRows = 3
    /// Rows a body field grows to at most; longer text scrolls inside it.
    nonisolated static let bodyMaxRows = 8

    enum Intent: Sendable { case quit, keepEditing, next, previous, save, cancel, edit, lineBreak, wait, dialog(DialogIntent) }

    /// The form's keys in its phase: editing, saving, a question, or "quit without saving?".
    /// Save, cancel and quit always show in the footer, short (`^S save`, `^C quit`) so that
    /// with `F1 help` they fit in 40 columns.
    var keyMap: KeyMap<Intent> {
        let quit = KeyBinding(keys: [.ctrl("c")], label: "^C quit", description: "Quit (asks first when changes are not saved; Ctrl-\\ too)",
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
            return KeyMap(fieldMoves + [
                KeyBinding(keys: [.ctrl("s")], label: "^S save", description: "Save the \(model.kind.noun)", group: "Form",
                           footer: .always, action: .save),
                KeyBinding(keys: [.escape], label: "Esc cancel", description: "Close the form (asks first when changes are not saved)",
                           group: "Form", footer: .always, action: .cancel),
                quit,
            ] + fieldEditing)
        case .saving:
            return KeyMap([
                KeyBinding(keys: [.escape], label: "Esc stop waiting",
                           description: "Stop waiting for a lock someone else holds (a database's): nothing is written, everything typed is kept",
                           group: "Form", footer: model.isWaitingForOthers ? 85 : nil, action: .cancel),
                KeyBinding(patterns: [.anyKey(except: help.union([.escape]))], label: "saving…", description: "Wait until the save is done",
                           group: "Form", footer: 90, action: .wait),
                quit,
            ])
        case .failed, .confirmingDiscard:
            return DialogIntent.keys(cancel: "Esc keep editing", cancelDescription: "Keep editing", passing: help)
                .map(Intent.dialog) + KeyMap([quit.footer("", nil)])
        }
    }
    var keyHelp: [KeyHelp] { keyMap.help }

    /// Whether the focused field is a body (lines) rather than one line.
    private var focusIsMultiline: Bool {
        model.fields.indices.contains(model.focus) && model.fields[model.focus].isMultiline
    }

    /// Tab and Shift-Tab leave the field; in a one-line field ↓ and ↑ do too.
    private var fieldMoves: [KeyBinding<Intent>] {
        let lines = focusIsMultiline
        return [
            KeyBinding(keys: lines ? [.tab] : [.tab, .down], label: "Tab/S-Tab field", description: "Go to the next field",
                       group: "Form", footer: 80, action: .next),
            KeyBinding(keys: lines ? [.backTab] : [.backTab, .up], description: "Go to the previous field", group: "Form",
                       action: .previous),
        ]
    }

    /// The focused field's editing keys: in a body, Enter starts a line and ↑↓ PgUp PgDn move by
    /// display row; in a one-line field, Enter is refused with a note beside the field.
    private var fieldEditing: [KeyBinding<Intent>] {
        if focusIsMultiline {
            return [
                KeyBinding(patterns: [.text()] + TextFieldKeys.lines, description: "Edit the body: ↑↓ and PgUp/PgDn by display line, Home/End to the line's ends",
                           group: "Field", action: .edit),
                KeyBinding(keys: [.enter], description: "Start a new line in the body", group: "Field", action: .edit),
            ]
        }
        return [
            KeyBinding(patterns: [.text()] + TextFieldKeys.editing, description: "Edit the focused field",
                       group: "Field", action: .edit),
            KeyBinding(keys: [.enter], description: "Refused: this field is one line (Tab goes to the next)",
                       group: "Field", action: .lineBreak),
        ]
    }

    var summary: String { model.statusText }
    /// The spinner's word while a save runs: its summary, `Saving…`, says it already.
    var busyWord: String { "saving" }
    var isLoading: Bool { model.phase == .saving }
    var capturesKeys: Bool { true }

    func render(in area: Rect, on surface: inout Surface) {
        surface.fill(area, style: .normal)
        guard area.height > 0 else { return }
        surface.write(model.title, at: Point(x: area.x + 1, y: area.y), style: .title, maxWidth: max(0, area.width - 1))
        let layout = layout(in: area)
        var y = area.y + layout.top
        for index in layout.first..<model.fields.count {
            guard y < area.maxY else { break }
            renderField(index, y: y, layout: layout, on: &surface)
            y += layout.heights[index] + layout.problemRows[index] + layout.gap
        }
        renderDialog(in: area, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        let action = keyMap.action(for: key)
        if action != nil { model.clearNote() }
        switch action {
        case nil: return false
        case .quit?: return !model.requestQuit()
        // The question's own keys: the selection moves, or the typed answer is given.
        case .keepEditing?, .dialog?: _ = QuestionDialog.handle(key, for: model)
        case .next?: model.focusNext()
        case .previous?: model.focusPrevious()
        case .save?: model.save()
        case .cancel?: model.cancel()
        case .edit?: edit(key, in: area)
        case .lineBreak?: model.lineBreak()
        case .wait?: break
        }
        return true
    }

    // MARK: - Private

    /// An editing key to the focused field's state, fitted to the box it is drawn in (measured
    /// first: the closure runs while the field is being changed). A body is fitted again to the
    /// rows it has after the edit, as it grows or shrinks with its text.
    private func edit(_ key: Key, in area: Rect) {
        let layout = layout(in: area)
        guard focusIsMultiline else { return model.edit { _ = $0.handle(key, width: layout.boxWidth) } }
        model.editLines { _ = $0.handle(key, width: layout.boxWidth, height: layout.heights[model.focus]) }
        let grown = self.layout(in: area)
        model.editLines { $0.keepCursorVisible(width: grown.boxWidth, height: grown.heights[model.focus], measure: DisplayWidth.of) }
    }

    /// The form's layout in `area`, knowing which fields show a problem or a note now.
    private func layout(in area: Rect) -> Layout {
        Layout(fields: model.fields, focus: model.focus, area: area,
               problems: model.fields.indices.map { model.problem(at: $0) != nil || model.note(at: $0) != nil })
    }

    private func renderField(_ index: Int, y: Int, layout: Layout, on surface: inout Surface) {
        let field = model.fields[index]
        let focused = index == model.focus && model.phase == .editing
        if index == model.focus { surface.write("›", at: Point(x: layout.labelX - 2, y: y), style: .highlight) }
        surface.write(field.label, at: Point(x: layout.labelX, y: y), style: focused ? .highlight : .label,
                      maxWidth: layout.labelWidth)
        let box = Rect(x: layout.fieldX, y: y, width: layout.boxWidth, height: layout.heights[index])
        switch field.input {
        case let .line(state):
            // An unfocused field shows the start of its text; the focused one, around its cursor.
            TextField(isFocused: focused).render(in: box, on: &surface, state: focused ? state : TextEditState(text: state.text, cursor: 0))
        case let .lines(state):
            TextArea(isFocused: focused).render(in: box, on: &surface, state: state)
        }
        surface.setStyle(box, style: focused ? .selected : .alternate)
        let row = layout.problemsBelow ? y + layout.heights[index] : y
        if let text = model.problem(at: index) ?? model.note(at: index), layout.problemX < layout.maxX, row < layout.maxY {
            let style: Style = model.problem(at: index) == nil ? .muted : .error
            surface.write(text, at: Point(x: layout.problemX, y: row), style: style, maxWidth: layout.maxX - layout.problemX)
        }
    }

    private func renderDialog(in area: Rect, on surface: inout Surface) {
        QuestionDialog.render(model, keyNote: model.isConfirmingQuit ? "Ctrl-C again quits." : nil, in: area, on: &surface)
    }
}
