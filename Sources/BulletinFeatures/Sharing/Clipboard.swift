import Foundation

/// What an open or a copy did, in the words the status line shows.
public enum ShareOutcome: Equatable, Sendable {
    /// It worked: `Opened http://hildegard.org with firefox`, `Copied …`.
    case done(String)
    /// It could not be done, and why: `No browser to open …: set $BROWSER, or install xdg-open`.
    case failed(String)

    /// The sentence for the status line.
    public var message: String {
        switch self {
        case let .done(text), let .failed(text): text
        }
    }
}

/// Puts text on the system clipboard (`y`).
@MainActor
public protocol Clipboard: Sendable {
    /// Copies `text` (already sanitized: no control characters).
    /// - Returns: What happened, as the status line says it (`Copied “…” to the terminal's clipboard`).
    func copy(_ text: String) -> ShareOutcome
}

/// Writes the terminal's clipboard (OSC 52) from the composition root's backend.
public struct TerminalClipboard: Sendable {
    /// Whether the terminal is known to take OSC 52 without tmux in between (terminfo `Ms`).
    public var acceptsOSC52: Bool
    /// Sends `ESC ] 52 ; c ; BASE64 BEL` for the text it is given.
    public var write: @MainActor @Sendable (String) -> Void

    /// - Parameters: See the properties.
    public init(acceptsOSC52: Bool, write: @escaping @MainActor @Sendable (String) -> Void) {
        self.acceptsOSC52 = acceptsOSC52
        self.write = write
    }
}

/// Copies through OSC 52 where the terminal takes it, else through `wl-copy`, `xclip` or
/// `xsel` when one is on `PATH` (text on their stdin, never in their arguments), else says so.
///
/// Inside tmux (`$TMUX` set), OSC 52 is used only when tmux's `set-clipboard` option is `on`
/// (`tmux show-options -gv set-clipboard`): then tmux keeps the text as a paste buffer and passes
/// it on to the outer terminal. Outside tmux, only when the terminal says it takes it (terminfo
/// `Ms`, ``TerminalClipboard/acceptsOSC52``).
public struct SystemClipboard: Clipboard {
    /// Runs the tools and tmux; its environment is where `PATH` and `TMUX` are read from.
    public var runner: CommandRunner
    /// The terminal's clipboard, or `nil` when there is no terminal (tests of the tools).
    public var terminal: TerminalClipboard?

    /// The tools tried in order, with the arguments that make them read the clipboard's text
    /// from stdin.
    public static let tools = [["wl-copy"], ["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]]

    /// - Parameters: See the properties.
    public init(runner: CommandRunner = CommandRunner(), terminal: TerminalClipboard? = nil) {
        self.runner = runner
        self.terminal = terminal
    }

    /// Whether the terminal takes OSC 52 (see the type's notes).
    public var terminalAccepts: Bool {
        guard let terminal else { return false }
        guard !(runner.environment["TMUX"] ?? "").isEmpty else { return terminal.acceptsOSC52 }
        let answer = runner.run(["tmux", "show-options", "-gv", "set-clipboard"], streams: .quiet(capture: true))
        return answer?.status == 0 && answer?.output.trimmingCharacters(in: .whitespacesAndNewlines) == "on"
    }

    public func copy(_ text: String) -> ShareOutcome {
        let quoted = "“" + text + "”"
        if let terminal, terminalAccepts {
            terminal.write(text)
            return .done("Copied \(quoted) to the terminal's clipboard")
        }
        var failures: [String] = []
        for tool in Self.tools where runner.locate(tool[0]) != nil {
            let finished = runner.run(tool, streams: .quiet(input: text))
            if finished?.status == 0 { return .done("Copied \(quoted) with \(tool[0])") }
            failures.append("\(tool[0]) failed" + (finished.map { " (exit status \($0.status))" } ?? ""))
        }
        if !failures.isEmpty { return .failed("Could not copy: " + failures.joined(separator: ", ")) }
        return .failed("Could not copy: no OSC 52 here, and no wl-copy, xclip or xsel")
    }
}
