import BulletinData
import ViewState

/// A screen whose rows are one ``RecordListModel`` (Users, a user's screen, Posts, an album):
/// its filter, selection, rows, moves and jumps are the list's, declared here once.
@MainActor
public protocol ListScreenViewModel: FindableScreen {
    /// One row of the screen's list.
    associatedtype Row: Sendable & Identifiable where Row.ID == RecordID
    /// The list the screen's keys act on now.
    var list: RecordListModel<Row> { get }
}

extension ListScreenViewModel {
    /// The list's filter, sort and jump state.
    public var find: FindBar { list.find }
    /// The selected display position and scroll offset.
    public var selection: ListState {
        get { list.selection }
        set { list.selection = newValue }
    }
    /// The loaded rows, in the source's order.
    public var rows: [Row] { list.rows }
    /// How many rows the table has (after the filter; with a "more" row while pages remain).
    public var rowCount: Int { list.rowCount }
    /// The row shown at display position `position`, if any.
    public func row(at position: Int) -> Row? { list.row(at: position) }
    /// The selected row, if any.
    public var selectedRow: Row? { list.selectedRow }
    /// `:12`: selects the record with id `id`, or says it is not there.
    public func goTo(id: String) { list.goTo(id: id) }
    /// Selects the record with id `id` when it is shown (after a write).
    @discardableResult
    public func select(id: RecordID) -> Bool { list.select(id: id) }
    /// ↑ ↓ PageUp PageDown.
    public func moveSelection(by delta: Int) { list.moveSelection(by: delta) }
    /// Home.
    public func selectFirst() { list.selectFirst() }
    /// End.
    public func selectLast() { list.selectLast() }
    /// Enter on the selected row.
    public func openSelected() { list.openSelected() }
}
