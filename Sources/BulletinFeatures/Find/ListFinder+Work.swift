import BulletinData

/// Where ``ListFinder``'s passes run and how their results are applied.
///
/// Per intent the main actor does a constant amount of work: fold the query, cancel the pass in
/// flight, start the next. The pass (``FindJob``: filter, sort, row → position map, where the
/// selection goes) runs off the main actor; applying it is a few assignments. A pass applies
/// only when ``ListFinder/generation`` has not moved since it started, so a superseded result
/// is dropped even if it finishes before its cancellation is noticed.
extension ListFinder {
    // MARK: - Passes

    /// Starts a pass for the current query and sort (synchronously for small lists); while the
    /// index is being built it only waits, and the build starts the pass when done.
    func refresh() {
        generation += 1
        findTask?.cancel()
        findTask = nil
        guard let index else {
            isWorking = true
            showWhileIndexing(count: rowCount)
            return
        }
        let job = makeJob(index: index)
        // A regular expression is matched cell by cell: never on the main actor, however few the rows.
        if index.rowCount <= backgroundThreshold, job.regex == nil {
            if let result = job.run(isCancelled: { false }) { apply(result, of: job) }
            isWorking = isIndexing
            return
        }
        isWorking = true
        let generation = self.generation
        findTask = Task { [weak self] in
            let result = await Self.compute(job)
            guard let self, let result, self.generation == generation else { return }
            self.apply(result, of: job)
            self.findTask = nil
            self.isWorking = self.isIndexing
        }
    }

    /// Builds the index off the main actor, showing the rows unfiltered meanwhile.
    /// With `id`, the id → row map is built in the same task, after the index.
    func startBuild(count: Int, text: @escaping @Sendable (Int, Int) -> String, id: (@Sendable (Int) -> String)?) {
        isIndexing = true
        refresh()
        let version = rowsVersion
        let columnCount = columns.count
        buildTask = Task { [weak self] in
            let built = await Self.build(count: count, columnCount: columnCount, text: text, id: id)
            guard let self, let built, self.rowsVersion == version else { return }
            self.index = built.index
            self.rowsByID = built.rowsByID
            self.isIndexing = false
            self.buildTask = nil
            self.refresh()
        }
    }

    // MARK: - Lookups

    /// The display position of source row `row`, or `nil` when it is not shown.
    func position(ofRow row: Int) -> Int? {
        guard row >= 0, row < rowCount else { return nil }
        if positions.count == rowCount, order.count <= rowCount {
            let position = Int(positions[row])
            return position >= 0 && position < order.count && order[position] == row ? position : nil
        }
        return order.firstIndex(of: row)
    }

    /// Whether a source row matches `query`: from the last pass's mask when it was for the same
    /// query, else by searching the row; `nil` while the index is being built.
    func matcher(for pattern: SearchPattern) -> ((Int) -> Bool)? {
        let needle = Self.filterKey(pattern)
        if let matchMask, matchMask.needle == needle {
            let positions = matchMask.positions
            return { $0 < positions.count && positions[$0] >= 0 }
        }
        guard let index else { return nil }
        if case let .regex(regex) = pattern {
            guard let text = widthSource?.text else { return nil }
            let columns = index.columnCount
            return { row in row < index.rowCount && (0..<columns).contains { regex.matches(text(row, $0)) } }
        }
        return { $0 < index.rowCount && index.matches(row: $0, needle: needle) }
    }

    /// The bytes a filter is known by between passes: a literal's folded text; for a regular
    /// expression, a 0xFF byte (never in UTF-8, so no literal's key equals or contains it) and
    /// its source, with whether it is case-sensitive.
    nonisolated static func filterKey(_ pattern: SearchPattern) -> [UInt8] {
        switch pattern {
        case let .literal(text): TextFolding.foldedUTF8(text)
        case let .regex(regex): regex.source.isEmpty ? [] : [0xFF, regex.isCaseSensitive ? 1 : 0] + Array(regex.source.utf8)
        }
    }

    // MARK: - Private

    private func makeJob(index: FindIndex) -> FindJob {
        let needle = Self.filterKey(pattern)
        let sort = sortColumn.map { FindJob.Sort(column: $0, ascending: ascending, type: columns[$0].type) }
        var regex: (pattern: RegexPattern, text: @Sendable (Int, Int) -> String)?
        if case let .regex(expression) = pattern, !needle.isEmpty, let text = widthSource?.text { regex = (expression, text) }
        var job = FindJob(
            query: query, index: index, needle: needle, regex: regex, candidates: nil, filtered: nil, sort: sort,
            keep: selectedRow, previousOrder: order, previousPosition: selection.selected
        )
        if let applied {
            if applied.needle == needle {
                job.filtered = applied.filtered
            } else if !applied.needle.isEmpty, applied.needle.first != 0xFF, needle.first != 0xFF,
                      ByteSearch.firstOffset(of: applied.needle, in: needle, from: 0) != nil {
                // A literal that grew narrows from the rows the shorter one found.
                job.candidates = applied.filtered
            }
        }
        return job
    }

    /// Shows a pass's result: the order, the selection (the kept row, or where the user moved
    /// it meanwhile, or the nearest), the narrowing base and what `n` matches.
    private func apply(_ result: FindJob.Result, of job: FindJob) {
        let current = selectedRow
        order = result.order
        positions = result.positions
        applied = (job.needle, result.filtered)
        if !job.needle.isEmpty { matchMask = (job.needle, result.positions) }
        if current == job.keep {
            if let position = result.selection { selection.selected = position }
        } else if let current, let position = position(ofRow: current) {
            selection.selected = position
        }
        selection.clamp(count: order.count)
        didApply?(job.query, order)
    }

    /// While the index builds: every row in source order, or (with a filter or sort set) the
    /// order shown so far without rows that no longer exist.
    private func showWhileIndexing(count: Int) {
        positions = []
        if query.isEmpty, sortColumn == nil {
            order = Array(0..<count)
        } else if order.contains(where: { $0 >= count }) {
            order = order.filter { $0 < count }
        }
        selection.clamp(count: order.count)
    }

    @concurrent
    private nonisolated static func compute(_ job: FindJob) async -> FindJob.Result? {
        job.run(isCancelled: { Task.isCancelled })
    }

    /// The index and (with `id`) the id map, built at the same time in two child tasks: they
    /// read the rows only, and on two cores the map (hashing every id) no longer waits for the index.
    @concurrent
    private nonisolated static func build(
        count: Int, columnCount: Int, text: @escaping @Sendable (Int, Int) -> String, id: (@Sendable (Int) -> String)?
    ) async -> (index: FindIndex, rowsByID: RowIDs)? {
        async let rowsByID = buildIDMap(count: count, id: id)
        let index = await buildIndex(count: count, columnCount: columnCount, text: text)
        guard let index, let rowsByID = await rowsByID else { return nil }
        return (index, rowsByID)
    }

    @concurrent
    private nonisolated static func buildIndex(
        count: Int, columnCount: Int, text: @escaping @Sendable (Int, Int) -> String
    ) async -> FindIndex? {
        FindIndex.build(rowCount: count, columnCount: columnCount, isCancelled: { Task.isCancelled }, text: text)
    }

    @concurrent
    private nonisolated static func buildIDMap(count: Int, id: (@Sendable (Int) -> String)?) async -> RowIDs? {
        guard let id else { return RowIDs() }
        return RowIDs.build(count: count, isCancelled: { Task.isCancelled }, id: id)
    }
}
