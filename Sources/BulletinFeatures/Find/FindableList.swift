import BulletinData
import ViewState

/// A list shown in its ``FindBar``'s order (display position → source row): the selection is
/// the list's (lent to its finder), and the row at a position, moving, Home, End, `:12`, selecting a record by
/// id and handing the rows to the finder work the same on every list.
@MainActor
public protocol FindableList: AnyObject {
    /// One row of the list.
    associatedtype Row: Sendable
    /// The loaded rows, in the source's order (empty until loaded).
    var rows: [Row] { get }
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
    /// The selected display position (the list's, lent to its finder: ``ListSelection``).
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

    /// The row shown at display position `position`, if any.
    public func row(at position: Int) -> Row? {
        let order = find.finder.order
        let rows = rows
        guard order.indices.contains(position), rows.indices.contains(order[position]) else { return nil }
        return rows[order[position]]
    }

    /// The selected row, if any.
    public var selectedRow: Row? { row(at: selection.selected) }

    /// Hands `rows` to the finder, which filters and sorts them again: `text` is a row's text
    /// in a column (what the filter matches), `id` its id (what a jump types). No work per
    /// row here: the finder indexes them (off the main actor for long lists).
    public func index(
        _ rows: [Row], text: @escaping @Sendable (Row, Int) -> String, id: @escaping @Sendable (Row) -> RecordID
    ) {
        find.finder.setRows(count: rows.count, text: { row, column in text(rows[row], column) }, id: { id(rows[$0]).text })
    }

    /// Selects the record with id `id` when it is loaded and shown (the filter may hide it),
    /// saying nothing otherwise (after a write).
    /// - Returns: Whether it was selected.
    @discardableResult
    public func select(id: RecordID) -> Bool {
        guard let row = find.finder.row(withID: id.text) else { return false }
        return find.finder.select(row: row)
    }
}
