import BulletinData

// Marks on a list (`m`, `M`): rows set aside for one action on all of them at once (`d`, `y`).
// A mark belongs to a record (its id), not to a display position, so a filter or a sort keeps
// it on its row; a reload keeps the marks whose record is still there.

extension RecordListModel {
    /// `m`: marks the selected row, or unmarks it when it is marked, then selects the next row
    /// (as mutt's and ranger's tags do, so `m m m` marks three rows in a row). Does nothing on
    /// the "more" row or an empty list.
    public func toggleMark() {
        guard let row = selectedRow else { return }
        if marks.contains(row.id) { marks.remove(row.id) } else { marks.insert(row.id) }
        if isWindowed { window.marked[row.id] = marks.contains(row.id) ? row : nil }
        moveSelection(by: 1)
    }

    /// `M`: unmarks every row.
    public func clearMarks() {
        window.marked = [:]
        if !marks.isEmpty { marks = [] }
    }

    /// Whether the row shown at display position `position` is marked.
    public func isMarked(position: Int) -> Bool {
        guard !marks.isEmpty, let row = row(at: position) else { return false }
        return marks.contains(row.id)
    }

    /// The marked rows in the source's order (every loaded row whose id is marked, those the
    /// filter hides included: a mark stays on its record).
    public var markedRows: [Row] {
        let marks = marks
        guard !marks.isEmpty else { return [] }
        if isWindowed { return window.marked.values.sorted { $0.id < $1.id } }
        return rows.filter { marks.contains($0.id) }
    }

    /// How many marked rows the filter hides now (a delete of the marked names them too).
    public var hiddenMarkCount: Int {
        let marked = markedRows.count
        guard marked > 0, !isWindowed else { return 0 }
        let shown = (0..<find.finder.order.count).reduce(0) { $0 + (isMarked(position: $1) ? 1 : 0) }
        return max(0, marked - shown)
    }

    /// `3 marked` for the status line, or `nil` when none is.
    public var marksSummary: String? {
        marks.isEmpty ? nil : "\(marks.count) marked"
    }

    /// How many rows are marked, in the list's words (`3 users`), or `nil` when none is.
    public var marksCounted: String? {
        marks.isEmpty ? nil : name.count(marks.count)
    }

    /// Why `M` would do nothing, or `nil` when a row is marked.
    public var clearMarksUnavailableReason: String? { marks.isEmpty ? "no row is marked" : nil }

    /// For drawing one frame: whether the row at a display position is marked, reading the
    /// observed marks, rows and order once (as ``cells()`` does); `nil` when none is marked.
    public func markedPositions() -> ((Int) -> Bool)? {
        let marks = marks
        guard !marks.isEmpty else { return nil }
        if isWindowed {
            let rows = rows
            let start = window.start
            return { rows.indices.contains($0 - start) && marks.contains(rows[$0 - start].id) }
        }
        let rows = rows
        let order = find.finder.order
        return { position in
            order.indices.contains(position) && rows.indices.contains(order[position]) && marks.contains(rows[order[position]].id)
        }
    }

    /// After a load: drops the marks whose record is no longer among the rows (deleted, or gone
    /// from the source).
    func keepMarksOfLoadedRows() {
        guard !marks.isEmpty, !isWindowed else { return }
        let present = Set(rows.lazy.map(\.id).filter(marks.contains))
        if present.count != marks.count { marks = present }
    }
}
