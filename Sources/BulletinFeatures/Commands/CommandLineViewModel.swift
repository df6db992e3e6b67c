import BulletinData
import Observation
import ViewState

/// The one-line command prompt opened with `:`: what has been typed (text and cursor, edited
/// like the `/` prompt), the lines run before (↑ ↓, ``CommandHistory``), what Tab offers, and
/// the message the last command left in the status line.
@MainActor
@Observable
public final class CommandLineViewModel {
    // MARK: - Properties

    /// Whether the prompt is open (keys go to it, not to the screen).
    public private(set) var isActive = false
    /// The text after the `:` and its cursor.
    public private(set) var prompt = TextEditState()
    /// What the last command said, such as `Unknown command 'x' …`; cleared by the next key.
    public private(set) var message: String?
    /// What the last Tab offered when more than one thing fits (every command on an empty
    /// prompt), as the row above the prompt lists them: command names, or a path's last
    /// segments (`1`, `2`, `10`); empty when Tab completed or nothing was offered. Cleared by the next edit.
    public private(set) var completions: [String] = []
    /// The lines run before, oldest first, across runs.
    @ObservationIgnored public let history: CommandHistory
    /// While ↑ ↓ walk the history: the line shown (its position in ``history``) and what was
    /// typed before the first ↑, which both bounds the walk (lines starting with it) and comes back after the newest.
    @ObservationIgnored private var recall: (index: Int, typed: String)?
    @ObservationIgnored private let userIDs: @MainActor () -> [String]
    @ObservationIgnored private let execute: @MainActor (AppCommand) -> Void
    @ObservationIgnored private let vocabulary: @MainActor () -> SourceVocabulary
    @ObservationIgnored private let sourceName: @MainActor () -> String

    // MARK: - Init

    /// - Parameters:
    ///   - vocabulary: The active source's words, asked at each Enter: paths are read in them
    ///     (`:open users/dstufft/repos/xmlrpc2`), Tab completes its lists' names and messages use them.
    ///   - sourceName: The active source as a sentence starts with it (`TheMealDB has no users list`).
    ///   - history: The lines run before; by default one kept for this run only.
    ///   - userIDs: The ids of the users loaded so far, which Tab offers after `open users/`.
    ///   - execute: Runs a command that parsed (the app coordinator's `perform`).
    public init(
        vocabulary: @escaping @MainActor () -> SourceVocabulary = { .jsonPlaceholder },
        sourceName: @escaping @MainActor () -> String = { "This source" },
        history: CommandHistory = CommandHistory(path: nil),
        userIDs: @escaping @MainActor () -> [String] = { [] },
        execute: @escaping @MainActor (AppCommand) -> Void
    ) {
        self.vocabulary = vocabulary
        self.sourceName = sourceName
        self.history = history
        self.userIDs = userIDs
        self.execute = execute
    }

    // MARK: - Intents

    /// The text after the `:`.
    public var text: String { prompt.text }

    /// `:` was pressed: open an empty prompt.
    public func begin() {
        isActive = true
        prompt = TextEditState()
        message = nil
        completions = []
        recall = nil
    }

    /// A character was typed at the prompt: it goes in at the cursor.
    public func insert(_ character: Character) { prompt.insert(String(character)) }

    /// An editing key at the open prompt (a character, ← →, Home, End, Backspace or Delete at
    /// the cursor, …): `change` edits the prompt's state in place. Backspace at the start of
    /// the prompt does nothing (Esc closes it), so a held Backspace stops at an empty prompt
    /// instead of going Back screen after screen.
    public func edit(_ change: (inout TextEditState) -> Void) {
        guard isActive else { return }
        let before = prompt
        change(&prompt)
        if prompt.text != before.text {
            completions = []
            recall = nil
        }
    }

    /// ↑: shows the line run before the one shown (the newest first), among those starting
    /// with what was typed before the first ↑ (as fish and zsh's history search do); at the
    /// oldest, nothing changes.
    public func recallOlder() {
        guard isActive else { return }
        let walk = recall ?? (history.entries.count, prompt.text)
        guard let found = history.older(than: walk.index, prefix: walk.typed) else { return }
        show(recalled: found.line)
        recall = (found.index, walk.typed)
    }

    /// ↓: shows the next newer line of the walk ↑ started; past the newest, what was typed
    /// before it. Nothing happens when no walk is under way.
    public func recallNewer() {
        guard isActive, let walk = recall else { return }
        if let found = history.newer(than: walk.index, prefix: walk.typed) {
            show(recalled: found.line)
            recall = (found.index, walk.typed)
        } else {
            show(recalled: walk.typed)
            recall = nil
        }
    }

    /// Tab: completes the word the cursor is in, the cursor going to its end and the rest of
    /// the line staying: the command name (the first word, ``AppCommand/complete(_:vocabulary:)``,
    /// among the active source's commands), or the path after `open`
    /// (``DeepLink/completions(of:vocabulary:userIDs:)``: screens, the loaded users' ids, their
    /// lists). Where more than one thing fits, the word grows to what they share and
    /// ``completions`` lists them; on an empty prompt it lists every command.
    public func complete() {
        let characters = prompt.characters
        let before = characters[..<prompt.cursor]
        let words = vocabulary()
        let wordStart = before.lastIndex(of: " ").map { $0 + 1 } ?? 0
        let wordEnd = characters[prompt.cursor...].firstIndex(of: " ") ?? characters.endIndex
        let typed = String(characters[wordStart..<prompt.cursor])
        let candidates: [String]
        let completed: String
        let shown: (String) -> String
        if wordStart == 0 {
            candidates = AppCommand.candidates(for: typed, vocabulary: words)
            completed = AppCommand.complete(typed, vocabulary: words)
            shown = { $0 }
        } else if String(characters[..<wordStart]).split(separator: " ") == ["open"] {
            candidates = DeepLink.completions(of: typed, vocabulary: words, userIDs: userIDs())
            completed = AppCommand.sharedPrefix(candidates) ?? typed
            shown = { candidate in
                let trimmed = candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
                return String(trimmed.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
                    + (candidate.hasSuffix("/") ? "/" : "")
            }
        } else {
            return
        }
        guard !candidates.isEmpty else { return }
        completions = candidates.count > 1 ? candidates.map(shown) : []
        guard completed.count > typed.count || wordEnd > prompt.cursor else { return }
        var edited = prompt
        edited.setCursor(wordStart)
        for _ in wordStart..<wordEnd { edited.deleteForward() }
        edited.insert(completed.count > typed.count ? completed : String(characters[wordStart..<wordEnd]))
        prompt = edited
        recall = nil
    }

    /// Esc: closes the prompt and runs nothing.
    public func cancel() {
        isActive = false
        prompt = TextEditState()
        completions = []
        recall = nil
    }

    /// A line from the history in the prompt, the cursor at its end.
    private func show(recalled line: String) {
        prompt = TextEditState(text: line)
        completions = []
    }

    /// Shows `message` in the status line until the next key (what a command that ran said).
    public func show(_ message: String) { self.message = message }

    /// Clears the last command's message (any key after it).
    public func clearMessage() {
        if message != nil { message = nil }
    }

    /// Enter: closes the prompt and runs the command, or shows why it cannot run.
    public func submit() {
        let line = text
        cancel()
        history.add(line)
        let words = vocabulary()
        do throws(AppCommandError) {
            execute(try AppCommand.parse(line, vocabulary: words))
        } catch {
            message = error.description(in: words, sourceName: sourceName())
        }
    }
}
