import BulletinData

/// The window hook's state (``RecordListModel+Windows.swift``): which display positions the rows
/// held are, their keys, and the query they were read for.
struct RowWindow<Row> {
    /// The display position of the first row held.
    var start = 0
    /// The keys of the rows held, in order.
    var keys: [WindowKey] = []
    /// The query the rows were read for.
    var query = WindowQuery()
    /// How the source answers ``query`` (for the screen's words while it runs).
    var plan: WindowPlan?
    /// The count in flight.
    var countTask: Task<Void, Never>?
    /// The look for marked records gone, in flight.
    var marksTask: Task<Void, Never>?
    /// The count of an estimated position's rows before it, in flight.
    var positionTask: Task<Void, Never>?
    /// The question of how the source answers the query, in flight.
    var planTask: Task<Void, Never>?
    /// Bumped by every new query; a count or first window applies only if unchanged.
    var generation = 0
    /// Whether the read of a new query's first window is in flight (a sort or a filter).
    var queryRunning = false
    /// The rows marked, by id (marks outlive the window that held them).
    var marked: [RecordID: Row] = [:]
    /// The last row in id order (the longest id, usually), read once per list so the ID column
    /// is as wide as the list's ids, not only as the first window's.
    var widest: Row?
    /// Whether a read of the rows next to those held is in flight (``ensureWindow()``).
    var readsNeighbour = false
    /// Whether the selection moved on while it was, so another read follows it.
    var readsAgain = false
    /// The record selected when the filter or sort last began to change.
    var selectedID: RecordID?
    /// The query the rows held were read for (``query`` while a new one's read has not come, or failed).
    var shownQuery = WindowQuery()
}

// The window hook of ``RecordListModel`` (issue 25 item 3): a list whose feed reads windows by key
// (``ListFeed/windows``, a database's Posts list) holds only a few hundred rows around the
// selection, the display positions of the whole list; the count comes from the source once per
// query (`…` until known); the filter and sort are the source's query, not the finder's pass.

extension RecordListModel {
    /// Rows read at a time.
    static var windowSize: Int { 300 }
    /// Rows kept either side of the selection before the window moves.
    static var windowMargin: Int { 120 }
    /// Rows held at most.
    static var windowLimit: Int { 1_200 }

    /// Whether the list reads windows by key.
    public var isWindowed: Bool { feed.windows != nil }

    /// The row at display position `position` among the rows held.
    func windowRow(at position: Int) -> Row? {
        let rows = rows
        let index = position - window.start
        return rows.indices.contains(index) ? rows[index] : nil
    }

    /// The query the finder's filter and sort amount to.
    var windowQuery: WindowQuery {
        let finder = find.finder
        let field = finder.sortColumn.flatMap { feed.windows?.sortFields[$0] } ?? "id"
        let literal: String = if case let .literal(text) = finder.pattern { text } else { finder.query }
        return WindowQuery(filter: literal, sortField: field, ascending: finder.sortColumn == nil || finder.ascending)
    }

    /// `sorting 10000000 posts… (Esc stops)` while a query no index answers runs; `nil` otherwise.
    public var windowWork: String? {
        guard window.queryRunning, let plan = window.plan, !(plan.sortIsIndexed && plan.filterIsIndexed) else { return nil }
        let verb = plan.sortIsIndexed ? "filtering" : "sorting"
        let count = baseCount.map { name.count($0) } ?? name.plural
        return "\(verb) \(count)… (Esc stops)"
    }

    // MARK: - Loading

    /// Reads the window around the selected row (the first rows when none is), and counts the
    /// rows of the query again: `r`, a write (the same query: the selected row's key), a new
    /// filter or sort (`fromTop`, or `keeping` the record with that id selected where the new
    /// query places it, when it passes; the first rows when it does not).
    /// - Parameter recount: Whether to count the query's rows again (no: others only updated rows).
    func reloadWindow(fromTop: Bool = false, keeping kept: RecordID? = nil, recount: Bool = true) {
        guard let windows = feed.windows else { return }
        let query = windowQuery
        let anchor = fromTop || query != window.query ? nil : selectedKey
        // The selected record, followed by id: others may have changed its sort value since.
        let anchorID = anchor == nil ? nil : windowRow(at: selection.selected)?.id
        // Where the selection is now: moves made while the rows are read are kept on top of them.
        let startSelected = selection.selected
        // A position found from the ends of the ids needs the count: the unfiltered one is known.
        let knownCount = query.filter.isEmpty ? baseCount : nil
        window.generation += 1
        window.queryRunning = query != window.query && state.value != nil
        // `filtering…` from the key on until the new rows are in; then `… of N` until the count.
        if window.queryRunning { find.finder.isWorking = true }
        window.query = query
        let generation = window.generation
        let size = Self.windowSize
        let readsWidest = window.widest == nil
        window.planTask = Task { [weak self] in
            let plan = await windows.plan(query)
            guard let self, window.generation == generation else { return }
            window.plan = plan
        }
        if query.filter.isEmpty, baseCount == nil, estimatedCount == nil { estimate(query, generation: generation) }
        loadStarted = .now
        let count = windowCount
        typealias Read = (found: Found, widest: Row?)
        loader.reload(keepsValue: state.value != nil, { () async throws(DataError) -> Read in
            let widest = readsWidest ? try await windows.window(WindowQuery(), .last, 1).first?.row : nil
            if let anchor {
                if let anchorID, let looked = try await windows.key(anchorID, query), looked.passes, looked.key != anchor {
                    return (try await Self.around(looked.key, query, count: count, windows), widest)
                }
                return (try await Self.around(anchor, query, count: count, windows), widest)
            }
            if let kept, let looked = try await windows.key(kept, query), looked.passes {
                return (try await Self.around(looked.key, query, count: knownCount, windows), widest)
            }
            return ((0, 0, try await windows.window(query, .first, size), true), widest)
        }, value: { [weak self] read in
            if let widest = read.widest { self?.window.widest = widest }
            // The selected row where it is now (rows added or removed before it move it, a new
            // order puts it elsewhere); gone, the row after it, or the one before it when it
            // was the last; the first row when the rows start at the top.
            if let self {
                let found = read.found
                let moved = anchor != nil ? selection.selected - startSelected : 0
                selection.selected = moved + (found.rows.indices.contains(found.before) ? found.position
                    : anchor != nil && found.before > 0 ? found.position - 1 : found.position - found.before)
            }
            self?.window.start = read.found.position - read.found.before
            self?.window.keys = read.found.rows.map(\.key)
            self?.window.shownQuery = query
            return read.found.rows.map(\.row)
        }) { [weak self] read in
            guard let self, window.generation == generation else { return }
            loadStarted = nil
            window.queryRunning = false
            find.finder.isWorking = false
            issues = []
            setNext(nil)
            if read != nil { measureWindow(); dropMarksOfGoneRows() }
            if let read { refinePosition(read.found) }
            // Moves made meanwhile may have gone past the rows read.
            if read != nil, selection.selected != startSelected { ensureWindow() }
            if recount || windowCount == nil { countWindow(query, generation: generation) }
        }
    }

    /// After a reload: drops the marks whose record the source no longer holds (deleted here or
    /// elsewhere), looked up by id (at most ``marksChecked`` of them), so a later `d` does not
    /// stop on a record that is gone.
    private func dropMarksOfGoneRows() {
        guard let windows = feed.windows, !window.marked.isEmpty else { return }
        let ids = Array(window.marked.keys.sorted().prefix(Self.marksChecked))
        window.marksTask = Task { [weak self] in
            var gone: [RecordID] = []
            for id in ids {
                do throws(DataError) {
                    if try await windows.key(id, WindowQuery()) == nil { gone.append(id) }
                } catch {
                    return   // not read: the marks stay
                }
            }
            guard let self, !gone.isEmpty else { return }
            for id in gone { window.marked[id] = nil }
            marks.subtract(gone)
        }
    }

    /// How many marks a reload checks for records gone.
    static var marksChecked: Int { 500 }

    /// Asks the source about how many rows the unfiltered list has (``estimatedCount``), shown
    /// until the count comes: a server's statistics answer at once where counting takes long.
    private func estimate(_ query: WindowQuery, generation: Int) {
        guard let windows = feed.windows else { return }
        Task { [weak self] in
            let estimate = await windows.estimate(query)
            guard let self, window.generation == generation, baseCount == nil else { return }
            estimatedCount = estimate
        }
    }

    /// `not filtered: Lost the connection to …` while the rows shown are another query's than
    /// the one typed because reading it failed (`r` tries again); `nil` otherwise.
    var windowQueryFailure: String? {
        guard let error = reloadError, window.shownQuery != window.query, !window.queryRunning else { return nil }
        return "not filtered: \(error) (r tries again)"
    }

    /// Counts the rows of `query` (the status line says `…` until it comes).
    private func countWindow(_ query: WindowQuery, generation: Int) {
        guard let windows = feed.windows else { return }
        window.countTask?.cancel()
        window.countTask = Task { [weak self] in
            let counted = try? await windows.count(query)
            guard let self, window.generation == generation else { return }
            windowCount = counted
            if query.filter.isEmpty { baseCount = counted }
            selection.clamp(count: rowCount)
            ensureWindow()
        }
    }

    /// Counts the unfiltered rows again while a filter is set (others added or deleted rows:
    /// `2 of 6`, not `2 of 5`), and waits for it.
    func recountBase() async {
        guard let windows = feed.windows, !window.query.filter.isEmpty else { return }
        var unfiltered = window.query
        unfiltered.filter = ""
        let generation = window.generation
        guard let counted = try? await windows.count(unfiltered), window.generation == generation else { return }
        baseCount = counted
    }

    /// The finder's filter or sort changed: the source's query changes with it.
    func windowQueryChanged() {
        guard isWindowed, state.value != nil else { return }
        let query = windowQuery
        guard query != window.query else { return }
        feed.windows?.cancel()
        windowCount = nil
        // A new sort, or a filter taken off, keeps the selected post; typing a filter starts at
        // its first match.
        let typed = !query.filter.isEmpty && query.filter != window.query.filter
        let selected = typed ? nil : window.selectedID
        reloadWindow(fromTop: selected == nil, keeping: selected)
    }

    /// Notes the selected record's id before the finder's pass moves the selection (a new
    /// query then selects it where it is in the new order).
    func noteSelectedRecord() {
        window.selectedID = windowRow(at: selection.selected)?.id
    }

    /// Esc while a query no index answers runs: stops it and takes off what no index answers
    /// (the sort goes back to the id's order, the filter is cleared).
    /// - Returns: Whether there was one to stop.
    public func cancelWindowWork() -> Bool {
        guard windowWork != nil, let plan = window.plan else { return false }
        feed.windows?.cancel()
        if !plan.sortIsIndexed { find.finder.restoreSourceOrder() }
        if !plan.filterIsIndexed { find.cancelFilter() }
        find.windowWorkStopped(sort: !plan.sortIsIndexed, filter: !plan.filterIsIndexed)
        return true
    }

    /// The key of the selected row, when it is held.
    private var selectedKey: WindowKey? {
        let index = selection.selected - window.start
        return window.keys.indices.contains(index) ? window.keys[index] : nil
    }

    /// The widths of the columns, from the rows held and the list's last row by id (the finder
    /// measures them), or from `read` (a window just read); they only widen while the list is
    /// shown, so a sort or a window further on never narrows a column under the reader.
    private func measureWindow(_ read: [Row]? = nil) {
        let rows = read ?? (rows + (window.widest.map { [$0] } ?? []))
        let columns = columns
        find.finder.measure(count: rows.count, growing: true) { row, column in columns[column].text(rows[row]) }
    }

    // MARK: - Moving

    /// After a move: reads the rows the selection and the screen around it need when the rows
    /// held do not have them: the next or previous window by key when near, else the first or
    /// last rows, else the rows from a position (a far jump).
    func ensureWindow() {
        guard let windows = feed.windows, state.value != nil, !window.queryRunning else { return }
        let held = window.start..<(window.start + rows.count)
        let total = windowCount
        let position = selection.selected
        let low = max(0, position - Self.windowMargin)
        let high = min(total ?? Int.max, position + Self.windowMargin)
        let holdsEnd = total.map { held.upperBound >= $0 } ?? false
        if low >= held.lowerBound, high <= held.upperBound || holdsEnd { return }
        let query = window.query
        let size = Self.windowSize
        let start: WindowStart
        var base: Int
        // Rows next to those held are read by key, as many as reach past the selection (a burst
        // of PgDn may have moved it a few windows on); only a selection farther away reads from
        // an end or a position.
        let reach = Self.windowLimit
        var limit = size
        if position >= held.upperBound - Self.windowMargin, position < held.upperBound + reach, let last = window.keys.last {
            start = .after(last)
            base = held.upperBound
            limit = min(reach, max(size, position + Self.windowMargin + size / 2 - held.upperBound))
        } else if position < held.lowerBound + Self.windowMargin, position >= held.lowerBound - reach, let first = window.keys.first {
            start = .before(first)
            base = held.lowerBound
            limit = min(reach, max(size, held.lowerBound - position + Self.windowMargin + size / 2))
        } else if position < size {
            start = .first
            base = 0
        } else if let total, position >= total - size {
            start = .last
            base = total
        } else {
            base = max(0, position - size / 2)
            start = .offset(base)
        }
        if start == .first || start == .last { limit = size * 2 }
        // A read of the rows next to those held is not cancelled by the next key (a burst of
        // keys would cancel every one and show blank rows until it ends): the next read waits
        // for it and starts from what it read. A read from elsewhere replaces it.
        let isNeighbour = if case .after = start { true } else if case .before = start { true } else { false }
        if window.readsNeighbour, isNeighbour {
            window.readsAgain = true
            return
        }
        window.readsNeighbour = isNeighbour
        window.readsAgain = false
        let generation = window.generation
        let count = limit
        loader.loadPage({ () async throws(DataError) in try await windows.window(query, start, count) }) { [weak self] outcome in
            guard let self else { return }
            window.readsNeighbour = false
            guard window.generation == generation else { return }
            if case let .loaded(read) = outcome { apply(read, at: start, base: base, limit: count) }
            if window.readsAgain {
                window.readsAgain = false
                ensureWindow()
            }
        }
    }

    /// Puts a window read from `start` (at most `limit` rows) beside (or in place of) the rows held.
    private func apply(_ read: [(row: Row, key: WindowKey)], at start: WindowStart, base: Int, limit: Int) {
        var rows = self.rows
        var keys = window.keys
        switch start {
        case .after:
            rows += read.map(\.row)
            keys += read.map(\.key)
            if read.count < limit { windowCount = window.start + rows.count }
        case .before:
            rows = read.map(\.row) + rows
            keys = read.map(\.key) + keys
            window.start = max(0, base - read.count)
        case .last:
            rows = read.map(\.row)
            keys = read.map(\.key)
            window.start = max(0, base - read.count)
        case .first, .offset, .from:
            rows = read.map(\.row)
            keys = read.map(\.key)
            window.start = base
        }
        // Too many held: the far side of the selection goes.
        if rows.count > Self.windowLimit {
            let keepFrom = max(0, min(selection.selected - window.start - Self.windowLimit / 2, rows.count - Self.windowLimit))
            rows = Array(rows[keepFrom..<(keepFrom + Self.windowLimit)])
            keys = Array(keys[keepFrom..<(keepFrom + Self.windowLimit)])
            window.start += keepFrom
        }
        window.keys = keys
        loader.show(rows)
        selection.clamp(count: rowCount)
        measureWindow(read.map(\.row))
    }

    // MARK: - Jumps

    /// A row found away from the rows held (`:12`, `n`, a reload): its position in the list (an
    /// estimate while `exact` is false), and the rows before and from it.
    private typealias Found = (position: Int, before: Int, rows: [(row: Row, key: WindowKey)], exact: Bool)

    /// The rows around `key` in `query`'s order, and its position: the source's estimate when
    /// it has one and the count is known (one lookup at each end of the ids, where counting the
    /// rows before a post five million rows down reads them all), else counted.
    private static func around(_ key: WindowKey, _ query: WindowQuery, count: Int?,
                               _ windows: ListWindows<Row>) async throws(DataError) -> Found {
        let before = try await windows.window(query, .before(key), windowSize / 2)
        let after = try await windows.window(query, .from(key), windowSize)
        if let count, count > 0, let fraction = try await windows.fraction(key, query) {
            // Kept where the rows read fit: the first rows start at 0, the last end at the count.
            let estimate = Int((fraction * Double(count - 1)).rounded())
            let position = max(before.count, min(estimate, count - after.count))
            return (position, before.count, before + after, false)
        }
        return (try await windows.position(key, query), before.count, before + after, true)
    }

    /// Holds the rows of `found` and selects its row.
    private func show(_ found: Found) {
        window.start = found.position - found.before
        window.keys = found.rows.map(\.key)
        loader.show(found.rows.map(\.row))
        selection.selected = found.position
        selection.clamp(count: rowCount)
        refinePosition(found)
    }

    /// After rows were placed at an estimated position: counts the rows before the found one,
    /// and moves the rows held, the selection and the scroll by the difference when it comes
    /// (the same rows stay on screen; the position shown becomes exact).
    private func refinePosition(_ found: Found) {
        guard !found.exact, let windows = feed.windows, found.rows.indices.contains(found.before) else { return }
        let key = found.rows[found.before].key
        let query = window.query
        let generation = window.generation
        let estimate = found.position
        window.positionTask?.cancel()
        window.positionTask = Task { [weak self] in
            guard let exact = try? await windows.position(key, query), let self, window.generation == generation else { return }
            let delta = exact - estimate
            guard delta != 0 else { return }
            window.start += delta
            var state = selection
            state.selected += delta
            state.offset = max(0, state.offset + delta)
            selection = state
            selection.clamp(count: rowCount)
        }
    }

    /// `:12`: one lookup of the id, its position in the query's order, and the rows around it.
    func windowJump(toID text: String) {
        guard let windows = feed.windows else { return }
        let query = window.query
        let generation = window.generation
        let id = RecordID(text)
        let count = windowCount
        find.windowJumpStarted()
        window.readsNeighbour = false   // this read replaces (cancels) one in flight
        loader.loadPage({ () async throws(DataError) -> (found: Found?, passes: Bool)? in
            guard let looked = try await windows.key(id, query) else { return nil }
            guard looked.passes else { return (nil, false) }
            return (try await Self.around(looked.key, query, count: count, windows), true)
        }) { [weak self] outcome in
            guard let self, window.generation == generation else { return }
            switch outcome {
            case let .loaded(answer?):
                if let found = answer.found {
                    show(found)
                    find.windowJumpAnswered(.found, id: text)
                } else {
                    find.windowJumpAnswered(.hidden, id: text)
                }
            case .loaded(nil): find.windowJumpAnswered(.missing, id: text)
            case let .failed(error): find.windowJumpAnswered(.failed(error), id: text)
            case .idle, .loading: break
            }
        }
    }

    /// `n` / `N`: the next (previous) row after the selected one, in the list's order, whose
    /// title, author or id matches the last filter typed, wrapping around at the end; asked of
    /// the source (one window of one row), then the rows around it.
    func windowFindNext(forward: Bool) {
        guard let windows = feed.windows, let text = find.windowFindStarted() else { return }
        let query = window.query
        let matching = WindowQuery(filter: text, sortField: query.sortField, ascending: query.ascending)
        let key = selectedKey
        let count = windowCount
        let generation = window.generation
        window.readsNeighbour = false   // this read replaces (cancels) one in flight
        loader.loadPage({ () async throws(DataError) -> Found? in
            var next: WindowKey?
            if let key { next = try await windows.window(matching, forward ? .after(key) : .before(key), 1).first?.key }
            if next == nil { next = try await windows.window(matching, forward ? .first : .last, 1).first?.key }
            guard let next else { return nil }
            return try await Self.around(next, query, count: count, windows)
        }) { [weak self] outcome in
            guard let self, window.generation == generation else { return }
            switch outcome {
            case let .loaded(found?):
                show(found)
                find.windowFindAnswered(.success(true))
            case .loaded(nil): find.windowFindAnswered(.success(false))
            case let .failed(error): find.windowFindAnswered(.failure(error))
            case .idle, .loading: break
            }
        }
    }

    /// Selects the record with id `id` after a write: at once when held, else by a jump.
    func windowSelect(id: RecordID) -> Bool {
        if let index = rows.firstIndex(where: { $0.id == id }) {
            selection.selected = window.start + index
            return true
        }
        windowJump(toID: id.text)
        return false
    }
}
