import BulletinFeatures
import TermView

/// The Admin panel: the data source and its record counts.
struct AdminPanelScreen: Screen {
    let model: AdminPanelViewModel

    var hints: [String] { ["r reload"] }
    var isLoading: Bool { model.state.isLoading }

    func render(in area: Rect, on surface: inout Surface) {
        let inner = area.inset(by: 1)
        guard !inner.isEmpty else { return }
        var lines = [StyledLine("Data source", style: .title)]
        lines += model.sourceFields.map(Self.line)
        lines += [StyledLine(""), StyledLine("Contents", style: .title)]
        if let error = model.state.error {
            lines += [StyledLine("Could not count records: \(error.description)", style: .error),
                      StyledLine("Press r to retry.", style: .muted)]
        } else {
            lines += model.countFields.map(Self.line)
        }
        if !model.issueLines.isEmpty {
            lines += [StyledLine(""), StyledLine("Records not read (\(model.issueLines.count))", style: .title)]
            lines += model.issueLines.map { StyledLine($0) }
        }
        var state = TextViewState()
        TextView(paragraphs: lines).render(in: inner, on: &surface, state: &state)
    }

    private static func line(_ field: DetailField) -> StyledLine {
        StyledLine(TextLayout.fit(field.label + ":", width: 11, alignment: .left) + field.value)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        guard key == .character("r") else { return false }
        model.reload()
        return true
    }
}
