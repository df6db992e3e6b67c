import BulletinFeatures
import TermView

/// What a person can do to find in a text view (a post, a meal, the raw view): `/` opens the
/// prompt, `n` / `N` go to the next and previous match, Esc clears the find; at the prompt,
/// Enter keeps the find, Esc clears it, ↓ ↑ go to the next and previous match, and every other
/// key is text (so `/abc` never reaches another binding).
enum TextFindIntent: Sendable {
    case begin, next, previous, clear
    case promptEdit, promptKeep, promptClear, promptNext, promptPrevious
}

extension TextFindIntent {
    /// The text view's find keys: `/`, `n`, `N` (greyed until a find was typed), and Esc
    /// clearing a kept find (then Esc goes back).
    static func keys(active: Bool, unavailable: String? = nil) -> KeyMap<TextFindIntent> {
        let noFind = active ? nil : "no find typed yet (/ types one)"
        let clear = KeyBinding(keys: [.escape], label: "Esc clear", description: "Clear the find (then Esc goes back)",
                               group: "Find", footer: .always, action: TextFindIntent.clear)
        return KeyMap((active ? [clear] : []) + [
            KeyBinding(keys: [.character("/")], label: "/ find", description: "Find text: matches highlighted, counted, n/N move",
                       group: "Find", footer: 70, action: .begin).disabled(unavailable),
            KeyBinding(keys: [.character("n")], label: "n/N match", description: "Scroll to the next match (after the last, the first)",
                       group: "Find", footer: 65, action: .next).disabled(unavailable ?? noFind),
            KeyBinding(keys: [.character("N")], description: "Scroll to the previous match (before the first, the last)",
                       group: "Find", action: .previous).disabled(unavailable ?? noFind),
        ])
    }

    /// The find prompt's keys: Enter keeps the find, Esc clears it, ↓ ↑ next and previous match,
    /// and text editing as in the list filter's prompt.
    static let promptKeys = KeyMap<TextFindIntent>([
        KeyBinding(keys: [.enter], label: "⏎ keep", description: "Keep the find and close the prompt (n/N then move)",
                   group: "Find prompt", footer: .always, action: .promptKeep),
        KeyBinding(keys: [.escape], label: "Esc clear", description: "Clear the find and close the prompt",
                   group: "Find prompt", footer: .always, action: .promptClear),
        KeyBinding(keys: [.down], description: "Scroll to the next match", group: "Find prompt", action: .promptNext),
        KeyBinding(keys: [.up], description: "Scroll to the previous match", group: "Find prompt", action: .promptPrevious),
        KeyBinding(patterns: [.text()] + TextFieldKeys.editing, description: "Edit the text to find", group: "Find prompt",
                   action: .promptEdit),
    ])
}

/// A text view's find, drawn and driven: the one implementation the text screens share
/// (``PostDetailScreen``, ``RawRecordScreen``). It matches the paragraphs the screen draws
/// with ``TextView``, highlights the matches (the current one in `.selectedHighlight`),
/// scrolls the current one into view and draws the prompt in the status line.
@MainActor
struct TextFinding {
    /// The view model's find state.
    let find: TextFind
    /// The paragraphs the screen draws.
    let paragraphs: [StyledLine]

    /// The text's area in a text screen's body `area`: one column of margin on the left.
    static func textArea(in area: Rect) -> Rect {
        Rect(x: area.x + 1, y: area.y, width: max(0, area.width - 1), height: area.height)
    }

    /// The right side of the status line while the prompt is open.
    static let promptHelp = PromptLine.help(TextFindIntent.promptKeys.help)

    /// The key map to use now: the prompt's while it is open, else `own` and the find keys.
    /// (Static: a key map is asked for on every frame, and needs the find's state, not the text.)
    static func keys<Intent>(_ own: KeyMap<Intent>, find: TextFind, unavailable: String?,
                             map: (TextFindIntent) -> Intent) -> KeyMap<Intent> {
        if find.isEditing { return TextFindIntent.promptKeys.map(map) }
        return own + TextFindIntent.keys(active: !find.query.isEmpty, unavailable: unavailable).map(map)
    }

    /// What the lines of `textArea` (the text's area, indicator column included) are for the find.
    func view(in textArea: Rect, offset: Int) -> TextFindView {
        let text = TextView(paragraphs: paragraphs)
        let starts = text.paragraphStarts(width: textArea.width)
        return TextFindView(paragraphs: paragraphs.map(\.text), offset: offset, visible: textArea.height) { match in
            text.spans(of: match.characters, inParagraph: match.paragraph, width: textArea.width,
                       firstLine: starts[match.paragraph]).first?.line ?? starts[match.paragraph]
        }
    }

    /// Does `intent`; `key` is the key pressed (the prompt's text editing); the scroll offset
    /// is moved to show the current match.
    func perform(_ intent: TextFindIntent, key: Key, textArea: Rect, offset: inout Int) {
        let view = view(in: textArea, offset: offset)
        var target: Int?
        switch intent {
        case .begin: find.begin(in: view)
        case .next, .promptNext: target = find.next(forward: true, in: view)
        case .previous, .promptPrevious: target = find.next(forward: false, in: view)
        case .clear, .promptClear: find.cancel()
        case .promptKeep: find.commit()
        case .promptEdit:
            // Backspace on an empty prompt does nothing (Esc closes it), as at the filter prompt.
            if key == .backspace, find.prompt.text.isEmpty { return }
            target = find.edit({ _ = $0.handle(key) }, in: view)
        }
        if let target { offset = target }
    }

    /// Marks the matches drawn in `textArea` from line `offset`: `.highlight`, the current one
    /// `.selectedHighlight`. Finds again first when the text changed.
    func highlight(in textArea: Rect, offset: Int, on surface: inout Surface) {
        guard find.isActive else { return }
        find.refresh(paragraphs.map(\.text))
        guard !find.matches.isEmpty else { return }
        let text = TextView(paragraphs: paragraphs)
        let starts = text.paragraphStarts(width: textArea.width)
        let shown = offset..<(offset + textArea.height)
        for index in paragraphs.indices where starts[index] < shown.upperBound && starts[index + 1] > shown.lowerBound {
            for (characters, isCurrent) in find.matches(inParagraph: index) {
                for span in text.spans(of: characters, inParagraph: index, width: textArea.width, firstLine: starts[index])
                where shown.contains(span.line) {
                    surface.setStyle(Rect(x: textArea.x + span.columns.lowerBound, y: textArea.y + span.line - offset,
                                          width: span.columns.count, height: 1),
                                     style: isCurrent ? .selectedHighlight : .highlight)
                }
            }
        }
    }

    /// Draws the prompt (`/light▏  3 of 12  ⏎ keep  Esc clear`) while it is open.
    /// - Returns: `false` when it is closed.
    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        guard find.isEditing else { return false }
        PromptLine(prefix: "/", state: find.prompt, notes: [find.countText].compactMap { $0 }, help: Self.promptHelp)
            .render(in: area, on: &surface)
        return true
    }
}
