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
        // Where the text view draws those characters (the first of their wrapped lines).
        let lower = text.distance(from: text.startIndex, to: range.lowerBound)
        let upper = lower + text.distance(from: range.lowerBound, to: range.upperBound)
        guard let span = TextView(paragraphs: lines).spans(of: lower..<upper, inParagraph: paragraph, width: width).first else {
            return nil
        }
        return MatchSpot(line: span.line, column: span.columns.lowerBound, width: span.columns.count)
    }
}
