import BulletinFeatures
import TermView

/// A post's title, byline and wrapped body, then its comments; the whole text scrolls.
struct PostDetailScreen: Screen {
    enum Intent: Sendable {
        case scroll(ScrollIntent), find(TextFindIntent), reload
        case nextComment, previousComment, edit, add, delete, undo
    }

    let model: PostDetailViewModel

    /// Scrolling, finding, reloading, and the comment selection and editing keys (while the post
    /// is loaded); while the find prompt is open, only its keys.
    var keyMap: KeyMap<Intent> {
        let editing = model.editingUnavailableReason
        let selecting = model.commentSelectionUnavailableReason
        let failed = model.textUnavailableReason
        let words = model.vocabulary
        let (post, comment) = (words.posts.singular, words.comments?.singular ?? "comment")
        let withComments = words.comments.map { " and its \($0.plural)" } ?? ""
        let reload = failed == nil
            ? KeyBinding(keys: [.character("r")], label: "r reload", description: "Load the \(post)\(withComments) again",
                         group: "Data", footer: 50, action: Intent.reload)
            : KeyBinding(keys: [.character("r")], label: "r retry", description: "Try loading the \(post) again",
                         group: "Data", footer: 95, action: Intent.reload)
        return TextFinding.keys(KeyMap(ScrollKeys.bindings(Intent.scroll).map { $0.disabled(failed) } + [
            reload,
            // On a read-only source Tab still selects comments, but e/a/d are not advertised.
            KeyBinding(keys: [.tab], label: editing == nil ? "Tab/e/a/d edit" : "Tab select",
                       description: "Select the next \(comment) (after the last, the \(post))",
                       group: "Edit", footer: 60, action: .nextComment).disabled(selecting),
            KeyBinding(keys: [.backTab], description: "Select the previous \(comment)", group: "Edit", action: .previousComment)
                .disabled(selecting),
            // No comment to select (none yet): the editing keys keep their place in the footer.
            KeyBinding(keys: [.character("e")], label: selecting != nil && editing == nil ? "e/a/d edit" : "",
                       description: "Edit the selected \(comment), or the \(post) when none is",
                       group: "Edit", footer: selecting != nil && editing == nil ? 60 : nil, action: .edit).disabled(editing),
            KeyBinding(keys: [.character("a")], description: "Add a \(comment) to this \(post)", group: "Edit", action: .add)
                .disabled(editing ?? (words.comments == nil ? selecting : nil)),
            KeyBinding(keys: [.character("d")], description: "Delete the selected \(comment), or the \(post) when none is (asks first)",
                       group: "Edit", action: .delete).disabled(editing),
            KeyBinding(keys: [.character("u")], description: "Undo the last delete", group: "Edit", action: .undo)
                .disabled(model.undoUnavailableReason),
        ]), find: model.textFind, unavailable: failed, map: Intent.find)
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String {
        guard model.state.value != nil else { return "" }
        return [model.textFind.summary, model.reloadFailureText, model.commentsHeading, model.commentsNote].compactMap { $0 }
            .joined(separator: " · ")
    }
    var isLoading: Bool { model.state.isLoading || model.isReloading }
    var capturesKeys: Bool { model.textFind.isEditing }

    /// The find over the text drawn (``TextFinding``).
    var finding: TextFinding { TextFinding(find: model.textFind, paragraphs: paragraphs) }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        finding.renderStatus(in: area, on: &surface)
    }

    /// The text, as styled paragraphs for the text view.
    var paragraphs: [StyledLine] { layout.lines }

    /// The paragraphs, and the index of each comment's name among them. The selected
    /// comment's name is marked `▸` in the selected style.
    var layout: (lines: [StyledLine], commentStarts: [Int]) {
        let parts = layoutParts
        return (parts.lines, parts.commentStarts)
    }

    /// ``layout``, with the index of the body's first line among the lines (after the title,
    /// the byline, the facts, a table such as a meal's ingredients, and the body's heading).
    var layoutParts: (lines: [StyledLine], commentStarts: [Int], bodyStart: Int) {
        var lines = [StyledLine(model.headline, style: .title), StyledLine(model.byline, style: .muted)]
        lines += DetailFieldsView.lines(model.facts)
        lines += Self.tableLines(model.table)
        lines.append(StyledLine(""))
        if let heading = model.bodyHeading { lines.append(StyledLine(heading, style: .header)) }
        let bodyStart = lines.count
        lines += model.body.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }
        guard let heading = model.commentsHeading else { return (lines, [], bodyStart) }
        lines += [StyledLine(""), StyledLine(heading, style: .header)]
        // Why they are not shown (a table the role may not read), where they would be.
        if let error = model.state.value?.commentsError { lines += [StyledLine(""), StyledLine(error.description, style: .error)] }
        var starts: [Int] = []
        for (index, comment) in model.comments.enumerated() {
            let selected = index == model.commentSelection
            lines.append(StyledLine(""))
            starts.append(lines.count)
            lines += [
                StyledLine(selected ? "▸ " + comment.name : comment.name, style: selected ? .selected : .label),
                StyledLine(addressLine(of: comment), style: .muted),
            ]
            lines += comment.body.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }
        }
        return (lines, starts, bodyStart)
    }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: "\(model.vocabulary.posts.singular) \(model.postID)", in: area, on: &surface) { return }
        let textArea = TextFinding.textArea(in: area)
        landOnFocus(in: textArea)
        let paragraphs = paragraphs
        var state = TextViewState(offset: model.scrollOffset)
        TextView(paragraphs: paragraphs).render(in: textArea, on: &surface, state: &state)
        if state.offset != model.scrollOffset { model.scrollOffset = state.offset }
        highlightMatch(in: textArea, offset: state.offset, on: &surface)
        TextFinding(find: model.textFind, paragraphs: paragraphs).highlight(in: textArea, offset: state.offset, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        let loaded = model.state.value != nil
        switch keyMap.action(for: key) {
        case let .scroll(intent)?: intent.move(height: area.height).apply(to: &model.scrollOffset)
        case let .find(intent)?:
            guard loaded else { break }
            finding.perform(intent, key: key, textArea: TextFinding.textArea(in: area), offset: &model.scrollOffset)
        case .reload?: model.reload()
        case .nextComment?:
            guard loaded else { break }
            model.selectNextComment()
            scrollToSelectedComment(in: area)
        case .previousComment?:
            guard loaded else { break }
            model.selectPreviousComment()
            scrollToSelectedComment(in: area)
        case .edit?: if loaded { model.editSelected() }
        case .add?: if loaded { model.addComment() }
        case .delete?: if loaded { model.deleteSelected() }
        case .undo?: if loaded { model.undoDelete() }
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
