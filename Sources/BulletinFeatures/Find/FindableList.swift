import BulletinData
import ViewState

/// A list shown in its ``FindBar``'s order (display position → source row): the selection is
/// the finder's, and moving, Home, End, `:12` and selecting a record by id work the same on
/// every list.
@MainActor
public protocol FindableList: AnyObject {
    /// The list's filter, sort and jump state.
    var find: FindBar { get }
    /// How many rows the table shows; by default those in the finder's order.
    var rowCount: Int { get }
    /// ↑ ↓ PageUp PageDown: moves the selection by `delta` rows.
    func moveSelection(by delta: Int)
    /// Home.
    func selectFirst()
    /// End.
    func selectLast()
    /// `:12` or `12` then Enter: selects the record with id `id`, or says it is not there.
    func goTo(id: String)
}

extension FindableList {
    /// The selected display position (the finder's).
    public var selection: ListState {
        get { find.finder.selection }
        set { find.finder.selection = newValue }
    }
    /// The rows in the finder's order (all, or those passing the filter).
    public var rowCount: Int { find.finder.order.count }
    /// Moves the selection by `delta` rows, within the rows shown.
    public func moveSelection(by delta: Int) { selection.move(by: delta, count: rowCount) }
    /// Selects the first row.
    public func selectFirst() { selection.home(count: rowCount) }
    /// Selects the last row.
    public func selectLast() { selection.end(count: rowCount) }
    /// Jumps to the record with id `id` through the finder's id map, with the finder's messages.
    public func goTo(id: String) { find.jump(toID: id) }

    /// Selects the record with id `id` when it is loaded and shown (the filter may hide it),
    /// saying nothing otherwise (after a write).
    /// - Returns: Whether it was selected.
    @discardableResult
    public func select(id: RecordID) -> Bool {
        guard let row = find.finder.row(withID: id.text) else { return false }
        return find.finder.select(row: row)
    }
}
