import BulletinData

// What every list shows: its heading, its status line's summary and its cells, the same words
// and rules on every list (``RecordListModel``).

extension RecordListModel {
    /// `Albums (10)`; `Albums (…)` while the first load runs, `Albums (—)` when it failed.
    public var heading: String {
        switch state {
        case .idle, .loading: "\(name.title) (…)"
        case .failed: "\(name.title) (—)"
        case .loaded where isWindowed:
            "\(name.title) (\(windowCount.map(String.init) ?? (find.finder.query.isEmpty ? estimatedCount.map { "~\($0)" } : nil) ?? "…"))"
        case let .loaded(rows): "\(name.title) (\(rows.count))"
        }
    }

    /// The status line's summary: `10 users`; `233472 posts so far` while batches arrive or
    /// pages remain; after a failed reload it starts with why (`Not reloaded: …`), and ends
    /// with the records skipped (`· 1 record skipped: users[3].name null`).
    /// - Parameter progress: How far a long load has got (`indexing 45% of 611.5 MB`), shown
    ///   while batches arrive.
    public func summary(progress: String? = nil) -> String {
        switch state {
        case .idle, .loading: return "Loading \(name.plural)…"
        case .loaded where isWindowed:
            let count = (find.finder.query.isEmpty ? windowCount : baseCount).map(name.count)
                ?? estimatedCount.map { "~" + name.count($0) + ", counting…" } ?? "counting \(name.plural)…"
            // An index's advice is for lists long enough to need one (not 20 posts).
            let advice = (baseCount ?? estimatedCount).map { $0 >= TextSearchMethod.smallTable } == true ? window.plan?.advice : nil
            return [reloadFailureText, windowWork ?? count, advice].compactMap { $0 }.joined(separator: " · ")
        case let .loaded(rows) where isPartial:
            return [name.count(rows.count) + " so far", progress].compactMap { $0 }.joined(separator: " · ")
        case let .loaded(rows):
            return [reloadFailureText, name.count(rows.count) + (paging == .complete ? "" : " so far"),
                    RecordIssue.summary(of: issues)]
                .compactMap { $0 }.joined(separator: " · ")
        case .failed: return "Failed to load \(name.plural)"
        }
    }

    /// Why moving and finding do nothing: the list did not load.
    public var rowsUnavailableReason: String? { state.error == nil ? nil : "the \(name.plural) did not load" }

    /// The text of the cell at display position `row` in `column`; the "more" row's text in
    /// the first column that is not the id.
    public func cell(row: Int, column: Int) -> String {
        if isPagingRow(row) { return column == pagingColumn ? pagingRowText ?? "" : "" }
        guard let record = self.row(at: row), columns.indices.contains(column) else { return "" }
        return columns[column].text(record)
    }

    /// The cells of the list as it is now, for drawing one frame: the rows and the finder's
    /// order are read once, here, and the returned function reads no observable property again.
    ///
    /// ``cell(row:column:)`` reads both for every cell, and while a frame is drawn under
    /// observation tracking each of those reads is recorded (a hashed key path per read, ~2% of
    /// a one-row move on the 1M list); a frame drawn through this function records two. It
    /// answers what ``cell(row:column:)`` answers; use it within the frame it was made for.
    public func cells() -> (_ row: Int, _ column: Int) -> String {
        if isWindowed {
            let rows = rows
            let start = window.start
            let columns = columns
            return { position, column in
                rows.indices.contains(position - start) ? columns[column].text(rows[position - start]) : ""
            }
        }
        let rows = rows
        let order = find.finder.order
        let columns = columns
        let paging = showsPagingRow ? (row: order.count, column: pagingColumn, text: pagingRowText ?? "") : nil
        return { position, column in
            if let paging, position == paging.row { return column == paging.column ? paging.text : "" }
            guard order.indices.contains(position), rows.indices.contains(order[position]) else { return "" }
            return columns[column].text(rows[order[position]])
        }
    }
}
