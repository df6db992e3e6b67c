import BulletinData
import BulletinFeatures
import TermView

extension PostDetailScreen {
    /// The widest a table column is padded to; a longer cell pushes the rest of its row right.
    static let tableColumnLimit = 32

    /// The post's table (a meal's ingredients) as aligned lines: a blank line, the heading with
    /// its count, the column headings, then one line per row, each column padded to its widest
    /// cell (at most ``tableColumnLimit``) plus two spaces. None when the post has no table.
    static func tableLines(_ table: DetailTable?) -> [StyledLine] {
        guard let table else { return [] }
        let count = table.columns.count
        var widths = table.columns.map(DisplayWidth.of)
        for row in table.rows {
            for (index, cell) in row.prefix(count).enumerated() {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        widths = widths.map { min($0, tableColumnLimit) }
        func line(_ cells: [String]) -> String {
            var text = ""
            for index in 0..<count {
                let cell = index < cells.count ? cells[index] : ""
                guard index < count - 1 else {
                    text += cell
                    break
                }
                text += cell + String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(cell)) + 2)
            }
            return text
        }
        return [StyledLine(""), StyledLine(table.heading, style: .header), StyledLine(line(table.columns), style: .label)]
            + table.rows.map { StyledLine(line($0)) }
    }
}

extension PostDetailScreen {
    /// A comment's second line: its address, then what the source sent beyond it
    /// (`jamesd · Likes: 3` on DummyJSON); the address alone for JSONPlaceholder comments.
    func addressLine(of comment: Comment) -> String {
        ([comment.email] + model.facts(of: comment).map { "\($0.label): \($0.value)" }).joined(separator: " · ")
    }
}
