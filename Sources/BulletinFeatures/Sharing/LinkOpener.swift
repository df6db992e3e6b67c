/// Opens a web address in the person's browser (`o`).
@MainActor
public protocol LinkOpener: Sendable {
    /// Opens `address` (an `http(s)://` URL).
    /// - Returns: What happened, as the status line says it.
    func open(_ address: String) -> ShareOutcome
}

/// Lends the terminal to a program that runs in it (a text browser): leaves full-screen mode,
/// runs the program, and comes back with the whole screen redrawn. Built by the composition
/// root over the terminal backend; ``passThrough`` runs the program without leaving (tests).
public struct TerminalHandoff: Sendable {
    /// Runs its argument with the terminal handed over.
    public var lend: @MainActor @Sendable (() -> Void) -> Void

    /// - Parameter lend: Suspends the screen, runs the closure it is given, restores the screen.
    public init(lend: @escaping @MainActor @Sendable (() -> Void) -> Void) { self.lend = lend }

    /// Runs the program without touching the terminal.
    public static let passThrough = TerminalHandoff { $0() }
}

/// Opens addresses with `$BROWSER`, else `xdg-open`, each as one argument (never through a shell).
///
/// `$BROWSER` follows the convention of `sensible-browser` and Python's `webbrowser`: a
/// `:`-separated list of commands, the first one found on `PATH` used; a command's words are
/// split on spaces (no quoting), and `%s` in a word is replaced by the address, else the address
/// is the last argument. Without a graphical display (`DISPLAY`, `WAYLAND_DISPLAY` unset) the
/// browser is taken to run in the terminal: the screen is handed over (``TerminalHandoff``)
/// until it exits. With one, it is started detached with its output discarded.
public struct SystemLinkOpener: LinkOpener {
    /// Runs the browser; its environment is the one `$BROWSER` and `PATH` are read from.
    public var runner: CommandRunner
    /// How the terminal is lent to a browser that runs in it.
    public var handoff: TerminalHandoff

    /// - Parameters: See the properties.
    public init(runner: CommandRunner = CommandRunner(), handoff: TerminalHandoff = .passThrough) {
        self.runner = runner
        self.handoff = handoff
    }

    /// The commands tried, in order, as argument vectors for `address`.
    public func candidates(for address: String) -> [[String]] {
        let configured = (runner.environment["BROWSER"] ?? "").split(separator: ":").map { entry in
            let words = entry.split(separator: " ").map(String.init)
            return words.contains { $0.contains("%s") }
                ? words.map { $0.replacingOccurrences(of: "%s", with: address) } : words + [address]
        }
        return configured.filter { !$0.isEmpty } + [["xdg-open", address]]
    }

    /// Whether a graphical display is there for a browser to open a window on.
    var hasDisplay: Bool {
        [runner.environment["DISPLAY"], runner.environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
    }

    public func open(_ address: String) -> ShareOutcome {
        guard let command = candidates(for: address).first(where: { runner.locate($0[0]) != nil }) else {
            return .failed("No browser to open \(address): set $BROWSER, or install xdg-open")
        }
        let name = command[0].split(separator: "/").last.map(String.init) ?? command[0]
        if hasDisplay {
            return runner.start(command) ? .done("Opened \(address) with \(name)")
                : .failed("Could not start \(name) to open \(address)")
        }
        var finished: CommandRunner.Finished?
        handoff.lend { finished = runner.run(command, streams: .terminal) }
        switch finished?.status {
        case nil: return .failed("Could not start \(name) to open \(address)")
        case 0?: return .done("Opened \(address) with \(name)")
        case let status?: return .failed("\(name) could not open \(address) (exit status \(status))")
        }
    }
}
