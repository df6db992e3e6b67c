import BulletinData

// The rows of a ``RecordListModel`` as shown, in its ``FindBar``'s order (display position →
// source row): the row at a position, Home, `:12`, and selecting a record by id.

extension RecordListModel {
    /// The row shown at display position `position`, if any.
    public func row(at position: Int) -> Row? {
        if isWindowed { return windowRow(at: position) }
        let order = find.finder.order
        let rows = rows
        guard order.indices.contains(position), rows.indices.contains(order[position]) else { return nil }
        return rows[order[position]]
    }

    /// The selected row, if any.
    public var selectedRow: Row? { row(at: selection.selected) }

    /// Home: the first row.
    public func selectFirst() {
        walksToEnd = false
        selection.home(count: rowCount)
        ensureWindow()
    }

    /// `n` / `N`: selects the next (previous) row matching the last filter typed, wrapping
    /// around (a list read in windows asks its source).
    public func findNext(forward: Bool) {
        if isWindowed { return windowFindNext(forward: forward) }
        find.findNext(forward: forward)
    }

    /// `:12` or `12` then Enter: selects the record with id `id` through the finder's id map, or
    /// says it is not there (the finder's messages).
    public func goTo(id: String) {
        if isWindowed { return windowJump(toID: id) }
        find.jump(toID: id)
    }

    /// Selects the record with id `id` when it is loaded and shown (the filter may hide it),
    /// saying nothing otherwise (after a write).
    /// - Returns: Whether it was selected.
    @discardableResult
    public func select(id: RecordID) -> Bool {
        if isWindowed { return windowSelect(id: id) }
        guard let row = find.finder.row(withID: id.text) else { return false }
        return find.finder.select(row: row)
    }
}
