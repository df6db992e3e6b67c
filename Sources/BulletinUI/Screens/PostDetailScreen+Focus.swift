import BulletinFeatures
import TermView

/// Landing on what Search found (``PostFocus``): the first frame of a loaded post scrolls the
/// focused comment, or the first match of the query, into view (one line above it); every
/// frame highlights that match while it is on screen.
extension PostDetailScreen {
    /// Where the match is: its wrapped line among all the text's lines, its first column in
    /// that line and its width in columns (cut at the line's end).
    struct MatchSpot: Equatable {
        var line: Int
        var column: Int
        var width: Int
    }

    /// Scrolls to the focus the first time the loaded post is drawn into `textArea`.
    func landOnFocus(in textArea: Rect) {
        guard let focus = model.focus, !focus.scrolled, model.state.value != nil else { return }
        model.focus?.scrolled = true
        let target: Int?
        switch focus.target {
        case .comment:
            let (lines, starts) = layout
            target = model.commentSelection.flatMap { starts.indices.contains($0) ? starts[$0] : nil }
                .map { TextView(paragraphs: Array(lines[..<$0])).lineCount(width: textArea.width) }
        case .match:
            target = matchSpot(width: textArea.width)?.line
        }
        guard let target, target < model.scrollOffset || target >= model.scrollOffset + textArea.height - 1 else { return }
        model.scrollOffset = max(0, target - 1)
    }

    /// Marks the match in `.highlight` when its line is among those drawn from `offset`.
    func highlightMatch(in textArea: Rect, offset: Int, on surface: inout Surface) {
        guard let spot = matchSpot(width: textArea.width), spot.line >= offset, spot.line < offset + textArea.height else { return }
        surface.setStyle(Rect(x: textArea.x + spot.column, y: textArea.y + spot.line - offset, width: spot.width, height: 1),
                         style: .highlight)
    }

    /// Where the focus's match is drawn in a text area `width` columns wide, or `nil`.
    func matchSpot(width: Int) -> MatchSpot? {
        guard let (bodyLine, range) = model.focusedMatch() else { return nil }
        let (lines, _, bodyStart) = layoutParts
        // The title is paragraph 0; the body's lines start at `bodyStart` (after the byline,
        // the facts, a table and the body's heading).
        let paragraph = bodyLine.map { bodyStart + $0 } ?? 0
        guard lines.indices.contains(paragraph) else { return nil }
        let text = lines[paragraph].text
        // The range was found in the model's own line: use it only on that same text.
        let expected = bodyLine.map { model.body.split(separator: "\n", omittingEmptySubsequences: false)[$0] }
            .map(String.init) ?? model.headline
        guard text == expected, range.upperBound <= text.endIndex else { return nil }
        let before = TextView(paragraphs: Array(lines[..<paragraph])).lineCount(width: width)
        let wrapped = TextLayout.wrap(text, width: max(1, width - 1))
        // Each wrapped line is the paragraph's next characters, the spaces at a break dropped:
        // walk the sanitized text to the line that holds the match's first character.
        let characters = Array(Sanitizer.singleLine(text))
        let matchStart = Sanitizer.singleLine(String(text[..<range.lowerBound])).count
        let matchWidth = DisplayWidth.of(Sanitizer.singleLine(String(text[range])))
        var position = 0
        for (index, line) in wrapped.enumerated() {
            if !line.hasPrefix(" ") { while position < characters.count, characters[position] == " " { position += 1 } }
            let end = position + line.count
            if matchStart < end || index == wrapped.count - 1 {
                let column = DisplayWidth.of(String(line.prefix(max(0, matchStart - position))))
                let room = DisplayWidth.of(line) - column
                return MatchSpot(line: before + index, column: column, width: max(1, min(matchWidth, room)))
            }
            position = end
        }
        return nil
    }
}
