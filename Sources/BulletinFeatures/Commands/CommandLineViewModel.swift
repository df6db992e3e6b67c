import Observation

/// The one-line command prompt opened with `:`: what has been typed, and the message the
/// last command left in the status line.
@MainActor
@Observable
public final class CommandLineViewModel {
    // MARK: - Properties

    /// Whether the prompt is open (keys go to it, not to the screen).
    public private(set) var isActive = false
    /// The text after the `:`.
    public private(set) var text = ""
    /// What the last command said, such as `Unknown command 'x' …`; cleared by the next key.
    public private(set) var message: String?
    @ObservationIgnored private let execute: @MainActor (AppCommand) -> Void

    // MARK: - Init

    /// - Parameter execute: Runs a command that parsed (the app coordinator's `perform`).
    public init(execute: @escaping @MainActor (AppCommand) -> Void) { self.execute = execute }

    // MARK: - Intents

    /// `:` was pressed: open an empty prompt.
    public func begin() {
        isActive = true
        text = ""
        message = nil
    }

    /// A character was typed at the prompt.
    public func insert(_ character: Character) { text.append(character) }

    /// Backspace: deletes the last character; on an empty prompt it does nothing (Esc closes
    /// it), so a held Backspace stops at the empty prompt instead of going Back screen after screen.
    public func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
    }

    /// Tab: completes the command name.
    public func complete() { text = AppCommand.complete(text) }

    /// Esc: closes the prompt and runs nothing.
    public func cancel() {
        isActive = false
        text = ""
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
        do throws(AppCommandError) {
            execute(try AppCommand.parse(line))
        } catch {
            message = error.description
        }
    }
}
