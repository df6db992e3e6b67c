import BulletinData
import Observation
import ViewState

/// The one-line command prompt opened with `:`: what has been typed (text and cursor, edited
/// like the `/` prompt), and the message the last command left in the status line.
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
    @ObservationIgnored private let execute: @MainActor (AppCommand) -> Void
    @ObservationIgnored private let vocabulary: @MainActor () -> SourceVocabulary
    @ObservationIgnored private let sourceName: @MainActor () -> String

    // MARK: - Init

    /// - Parameters:
    ///   - vocabulary: The active source's words, asked at each Enter: paths are read in them
    ///     (`:open users/dstufft/repos/xmlrpc2`), Tab completes its lists' names and messages use them.
    ///   - sourceName: The active source as a sentence starts with it (`TheMealDB has no users list`).
    ///   - execute: Runs a command that parsed (the app coordinator's `perform`).
    public init(
        vocabulary: @escaping @MainActor () -> SourceVocabulary = { .jsonPlaceholder },
        sourceName: @escaping @MainActor () -> String = { "This source" },
        execute: @escaping @MainActor (AppCommand) -> Void
    ) {
        self.vocabulary = vocabulary
        self.sourceName = sourceName
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
    }

    /// A character was typed at the prompt: it goes in at the cursor.
    public func insert(_ character: Character) { prompt.insert(String(character)) }

    /// An editing key at the open prompt (a character, ← →, Home, End, Backspace or Delete at
    /// the cursor, …): `change` edits the prompt's state in place. Backspace at the start of
    /// the prompt does nothing (Esc closes it), so a held Backspace stops at an empty prompt
    /// instead of going Back screen after screen.
    public func edit(_ change: (inout TextEditState) -> Void) {
        guard isActive else { return }
        change(&prompt)
    }

    /// Tab: completes the command name the cursor is in (the first word: the text before the
    /// cursor and the letters after it up to a space, ``AppCommand/complete(_:vocabulary:)``,
    /// among the active source's commands); the cursor
    /// goes to the end of the name and the rest of the line stays. Nothing changes when the
    /// cursor is past the first word or no name starts with it.
    public func complete() {
        let characters = prompt.characters
        let before = characters[..<prompt.cursor]
        guard !before.contains(" ") else { return }
        let wordEnd = characters[prompt.cursor...].firstIndex(of: " ") ?? characters.endIndex
        let word = String(characters[..<wordEnd])
        let completed = AppCommand.complete(word, vocabulary: vocabulary())
        guard completed.hasPrefix(word) else { return }
        var edited = prompt
        edited.moveToStart()
        for _ in 0..<wordEnd { edited.moveRight() }
        edited.insert(String(completed.dropFirst(word.count)))
        prompt = edited
    }

    /// Esc: closes the prompt and runs nothing.
    public func cancel() {
        isActive = false
        prompt = TextEditState()
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
        let words = vocabulary()
        do throws(AppCommandError) {
            execute(try AppCommand.parse(line, vocabulary: words))
        } catch {
            message = error.description(in: words, sourceName: sourceName())
        }
    }
}
