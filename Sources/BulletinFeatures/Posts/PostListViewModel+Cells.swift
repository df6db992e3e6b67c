extension PostListViewModel {
    /// The cells of the list as it is now, for drawing one frame: ``rows`` and the finder's
    /// order are read once, here, and the returned function reads no observable property again.
    ///
    /// ``cell(row:column:)`` reads both for every cell, and while a frame is drawn under
    /// observation tracking each of those reads is recorded (a hashed key path per read, ~2% of
    /// a one-row move on the 1M list); a frame that draws through this function records two.
    /// It returns what ``cell(row:column:)`` returns for every position and column (`""` past
    /// the end); use it within the frame it was made for (it keeps the rows of that moment).
    public func cells() -> (_ row: Int, _ column: Column) -> String {
        let rows = rows
        let order = find.finder.order
        return { position, column in
            guard order.indices.contains(position), rows.indices.contains(order[position]) else { return "" }
            return Self.text(of: rows[order[position]], column: column)
        }
    }
}
