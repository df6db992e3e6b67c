import BulletinData
import Observation
import ViewState

/// What a list's bottom line does for finding: the `/` filter prompt (its text and cursor), the
/// digits typed to jump to an id (`:12`), and what the last `n`, `N` or jump said.
///
/// A list view model owns one, beside (and around) its ``ListFinder``; the finder does the
/// filtering and sorting, this keeps the prompt's editing state and turns ids into messages.
/// It lives as long as its view model, so the filter and sort are kept while the list is on
/// the stack.
@MainActor
@Observable
public final class FindBar {
    // MARK: - Properties

    /// The list's filter, sort and display order.
    public let finder: ListFinder
    /// The kind of record a row shows, for messages: `user` in `no user 12 in this list`.
    public let noun: String
    /// The `/` prompt's text and cursor while it is open; its text is the finder's query
    /// (``editFilter(_:)`` filters again when an edit changed it).
    public private(set) var prompt = TextEditState()
    /// The digits typed so far for a jump to an id, or `nil` when no jump is being typed.
    public private(set) var jumpDigits: String?
    /// What the last `n`, `N` or jump said (`no user 12 in this list`); cleared by the next key.
    public private(set) var message: String? { didSet { messageIsHiddenByFilter = false } }
    /// Whether ``message`` says the record asked for is hidden by the filter (clearing the
    /// filter shows it; the screen says with which keys).
    public private(set) var messageIsHiddenByFilter = false
    /// Whether matches of ``ListFinder/lastQuery`` are highlighted with no filter set: after
    /// `n` / `N`, until the filter is cleared or edited again.
    public private(set) var marksLastQuery = false
    /// Whether the rows are the first pages of a longer list (more pages to load): counts and
    /// "not there" messages then say `so far`.
    public var isPartial = false

    // MARK: - Init

    /// - Parameters:
    ///   - columns: The list's columns, left to right, as declared (``ListColumn``).
    ///   - noun: The kind of record a row shows (`user`, `post`).
    ///   - selection: The list's selection, lent to the finder (``ListSelection``).
    ///   - backgroundThreshold: The finder's ``ListFinder/backgroundThreshold`` (tests pass a small one).
    public init(
        columns: [ListFinder.Column], noun: String, selection: ListSelection = ListSelection(),
        backgroundThreshold: Int = ListFinder.defaultBackgroundThreshold
    ) {
        finder = ListFinder(columns: columns, selection: selection, backgroundThreshold: backgroundThreshold)
        self.noun = noun
    }

    // MARK: - Presentation

    /// Whether keys are text for the bottom line (the `/` prompt or a jump being typed), so
    /// `q`, `s`, `n` and digits are not commands.
    public var capturesKeys: Bool { finder.isEditing || jumpDigits != nil }

    /// `/gra  37 of 100` (or `/xyz  no matches`) while a filter is set; `nil` without one.
    public var filterSummary: String? {
        guard let count = countText else { return nil }
        return "/" + finder.query + "  " + count
    }

    /// The finder's `37 of 100` or `no matches`, with `so far` on a partial list; `nil` without a filter.
    public var countText: String? { finder.statusText.map { isPartial ? $0 + " so far" : $0 } }

    /// Whether the table highlights matches: while a filter is set, or after `n` / `N`.
    public var highlightsMatches: Bool { !finder.query.isEmpty || marksLastQuery }

    /// `:12` while digits are being typed (the `:12` command they amount to); `nil` otherwise.
    public var jumpPrompt: String? { jumpDigits.map { ":" + $0 } }

    // MARK: - Filter

    /// `/`: opens the prompt on the current query, the cursor at its end.
    public func beginFilter() {
        message = nil
        jumpDigits = nil
        marksLastQuery = false
        finder.beginFilter()
        prompt = TextEditState(text: finder.query)
    }

    /// An editing key at the prompt: `change` edits the prompt's text and cursor in place;
    /// when the text changed, the list is filtered again by it (taken literally, or after `~` as
    /// a regular expression, ``SearchPattern``).
    public func editFilter(_ change: (inout TextEditState) -> Void) {
        change(&prompt)
        if prompt.text != finder.query { finder.updateFilter(prompt.text) }
    }

    /// Enter at the prompt: keeps the filter and returns to the list; while the text is a `~`
    /// regular expression that cannot be read, the prompt stays open (its error beside it).
    public func commitFilter() {
        guard finder.patternError == nil else { return }
        finder.commitFilter()
    }

    /// Esc at the prompt (or on a filtered list): clears the filter and closes the prompt.
    public func cancelFilter() {
        finder.cancelFilter()
        prompt = TextEditState()
        marksLastQuery = false
    }

    // MARK: - Find next, sort

    /// `n` / `N`: selects the next (previous) row matching the last query, hiding nothing.
    public func findNext(forward: Bool) {
        message = nil
        finder.findNext(forward: forward)
        message = finder.message
        marksLastQuery = !finder.lastQuery.isEmpty
    }

    /// `n` / `N` on a list read in windows, before the source answers: the query to look for,
    /// or `nil` (and `no search yet` said) when there is none.
    public func windowFindStarted() -> String? {
        message = finder.lastQuery.isEmpty ? "no search yet" : nil
        marksLastQuery = !finder.lastQuery.isEmpty
        return finder.lastQuery.isEmpty ? nil : finder.lastQuery
    }

    /// The source answered `n` / `N` on a list read in windows: whether a row matched, or why it failed.
    public func windowFindAnswered(_ outcome: Result<Bool, DataError>) {
        switch outcome {
        case .success(true): message = nil
        case .success(false): message = "no match for \"\(finder.lastQuery)\""
        case let .failure(error): message = "could not find \"\(finder.lastQuery)\": \(error.description)"
        }
    }

    /// `s`: sorts by the next column (after the last, back to the source order).
    public func cycleSort() {
        message = nil
        finder.cycleSort()
    }

    /// `S`: reverses the sort.
    public func reverseSort() {
        message = nil
        finder.reverseSort()
    }

    // MARK: - Jump to an id

    /// A digit typed on the list: starts or extends the id to jump to.
    public func typeDigit(_ digit: Character) {
        message = nil
        jumpDigits = (jumpDigits ?? "") + String(digit)
    }

    /// Backspace while typing an id: removes the last digit; with none left, stops the jump.
    public func deleteDigit() {
        guard var digits = jumpDigits else { return }
        digits.removeLast()
        jumpDigits = digits.isEmpty ? nil : digits
    }

    /// Esc (or any other key, which then acts as itself) while typing an id: stops the jump.
    public func cancelJump() { if jumpDigits != nil { jumpDigits = nil } }

    /// Enter while typing an id: stops typing and returns the id typed.
    public func takeJump() -> String? {
        defer { jumpDigits = nil }
        return jumpDigits
    }

    /// Selects the record with id `id` through the finder's id → row map (one lookup, for rows
    /// set with ids), or says why it cannot: not in the list, hidden by the filter, or (while a
    /// large list is still being indexed) to try again.
    public func jump(toID id: String) {
        guard !finder.isIndexing else {
            jumpDigits = nil
            message = "still indexing: try again"
            return
        }
        jump(toRow: finder.row(withID: id), id: id)
    }

    /// Selects the record with id `id`, found at source row `row`, or says why it cannot.
    /// - Parameters:
    ///   - row: The record's source row (index into the loaded rows), `nil` when no loaded record has that id.
    ///   - id: The id as typed, for the message.
    public func jump(toRow row: Int?, id: String) {
        jumpDigits = nil
        guard let row else {
            message = isPartial ? "no \(noun) \(id) in the \(finder.rowCount) loaded so far"
                : "no \(noun) \(id) in this list"
            return
        }
        if finder.select(row: row) {
            message = nil
        } else if !finder.query.isEmpty {
            message = "\(noun) \(id) is hidden by the filter"
            messageIsHiddenByFilter = true
        } else {
            message = "\(noun) \(id) is not shown yet (still sorting)"
        }
    }

    /// What a jump by id on a list read in windows found (``windowJumpAnswered(_:id:)``).
    public enum WindowJump: Sendable {
        case found, hidden, missing
        case failed(DataError)
    }

    /// A jump on a list read in windows has been asked of the source.
    public func windowJumpStarted() {
        jumpDigits = nil
        message = nil
    }

    /// The source answered a jump to `id` on a list read in windows: said as ``jump(toRow:id:)`` says it.
    public func windowJumpAnswered(_ answer: WindowJump, id: String) {
        switch answer {
        case .found: message = nil
        case .missing: message = "no \(noun) \(id) in this list"
        case .hidden:
            message = "\(noun) \(id) is hidden by the filter"
            messageIsHiddenByFilter = true
        case let .failed(error): message = "could not go to \(noun) \(id): \(error.description)"
        }
    }

    /// Esc stopped a sort or filter the source was running on a list read in windows: says
    /// what was taken off (`sort stopped: back in id order`, `filter stopped: cleared`).
    public func windowWorkStopped(sort: Bool, filter: Bool) {
        let taken = [sort ? "sort stopped: back in id order" : nil, filter ? "filter stopped: cleared" : nil]
        message = taken.compactMap { $0 }.joined(separator: "; ")
    }

    /// Clears the last message (any key after it).
    public func clearMessage() {
        if message != nil { message = nil }
    }
}
