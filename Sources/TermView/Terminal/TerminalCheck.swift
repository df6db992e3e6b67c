import Foundation

/// Decides whether a full-screen UI can run here, before ncurses is started.
public enum TerminalCheck {
    /// Returns why a full-screen UI cannot run, or `nil` when it can.
    ///
    /// A pure function of its inputs, so it is testable without a terminal.
    /// - Parameters:
    ///   - environment: The process environment (`TERM` is read).
    ///   - stdinIsTTY: Whether file descriptor 0 is a terminal.
    ///   - stdoutIsTTY: Whether file descriptor 1 is a terminal.
    ///   - hasTerminfo: Whether `TERM` has a terminfo entry (``TerminfoLocator/hasEntry(for:environment:fileExists:)``
    ///     in ``current()``); assumed present when not given.
    /// - Returns: A one-line reason, or `nil`.
    public static func refusalReason(environment: [String: String], stdinIsTTY: Bool, stdoutIsTTY: Bool,
                                     hasTerminfo: (String) -> Bool = { _ in true }) -> String? {
        if !stdinIsTTY { return "standard input is not a terminal; run bulletin in an interactive terminal" }
        if !stdoutIsTTY { return "standard output is not a terminal; bulletin cannot draw into a pipe or file" }
        let term = environment["TERM"] ?? ""
        if term.isEmpty { return "TERM is not set; set it to your terminal type (for example TERM=xterm-256color)" }
        if term == "dumb" { return "TERM=dumb cannot show a full-screen interface; use a terminal such as xterm-256color" }
        if !hasTerminfo(term) {
            return "TERM=\(term) has no terminfo entry; set TERM to a known terminal type (for example xterm-256color)"
        }
        return nil
    }

    /// ``refusalReason(environment:stdinIsTTY:stdoutIsTTY:)`` for this process, using
    /// `isatty(3)` on descriptors 0 and 1 and ``TerminfoLocator`` for the terminfo entry.
    public static func current() -> String? {
        let environment = ProcessInfo.processInfo.environment
        return refusalReason(environment: environment,
                             stdinIsTTY: isatty(0) == 1,
                             stdoutIsTTY: isatty(1) == 1,
                             hasTerminfo: { TerminfoLocator.hasEntry(for: $0, environment: environment) })
    }
}
