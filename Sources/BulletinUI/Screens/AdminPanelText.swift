import BulletinFeatures
import TermView

/// The Admin panel's scrolled text: source, contents, what the server was seen to do (such as
/// ignoring `?userId=`) or what was tidied beside a file (leftovers of killed saves), rate
/// limit (GitHub), requests, errors (failed writes with their method) and records not read,
/// as styled paragraphs.
@MainActor
struct AdminPanelText {
    let model: AdminPanelViewModel

    var paragraphs: [StyledLine] {
        // One column for every label, as wide as the longest (`Repositories:`), at least 11.
        let labels = (model.sourceFields + model.countFields).map(\.label) + ["Budget"]
        let width = max(11, (labels.map { DisplayWidth.of($0) }.max() ?? 0) + 2)
        let line = { (field: DetailField) in Self.line(field, width: width) }
        var lines = [StyledLine("Data source", style: .title)]
        lines += model.sourceFields.map(line)
        lines += [StyledLine(""), StyledLine("Contents", style: .title)]
        if let error = model.state.error {
            lines += [StyledLine("Could not count records: \(error.description)", style: .error),
                      StyledLine("Press r to retry.", style: .muted)]
        }
        lines += model.countFields.map(line)
        if !model.serverNotes.isEmpty {
            lines += [StyledLine(""), StyledLine(model.notesTitle, style: .title)]
            lines += model.serverNotes.map { StyledLine($0) }
        }
        if let rateLimit = model.rateLimitLine {
            lines += [StyledLine(""), StyledLine("Rate limit", style: .title), line(DetailField("Budget", rateLimit))]
        }
        let requests = model.requestLines
        lines += [StyledLine(""), StyledLine("Requests (\(requests.count), newest first)", style: .title)]
        lines += requests.isEmpty ? [StyledLine("none yet", style: .muted)] : requests.map { StyledLine($0) }
        let errors = model.errorLines
        lines += [StyledLine(""), StyledLine("Errors (\(errors.count))", style: .title)]
        lines += errors.isEmpty ? [StyledLine("none", style: .muted)] : errors.map { StyledLine($0, style: .error) }
        for answer in model.errorBodies {
            // The whole body, as sent: the error above says it in words. Drawn as text (markup
            // shown, never interpreted; control characters made harmless as everywhere).
            lines += [StyledLine(""), StyledLine("Error answer (\(answer.request)), as the server sent it", style: .title)]
            lines += answer.body.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0), style: .muted) }
        }
        if !model.issueLines.isEmpty {
            lines += [StyledLine(""), StyledLine("Records not read (\(model.issueLines.count))", style: .title)]
            lines += model.issueLines.map { StyledLine($0) }
        }
        return lines
    }

    /// `Label:` padded to `width` columns, then the value.
    private static func line(_ field: DetailField, width: Int) -> StyledLine {
        StyledLine(TextLayout.fit(field.label + ":", width: width, alignment: .left) + field.value)
    }
}
