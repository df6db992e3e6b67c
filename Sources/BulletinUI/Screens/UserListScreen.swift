import BulletinFeatures
import TermView

/// The User List: the source's columns (id, name, username, email and company; GitHub: login,
/// type and site admin), aligned.
struct UserListScreen: Screen {
    let model: UserListViewModel

    /// The list's keys now (``FindableScreenModel/listScreenKeys(noun:failed:edit:)``), with `a`/`e`/`d`/`u`.
    var keyMap: KeyMap<ListScreenIntent> {
        model.listScreenKeys(noun: model.vocabulary.users.singular, failed: model.rowsUnavailableReason, edit: model.editBindings)
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String { model.findSummary(model.summary) }
    var capturesKeys: Bool { model.find.capturesKeys }
    var isLoading: Bool { model.state.isLoading || model.isReloading || model.paging == .loading || model.find.finder.isWorking }
    var busyWord: String { model.state.isLoading || model.isReloading ? "loading" : model.findBusyWord ?? "loading" }
    /// A file's load progress (read from the source on each frame, not observed) is shown.
    var changesWhileLoading: Bool { model.loadProgressText != nil }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: model.vocabulary.users.plural, progress: model.loadProgressText, in: area, on: &surface) {
            return
        }
        let columns = model.columns
        var table = model.findTable { [model] row, column in
            Self.text(model, row: row, column: columns[column])
        }
        // The "loading more" row (and why it failed) is drawn across the row, not in one column.
        table.spanning = { [model] row in model.isPagingRow(row) ? Self.text(model, row: row, column: model.pagingColumn) : nil }
        model.renderFindTable(table, in: area, on: &surface)
    }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        FindStatusView(find: model.find).render(in: area, on: &surface)
    }

    var statusMessage: String? { FindStatusView(find: model.find).message }

    func handle(_ key: Key, in area: Rect) -> Bool {
        model.handleListScreenKey(key, keys: keyMap, pageSize: TableView.visibleRows(in: area, showsHeader: true),
                                  tableArea: area, edit: model.perform)
    }

    /// A cell's text; a failed "loading more" row also says how to retry.
    static func text(_ model: UserListViewModel, row: Int, column: UserListViewModel.Column) -> String {
        let text = model.cell(row: row, column: column)
        guard column == model.pagingColumn, model.pagingCanRetry, model.isPagingRow(row) else { return text }
        return text + " (Enter or r retries)"
    }
}
