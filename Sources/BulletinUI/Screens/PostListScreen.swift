import BulletinFeatures
import TermView

/// The Posts list: id, author and title in aligned columns.
struct PostListScreen: Screen {
    let model: PostListViewModel

    var hints: [String] { ListIntent.hints }
    var summary: String { model.summary }
    var isLoading: Bool { model.state.isLoading }
    var loadFailed: Bool { model.state.error != nil }

    /// Column widths: the id is narrow and right-aligned; the title gets the most room.
    static func column(_ column: PostListViewModel.Column) -> TableColumn {
        switch column {
        case .id: TableColumn(column.title, width: .fixed(4), alignment: .right)
        case .author: TableColumn(column.title, width: .flexible(min: 10, weight: 2))
        case .title: TableColumn(column.title, width: .flexible(min: 10, weight: 5))
        }
    }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: "posts", in: area, on: &surface) { return }
        let columns = PostListViewModel.Column.allCases
        let table = TableView(columns: columns.map(Self.column), rowCount: model.rows.count) { [model] row, column in
            model.cell(row: row, column: columns[column])
        }
        model.renderTable(table, in: area, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        if model.handleListMouse(key, tableArea: area, rowCount: model.rows.count) { return true }
        return model.handleListKey(key, pageSize: TableView.visibleRows(in: area, showsHeader: true))
    }
}
