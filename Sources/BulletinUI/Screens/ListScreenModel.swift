import BulletinFeatures
import ViewState
import TermView

/// The intents a list screen's view model offers, so every list handles keys the same way.
@MainActor
protocol ListScreenModel: AnyObject {
    var selection: ListState { get set }
    func moveSelection(by delta: Int)
    func selectFirst()
    func selectLast()
    func openSelected()
    func reload()
}

extension SearchViewModel: ListScreenModel {}

extension ListScreenModel {
    /// Does what a list intent asks; `pageSize` is the number of visible rows.
    func perform(_ intent: ListIntent, pageSize: Int) {
        switch intent {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -max(1, pageSize))
        case .pageDown: moveSelection(by: max(1, pageSize))
        case .halfPageUp: moveSelection(by: -max(1, pageSize / 2))
        case .halfPageDown: moveSelection(by: max(1, pageSize / 2))
        case .first: selectFirst()
        case .last: selectLast()
        case .open: openSelected()
        case .reload: reload()
        case .columnsLeft: selection.scrollColumnsLeft()
        case .columnsRight: selection.scrollColumnsRight()
        }
    }

    /// Handles a mouse event over a table drawn in `area`: the wheel moves the selection by
    /// ``MouseEvent/wheelStep`` rows, a press on a data row selects it.
    /// - Returns: `false` when `key` is not a mouse event.
    func handleListMouse(_ key: Key, tableArea area: Rect, rowCount: Int) -> Bool {
        guard case let .mouse(event) = key else { return false }
        switch event.kind {
        case .wheelUp: moveSelection(by: -MouseEvent.wheelStep)
        case .wheelDown: moveSelection(by: MouseEvent.wheelStep)
        case .press:
            if let row = TableView.row(at: event.point, in: area, showsHeader: true, state: selection, rowCount: rowCount) {
                moveSelection(by: row - selection.selected)
            }
        }
        return true
    }

    /// Renders `table` with the model's selection, writing back the scroll offset and the
    /// sideways scroll (its offset, whether `>` shows more) only when they changed.
    func renderTable(_ table: TableView, in area: Rect, on surface: inout Surface) {
        var state = selection
        table.render(in: area, on: &surface, state: &state)
        if state.offset != selection.offset { selection.offset = state.offset }
        if state.columnOffset != selection.columnOffset { selection.columnOffset = state.columnOffset }
        if state.canScrollRight != selection.canScrollRight { selection.canScrollRight = state.canScrollRight }
    }
}
