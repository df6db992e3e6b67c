import BulletinFeatures
import TermView

/// The User List: id, name, username, email and company in aligned columns.
struct UserListScreen: Screen {
    let model: UserListViewModel

    var hints: [String] { EditIntent.listHints(model.findHints) }
    var summary: String { model.findSummary(model.summary) }
    var capturesKeys: Bool { model.find.capturesKeys }
    var loadFailed: Bool { model.state.error != nil }
    var isLoading: Bool { model.state.isLoading || model.isReloading || model.paging == .loading || model.find.finder.isWorking }
    var busyWord: String { model.state.isLoading || model.isReloading ? "loading" : model.findBusyWord ?? "loading" }

    /// Column widths: the id is narrow (`idWidth`, as wide as the widest id) and right-aligned;
    /// the rest share the width.
    static func column(_ column: UserListViewModel.Column, idWidth: Int = 4) -> TableColumn {
        switch column {
        case .id: TableColumn(column.title, width: .fixed(idWidth), alignment: .right)
        case .name: TableColumn(column.title, width: .flexible(min: 10, weight: 3))
        case .username: TableColumn(column.title, width: .flexible(min: 8, weight: 2))
        case .email: TableColumn(column.title, width: .flexible(min: 10, weight: 3))
        case .company: TableColumn(column.title, width: .flexible(min: 8, weight: 3))
        }
    }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: "users", progress: model.loadProgressText, in: area, on: &surface) {
            return
        }
        let columns = UserListViewModel.Column.allCases
        let table = model.findTable(columns: columns.map { Self.column($0, idWidth: model.idWidth) }) { [model] row, column in
            model.cell(row: row, column: columns[column])
        }
        model.renderFindTable(table, in: area, on: &surface)
    }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        FindStatusView(find: model.find).render(in: area, on: &surface)
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        if !loadFailed, model.handleFindKey(key) { return true }
        if model.handleListMouse(key, tableArea: area, rowCount: model.rowCount) { return true }
        if model.handleEditKey(key) { return true }
        return model.handleListKey(key, pageSize: TableView.visibleRows(in: area, showsHeader: true))
    }
}
