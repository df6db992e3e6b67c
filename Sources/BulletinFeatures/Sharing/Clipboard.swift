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

/// Puts text on the system clipboard (`y`, `Y`).
@MainActor
public protocol Clipboard: Sendable {
    /// Copies `text` (already sanitized: no control characters but the line breaks of a
    /// record's JSON), named `naming` in the message.
    /// - Returns: What happened, as the status line says it (`Copied “…” to the terminal's clipboard`).
    func copy(_ text: String, naming: String) -> ShareOutcome
}

extension Clipboard {
    /// Copies `text`, quoted in the message: `Copied “3 Ervin Howell” with xclip`.
    public func copy(_ text: String) -> ShareOutcome { copy(text, naming: "“" + text + "”") }
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
    public var terminalAccepts: Bool { terminalRefusal == nil }

    /// Why OSC 52 is not used here, naming what would make it work, or `nil` when it is used:
    /// inside tmux `tmux passes no OSC 52 on (tmux: set -g set-clipboard on)`; outside, that the
    /// terminal's terminfo entry has no `Ms`.
    public var terminalRefusal: String? {
        guard let terminal else { return "no terminal for OSC 52" }
        guard !(runner.environment["TMUX"] ?? "").isEmpty else {
            if terminal.acceptsOSC52 { return nil }
            let name = runner.environment["TERM"].map { " (TERM=\($0))" } ?? ""
            return "this terminal's terminfo has no Ms for OSC 52\(name)"
        }
        let answer = runner.run(["tmux", "show-options", "-gv", "set-clipboard"], streams: .quiet(capture: true))
        let setting = answer?.status == 0 ? answer?.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil
        return setting == "on" ? nil : "tmux passes no OSC 52 on (tmux: set -g set-clipboard on)"
    }

    public func copy(_ text: String, naming: String) -> ShareOutcome {
        let refusal = terminalRefusal
        if let terminal, refusal == nil {
            terminal.write(text)
            return .done("Copied \(naming) to the terminal's clipboard")
        }
        var failures: [String] = []
        for tool in Self.tools where runner.locate(tool[0]) != nil {
            let finished = runner.run(tool, streams: .quiet(input: text))
            if finished?.status == 0 { return .done("Copied \(naming) with \(tool[0])") }
            failures.append("\(tool[0]) failed" + (finished.map { " (exit status \($0.status))" } ?? ""))
        }
        // What would make OSC 52 work is said only where setting it would (tmux's option).
        let tmuxHint = refusal?.hasPrefix("tmux") == true ? "; or tmux: set -g set-clipboard on" : ""
        if !failures.isEmpty { return .failed("Could not copy: " + failures.joined(separator: ", ") + tmuxHint) }
        return .failed("Could not copy: \(refusal ?? "no OSC 52 here"), and no wl-copy, xclip or xsel to copy with")
    }
}
