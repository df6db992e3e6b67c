import BulletinData
import ViewState
import TermView

/// Drawing the Users table into a 120x40 ``Surface`` and diffing frames, as a key press does.
@MainActor
enum RenderBenchmarks {
    static let size = Size(width: 120, height: 40)
    static let rowCount = 1_000_000
    static let columns = [
        TableColumn("ID", width: .fixed(4), alignment: .right),
        TableColumn("Name", width: .flexible(min: 10, weight: 3)),
        TableColumn("Username", width: .flexible(min: 8, weight: 2)),
        TableColumn("Email", width: .flexible(min: 10, weight: 3)),
        TableColumn("Company", width: .flexible(min: 8, weight: 3)),
    ]

    /// A table frame at row 500,000 of 1,000,000 (cells cycle through `users`), the same text
    /// written straight with `Surface.write` (the baseline), and the diff after a 1-row move.
    static func run(users: [User], iterations: Int) -> [Measurement] {
        let area = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
        let rows = TableView.visibleRows(in: area, showsHeader: true)
        let cell = { (row: Int, column: Int) in text(of: users[row % users.count], row: row, column: column) }
        let table = TableView(columns: columns, rowCount: rowCount, cell: cell)
        var baseline = measure("surface write baseline (per row)", iterations: iterations, operations: rows) {
            var surface = Surface(size: size)
            for line in 0..<rows {
                let row = 500_000 + line
                let text = (0..<columns.count).map { cell(row, $0) }.joined(separator: " ")
                surface.write(text, at: Point(x: 0, y: 2 + line), style: .normal, maxWidth: size.width)
            }
            return surface.size.width
        }
        baseline.note = "per row; one pre-joined line per row"
        var render = measure("table render, 1M rows (per row)", iterations: iterations, operations: rows) {
            frame(table, area: area, selected: 500_000).size.width
        }
        render.note = String(format: "%.0f µs per frame; ", render.median_s * Double(rows) * 1e6) + ratio(render, to: baseline)
        let before = frame(table, area: area, selected: 500_000)
        let after = frame(table, area: area, selected: 500_001)
        var diff = measure("surface diff, 1-row move", iterations: iterations) { after.changes(since: before).count }
        diff.note = "\(after.changes(since: before).count) changed cells"
        return [baseline, render, diff] + huge(users: users, area: area, iterations: iterations)
    }

    /// Issue 13, "no field is too big": the same frame with one user's name 100 MB long on
    /// every row (shared storage, so the memory is paid once), beside the frame with names of
    /// 100 characters; the ratio should be about 1.
    private static func huge(users: [User], area: Rect, iterations: Int) -> [Measurement] {
        let hundred = String(repeating: "n", count: 100)
        let huge = String(repeating: "n", count: 100_000_000)
        func table(_ name: String) -> TableView {
            TableView(columns: columns, rowCount: rowCount) { row, column in
                column == 1 ? name : text(of: users[row % users.count], row: row, column: column)
            }
        }
        let short = measure("table frame, 100-character names", iterations: iterations) {
            frame(table(hundred), area: area, selected: 500_000).size.width
        }
        var long = measure("table frame, 100 MB names", iterations: iterations) {
            frame(table(huge), area: area, selected: 500_000).size.width
        }
        long.note = ratio(long, to: short)
        return [short, long]
    }

    private static func frame(_ table: TableView, area: Rect, selected: Int) -> Surface {
        var surface = Surface(size: size)
        var state = ListState(selected: selected, offset: 500_000 - 10)
        table.render(in: area, on: &surface, state: &state)
        return surface
    }

    private static func text(of user: User, row: Int, column: Int) -> String {
        switch column {
        case 0: String(row + 1)
        case 1: user.name
        case 2: user.username
        case 3: user.email ?? ""
        default: user.company?.name ?? ""
        }
    }
}
