import BulletinData

/// The batch hook's state during a first load whose rows arrive in batches (``ListFeed/sendsBatches``).
struct ArrivingRows<Row: Sendable> {
    /// Where the reader sends the batches; `nil` when none are taken (no load, or a reload).
    var feed: RowBatches<Row>?
    /// The rows arrived so far, in order.
    var rows: [Row] = []
    /// When the finder last got them.
    var shown: ContinuousClock.Instant?
    /// Rows arrived that the finder has not been given yet (kept back by the 250 ms spacing).
    var handOverPending = false
}

// The batch hook of ``RecordListModel``: while a big file is read, its first rows show at once
// in file order (``RecordListModel/isPartial``, the count saying `so far`), more as they come.

extension RecordListModel {
    /// Starts taking batches for the load about to run.
    func beginBatches() -> RowBatches<Row> {
        let feed = RowBatches<Row> { [weak self] in
            Task { @MainActor [weak self] in self?.takeArrivingRows() }
        }
        arriving = ArrivingRows(feed: feed)
        return feed
    }

    /// Stops taking batches (the load ended, or another began).
    func endBatches() {
        arriving = ArrivingRows()
        isPartial = false
    }

    /// Batches that arrived since the last call: appended to the rows shown so far; the finder
    /// gets them at most every 250 ms (each hand-over indexes the rows again).
    private func takeArrivingRows() {
        guard let feed = arriving.feed, state.isLoading || isPartial else { return }
        let batches = feed.take()
        guard !batches.isEmpty || arriving.handOverPending else { return }
        arriving.handOverPending = false
        // The rows shown hold the array too: let go of them first, or the append copies it all.
        if case .loaded = state { loader.showLoading() }
        for batch in batches { arriving.rows += batch }
        if let shown = arriving.shown, ContinuousClock.now - shown < .milliseconds(250) {
            loader.show(arriving.rows)
            arriving.handOverPending = true
            feed.retry()
            return
        }
        let first = arriving.shown == nil
        arriving.shown = .now
        isPartial = true
        loader.show(arriving.rows)
        // The first rows get an index (a few thousand: at once); later hand-overs only show
        // the rows, so the finder does not index a growing list again and again meanwhile.
        if first { indexRows() } else { find.finder.showArriving(count: arriving.rows.count) }
    }
}
