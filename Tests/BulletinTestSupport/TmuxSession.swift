import Foundation

/// Runs a command in a detached tmux session of a fixed size, so end-to-end tests can type
/// keys and read the screen as a person would (`send-keys`, `capture-pane -p`).
///
/// Each session has its own tmux server socket (`tmux -L`), so tests can run in parallel.
/// The command runs under `sh -c` with its stty settings recorded before and after
/// (``sttyBefore``, ``sttyAfter``) and its exit status saved, so a test can check that the
/// terminal was restored. Call ``close()`` when done (also done on deinit).
///
/// Every wait polls the screen every 50 ms with `Task.sleep`, so a waiting test gives its thread
/// back to the cooperative pool instead of blocking it (the unit and screen tests' async work
/// shares that pool when all suites run in one `swift test`).
public final class TmuxSession: @unchecked Sendable {
    /// Errors that end an end-to-end test with a useful message.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public let socket: String
    public let workDirectory: URL
    /// The pane this session types into and reads (`%0`; another for a ``split(command:environment:)``).
    public let target: String
    /// Whether closing ends the whole tmux server (the first pane's session) or only its pane.
    private let ownsServer: Bool
    private var closed = false

    /// Starts `command` (program and arguments, not shell-quoted) in a new session.
    /// - Parameters:
    ///   - width: Columns of the pane (default 100).
    ///   - height: Rows of the pane (default 30).
    ///   - environment: Extra variables for the command (`TERM` is tmux-256color unless given;
    ///     `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `XDG_STATE_HOME` are directories of this session
    ///     unless given, so a settings file, an embedded copy or a history in the real home never
    ///     changes what a test sees, and a test never writes there).
    /// - Throws: ``Failure`` when tmux cannot start.
    public init(command: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socket = "bulletin-e2e-\(UUID().uuidString.prefix(8))"
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        ownsServer = true
        let script = try Self.script(command, environment: environment, directory: workDirectory)
        let result = Self.tmux(socket, ["new-session", "-d", "-P", "-F", "#{pane_id}", "-x", "\(width)", "-y", "\(height)",
                                        "sh", "-c", script])
        guard result.status == 0 else { throw Failure(description: "tmux new-session failed: \(result.output)") }
        target = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A second pane beside this one (`split-window -h`: the window's width shared, a person's
    /// two panes side by side), running `command` as ``init(command:width:height:environment:)``
    /// does, with files of its own; closing it ends only its pane.
    /// - Throws: ``Failure`` when tmux cannot split.
    public func split(command: [String], environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(splitting: self, command: command, environment: environment)
    }

    private init(splitting first: TmuxSession, command: [String], environment: [String: String]) throws {
        socket = first.socket
        workDirectory = first.workDirectory.appendingPathComponent("pane-\(UUID().uuidString.prefix(8))")
        ownsServer = false
        let script = try Self.script(command, environment: environment, directory: workDirectory)
        let result = Self.tmux(socket, ["split-window", "-h", "-d", "-P", "-F", "#{pane_id}", "-t", first.target, "sh", "-c", script])
        guard result.status == 0 else { throw Failure(description: "tmux split-window failed: \(result.output)") }
        target = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The shell line that runs `command` with its stty settings and exit status recorded in `directory`.
    private static func script(_ command: [String], environment: [String: String], directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var env = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]
        for (name, folder) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")] {
            env[name] = directory.appendingPathComponent(folder).path
        }
        env.merge(environment) { _, new in new }
        let exports = env.map { "export \($0.key)=\(quote($0.value));" }.joined(separator: " ")
        let dir = quote(directory.path)
        return """
            set -m; \(exports) stty -g > \(dir)/stty-before; \(command.map(quote).joined(separator: " ")) 2> \(dir)/stderr; \
            echo $? > \(dir)/status.tmp; stty -g > \(dir)/stty-after; mv \(dir)/status.tmp \(dir)/status; sleep 600
            """
    }

    deinit { close() }

    // MARK: - API

    /// Types keys, in tmux's `send-keys` names (`Enter`, `Escape`, `Down`, `C-c`, or literal text).
    public func send(_ keys: String...) {
        _ = Self.tmux(socket, ["send-keys", "-t", target] + keys)
    }

    /// The pane's title (`#{pane_title}`), as the program in it last set it.
    public func paneTitle() -> String { paneFormat("#{pane_title}") }

    /// A tmux format expanded for the pane (`display-message -p`), such as `#{mouse_any_flag}`.
    public func paneFormat(_ format: String) -> String {
        command(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .newlines)
    }

    /// Runs any other tmux command against this session's server and returns its output.
    public func command(_ arguments: [String]) -> String { Self.tmux(socket, arguments).output }

    /// Waits until the pane's title is `expected`.
    /// - Throws: ``Failure`` naming the last title seen when `timeout` seconds pass first.
    public func waitForTitle(_ expected: String, timeout: TimeInterval = 15) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        var title = ""
        while Date() < deadline {
            title = paneTitle()
            if title == expected { return }
            try await Self.pause()
        }
        throw Failure(description: "timed out waiting for the title \"\(expected)\"; it is \"\(title)\"")
    }

    /// Types `text` literally (`send-keys -l`), so words such as `home` or `end` are not
    /// read as key names.
    public func type(_ text: String) {
        _ = Self.tmux(socket, ["send-keys", "-t", target, "-l", text])
    }

    /// Resizes the window (and its one pane) to `width` x `height` cells (`resize-window`),
    /// which sends the command SIGWINCH as a terminal emulator would.
    public func resize(width: Int, height: Int) {
        _ = Self.tmux(socket, ["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, one string per row (trailing spaces trimmed by tmux).
    public func capture() -> String {
        Self.tmux(socket, ["capture-pane", "-p", "-t", target]).output
    }

    /// The visible screen with its attributes as SGR escape sequences (`capture-pane -e`),
    /// one string per row, for checking colours and reverse video.
    public func captureWithAttributes() -> [String] {
        Self.tmux(socket, ["capture-pane", "-p", "-e", "-t", target]).output.components(separatedBy: "\n")
    }

    /// Waits until the screen contains `text`.
    /// - Returns: The screen at that moment.
    /// - Throws: ``Failure`` with the last screen when `timeout` seconds pass first.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 15) async throws -> String {
        try await waitUntil(timeout: timeout, "\"\(text)\"") { $0.contains(text) }
    }

    /// Waits until one capture of the screen contains every one of `texts` (so what is checked
    /// was on screen together, never A first and B later).
    /// - Returns: That screen.
    /// - Throws: ``Failure`` with the last screen when `timeout` seconds pass first.
    @discardableResult
    public func waitForAll(_ texts: [String], timeout: TimeInterval = 15) async throws -> String {
        try await waitUntil(timeout: timeout, texts.map { "\"\($0)\"" }.joined(separator: " and ")) { screen in
            texts.allSatisfy { screen.contains($0) }
        }
    }

    /// ``waitFor(_:timeout:)`` by the name the end-to-end tests read best.
    @discardableResult
    public func appears(_ text: String, timeout: TimeInterval = 15) async throws -> String {
        try await waitFor(text, timeout: timeout)
    }

    /// ``waitForAll(_:timeout:)``: every one of `texts` on one capture (tmux can show a frame
    /// half drawn, so what a test checks must be seen together, never A first and B later).
    @discardableResult
    public func appears(all texts: [String], timeout: TimeInterval = 15) async throws -> String {
        try await waitForAll(texts, timeout: timeout)
    }

    /// ``waitForExit(timeout:)``: the command's exit status.
    public func exits(timeout: TimeInterval = 15) async throws -> Int32 {
        try await waitForExit(timeout: timeout)
    }

    /// Waits until one capture with attributes (``captureWithAttributes()``) satisfies
    /// `condition`, for checks of colour and reverse video that text alone cannot see.
    /// - Returns: That capture, one string per row.
    /// - Throws: ``Failure`` with the last screen when `timeout` seconds pass first.
    @discardableResult
    public func waitUntilStyled(timeout: TimeInterval = 15, _ what: String,
                                _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var rows: [String] = []
        while Date() < deadline {
            rows = captureWithAttributes()
            if condition(rows) { return rows }
            try await Self.pause()
        }
        throw Failure(description: "timed out after \(timeout)s waiting for \(what); screen:\n\(rows.joined(separator: "\n"))")
    }

    /// Waits until the screen no longer contains `text`.
    @discardableResult
    public func waitForAbsence(of text: String, timeout: TimeInterval = 15) async throws -> String {
        try await waitUntil(timeout: timeout, "no \"\(text)\"") { !$0.contains(text) }
    }

    /// Waits until the command has exited.
    /// - Returns: Its exit status.
    public func waitForExit(timeout: TimeInterval = 15) async throws -> Int32 {
        let url = workDirectory.appendingPathComponent("status")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: url, encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Self.pause()
        }
        throw Failure(description: "the command did not exit within \(timeout)s; screen:\n\(capture())")
    }

    /// The `stty -g` settings recorded before the command started.
    public var sttyBefore: String { read("stty-before") }
    /// The `stty -g` settings recorded after the command exited.
    public var sttyAfter: String { read("stty-after") }
    /// What the command wrote to stderr.
    public var standardError: String { read("stderr") }

    /// The pid of the command, found as the child of the pane's shell.
    public func commandPID() -> Int32? {
        let pane = Self.tmux(socket, ["display-message", "-p", "-t", target, "#{pane_pid}"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Ends the session and removes its files.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = Self.tmux(socket, ownsServer ? ["kill-server"] : ["kill-pane", "-t", target])
        try? FileManager.default.removeItem(at: workDirectory)
    }

    // MARK: - Private

    /// Waits until one capture satisfies `condition`.
    /// - Returns: That capture.
    /// - Throws: ``Failure`` with the last screen when `timeout` seconds pass first.
    @discardableResult
    public func waitUntil(timeout: TimeInterval = 15, _ what: String, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = capture()
            if condition(screen) { return screen }
            try await Self.pause()
        }
        throw Failure(description: "timed out after \(timeout)s waiting for \(what); screen:\n\(screen)")
    }

    /// The polling interval of every wait: 50 ms, without holding a thread.
    public static func pause() async throws {
        try await Task.sleep(nanoseconds: 50_000_000)
    }

    private func read(_ name: String) -> String {
        (try? String(contentsOf: workDirectory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// Single-quotes `text` for sh.
    public static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux against this session's own server socket.
    @discardableResult
    static func tmux(_ socket: String, _ arguments: [String]) -> (status: Int32, output: String) {
        Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
    }
}
