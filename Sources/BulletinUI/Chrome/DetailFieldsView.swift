import BulletinFeatures
import TermView

/// The one rule for a detail screen's labelled fields (a user's profile, a repository's or a
/// meal's facts, a photo's addresses): each label followed by `:`, the values in one column
/// two cells after the longest label, one cell of indent; missing values show `—` (the view
/// models' ``DetailField``s say so).
enum DetailFieldsView {
    /// Cells from the indent to the values: the longest label, its `:` and a space.
    static func labelWidth(of fields: [DetailField]) -> Int {
        (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2
    }

    /// The fields as lines of text (`Stars:          1950`), for a screen that lays out its
    /// text as paragraphs (which wrap, so a long value such as a URL stays whole, going on
    /// under its own start: the values' column is each line's hanging indent).
    static func lines(_ fields: [DetailField]) -> [StyledLine] {
        let width = labelWidth(of: fields)
        return fields.map { field in
            let label = field.label + ":"
            let gap = max(1, width - DisplayWidth.of(label))
            return StyledLine(label + String(repeating: " ", count: gap) + field.value, indent: DisplayWidth.of(label) + gap)
        }
    }

    /// The rows the fields take in `width` cells: one per field, with its label; a URL longer
    /// than its row goes on over the next rows (without a label), so it is shown whole.
    static func rows(_ fields: [DetailField], width: Int) -> [(label: String?, value: String)] {
        let room = max(1, width - 1 - labelWidth(of: fields))
        var rows: [(label: String?, value: String)] = []
        for field in fields {
            guard field.type == .url, DisplayWidth.of(field.value) > room else {
                rows.append((field.label, field.value))
                continue
            }
            var label: String? = field.label
            var piece = ""
            var pieceWidth = 0
            for character in field.value {
                let cells = DisplayWidth.of(String(character))
                if pieceWidth + cells > room, !piece.isEmpty {
                    rows.append((label, piece))
                    label = nil
                    piece = ""
                    pieceWidth = 0
                }
                piece.append(character)
                pieceWidth += cells
            }
            rows.append((label, piece))
        }
        return rows
    }

    /// Draws the fields' rows (``rows(_:width:)``) from the top of `area` (as many as fit), the
    /// labels in the label style; a value longer than its row, but a URL, is cut with `…`.
    static func render(_ fields: [DetailField], in area: Rect, on surface: inout Surface) {
        let width = labelWidth(of: fields)
        for (index, row) in rows(fields, width: area.width).enumerated() where index < area.height {
            let y = area.y + index
            if let label = row.label {
                surface.write(label + ":", at: Point(x: area.x + 1, y: y), style: .label, maxWidth: width)
            }
            let x = area.x + 1 + width
            surface.write(TextLayout.truncate(row.value, to: area.maxX - x), at: Point(x: x, y: y), style: .normal,
                          maxWidth: area.maxX - x)
        }
    }
}
