import BulletinData

// The paging hook of ``RecordListModel``: sources that page (DummyJSON's and GitHub's users)
// answer a first page and a cursor; the next page loads when the selection nears the end of
// the loaded rows, or when the last row ("Loading more…") is drawn, and is appended.

extension RecordListModel {
    /// Whether the last row is the "more" row (pages remain, no filter hides rows).
    var showsPagingRow: Bool { paging != .complete && state.value != nil && find.finder.query.isEmpty }

    /// Whether display position `row` is the last "more" row.
    public func isPagingRow(_ row: Int) -> Bool { showsPagingRow && row == find.finder.order.count }

    /// The column the "more" row's text is in: the first that is not the id.
    public var pagingColumn: Int { columns.firstIndex { $0.declaration.title != ListColumn.id.title } ?? 0 }

    /// The text of the last row while pages remain: `Loading more…`, or the failure
    /// (``pagingCanRetry`` says it can be tried again; the screen says how).
    public var pagingRowText: String? {
        switch paging {
        case .complete: nil
        case .more, .loading: walksToEnd ? "Loading every page… (\(rows.count) so far)" : "Loading more…"
        case let .failed(error): "Could not load more: \(error.description)"
        }
    }

    /// Whether loading the next page failed and opening the last row (or reloading) tries again.
    public var pagingCanRetry: Bool {
        if case .failed = paging { true } else { false }
    }

    /// The screen drew the rows up to display position `last`: when that shows the "more" row,
    /// the next page loads now (a row that says it is loading is loading), not only once the
    /// selection gets near it.
    public func shown(through last: Int) {
        guard case .more = paging, showsPagingRow, last >= find.finder.order.count else { return }
        loadMore()
    }

    func setNext(_ cursor: PageCursor?) {
        nextCursor = cursor
        paging = cursor == nil || feed.page == nil ? .complete : .more
    }

    /// Asks for the next page when the selection is within ``prefetchDistance`` rows of the end
    /// of the loaded rows (counted from the rows, not the finder's order, which may still be
    /// catching up with a page just appended). Never while a filter is set.
    func loadMoreIfNear() {
        guard case .more = paging, showsPagingRow, walksToEnd || selection.selected >= rows.count - Self.prefetchDistance
        else { return }
        loadMore()
    }

    /// After a page of a walk to the end (``walksToEnd``): the selection on the last row once
    /// the finder shows the page, and the next page asked for; with none left the walk ends.
    private func walkOn() {
        guard walksToEnd else { return }
        let finder = find.finder
        walkTask = Task { [weak self] in
            await finder.waitUntilIdle()
            // A move or a reload meanwhile stopped the walk: the selection stays where it was put.
            guard let self, walksToEnd else { return }
            selection.end(count: rowCount)
            // Pages remain (the next may be on its way already) unless the source said it has no more.
            if paging == .complete || !showsPagingRow { walksToEnd = false }
        }
    }

    /// Loads the next page and appends it; a failure keeps what is loaded and marks the last row.
    func loadMore() {
        guard let cursor = nextCursor, let page = feed.page, state.value != nil else { return }
        paging = .loading
        loader.loadPage({ () async throws(DataError) in try await page(cursor) }) { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case let .loaded(next):
                loader.show(rows + next.rows)
                issues += next.issues
                setNext(next.next)
                indexRows()
                walkOn()
                loadMoreIfNear()
            case let .failed(error):
                walksToEnd = false
                paging = .failed(error)
            case .idle, .loading: break
            }
        }
    }
}
