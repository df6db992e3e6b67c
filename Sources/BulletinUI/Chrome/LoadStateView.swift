import BulletinData
import BulletinFeatures
import TermView

/// Draws the loading and failure states that every screen shares.
enum LoadStateView {
    /// Draws "Loading…" or the error (naming URL or file and the cause, with a retry hint)
    /// for any state but `.loaded`.
    /// - Returns: `true` when it drew something, so the screen has nothing else to draw.
    /// - Parameters:
    ///   - progress: How far a long load has got, shown after "Loading users…".
    ///   - fraction: When given (a load running for over 0.3 s), a ``ProgressBar`` of it on the
    ///     line below, at most 60 columns wide, with "Esc to cancel" after it.
    static func render<Value>(
        _ state: LoadState<Value>, what: String, progress: String? = nil, fraction: Double? = nil,
        in area: Rect, on surface: inout Surface
    ) -> Bool {
        switch state {
        case .loaded:
            return false
        case .idle, .loading:
            let text = ["Loading \(what)…", progress].compactMap { $0 }.joined(separator: " ")
            surface.write(text, at: Point(x: area.x + 1, y: area.y + 1), style: .muted, maxWidth: area.width - 1)
            if let fraction, area.height > 3 {
                let hint = "  Esc to cancel"
                let width = min(60, max(0, area.width - 2 - hint.count))
                ProgressBar(fraction: fraction).render(in: Rect(x: area.x + 1, y: area.y + 2, width: width, height: 1), on: &surface)
                surface.write(hint, at: Point(x: area.x + 1 + width, y: area.y + 2), style: .muted, maxWidth: max(0, area.maxX - area.x - 1 - width))
            }
            return true
        case let .failed(error):
            renderFailure(error, what: what, in: area, on: &surface)
            return true
        }
    }

    private static func renderFailure(_ error: DataError, what: String, in area: Rect, on surface: inout Surface) {
        let inner = area.inset(by: 1)
        var lines = [StyledLine("Could not load \(what)", style: .error), StyledLine("")]
        lines.append(StyledLine(error.description))
        lines.append(StyledLine(""))
        lines.append(StyledLine("Press r to retry, Esc to go back.", style: .muted))
        var state = TextViewState()
        TextView(paragraphs: lines).render(in: inner, on: &surface, state: &state)
    }
}
