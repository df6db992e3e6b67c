import BulletinTestSupport
import Foundation
import Testing

/// Issue 16, item 9: the terminal is left clean on every way out, each checked from the
/// outside: tmux's `#{mouse_any_flag}` after the exit, `stty -g` before and after, what the
/// shell reads next, and the pane of a job continued in the background.
@Suite("End to end: the terminal left clean")
struct CleanExitEndToEndTests {
    /// The X10 bytes a terminal sends for a mouse `button` (64 wheel up, 65 wheel down) at
    /// 0-based `column`, `row` (as `MouseEndToEndTests` does).
    private func report(button: Int, column: Int, row: Int) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + column)))
            + String(UnicodeScalar(UInt8(33 + row)))
    }

    @Test("mouse reporting is off and the modes are the shell's after q")
    func mouseOffAfterQuit() async throws {
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        #expect(session.paneFormat("#{mouse_any_flag}") == "1", "the app asked for mouse reports")
        session.send("q")
        #expect(try await session.waitForExit() == 0)
        #expect(session.paneFormat("#{mouse_any_flag} #{alternate_on} #{cursor_flag}") == "0 0 1",
                "mouse reporting off, the main screen back, the cursor shown")
        #expect(session.sttyAfter == session.sttyBefore)
    }

    /// The signals whose default action ends the process, from bash's `kill -l` (`N) SIGNAME`):
    /// all but those whose default is to ignore, stop or continue, and SIGKILL and SIGSTOP,
    /// which nothing can catch.
    static func endingSignals() -> [(number: Int32, name: String)] {
        let notEnding: Set<String> = ["KILL", "STOP", "CHLD", "CONT", "TSTP", "TTIN", "TTOU", "URG", "WINCH"]
        let listing = Subprocess.run(["bash", "-c", "kill -l"]).output
        let entries = listing.split(whereSeparator: { $0 == "\t" || $0 == "\n" }).compactMap { entry -> (Int32, String)? in
            let parts = entry.split(separator: ")")
            guard parts.count == 2, let number = Int32(parts[0].trimmingCharacters(in: .whitespaces)) else { return nil }
            return (number, parts[1].trimmingCharacters(in: .whitespaces))
        }
        return entries.filter { !notEnding.contains(String($0.1.dropFirst(3))) }.map { (number: $0.0, name: $0.1) }
    }

    /// Runs Bulletin again and again in one pane, each run between the pane's first modes and a
    /// reset screen: `stty -g` before (`before-N`), its pid (`pid-N`), its status and `stty -g`
    /// after (`status-N`, `after-N`); then it waits for a line (C-j) before the next run.
    private static let loopScript = """
        dir=$1; bin=$2; ulimit -c 0; stty -g > "$dir/initial"; i=0
        while :; do
          stty "$(cat "$dir/initial")"
          printf '\\033[?1000l\\033[?1002l\\033[?1003l\\033[?1006l\\033[?1049l\\033[?25h\\033[H\\033[2J'
          stty -g > "$dir/before-$i"
          sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec "$2"' sh "$dir/pid-$i" "$bin" 2> "$dir/stderr-$i"
          echo $? > "$dir/status-$i.tmp"; stty -g > "$dir/after-$i"; mv "$dir/status-$i.tmp" "$dir/status-$i"
          read go; i=$((i+1))
        done
        """

    @Test("every signal whose default action ends the process (kill -l: crash, SIGSYS, SIGPROF, SIGIO, real-time…) leaves stty, mouse, main screen and cursor as they were")
    func everyEndingSignal() async throws {
        let signals = Self.endingSignals()
        let names = Set(signals.map(\.name))
        #expect(["SIGTERM", "SIGSEGV", "SIGSYS", "SIGVTALRM", "SIGPROF", "SIGSTKFLT", "SIGPWR", "SIGIO", "SIGRTMIN", "SIGRTMAX"]
            .allSatisfy(names.contains) && !names.contains("SIGKILL"), "\(names.sorted())")
        let directory = try TmuxSession.scratchDirectory("bulletin-signals")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(command: ["sh", "-c", Self.loopScript, "sh", directory.path, BulletinBinary.path])
        defer { session.close() }
        let file = { (name: String) in try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) }
        for (run, signal) in signals.enumerated() {
            let pid = try await Self.waitForFile("pid-\(run)", of: signal.name) { file($0).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
            try await session.waitFor("Welcome to Bulletin")
            kill(pid, signal.number)
            let status = try await Self.waitForFile("status-\(run)", of: signal.name) { file($0).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
            let flags = session.paneFormat("#{mouse_any_flag} #{alternate_on} #{cursor_flag}")
            #expect(status == 128 + signal.number, "\(signal.name) (\(signal.number)): status; stderr: \(file("stderr-\(run)") ?? "")")
            #expect(flags == "0 0 1", "\(signal.name): mouse reporting, alternate screen, cursor shown (\(flags))")
            #expect(file("after-\(run)") == file("before-\(run)"), "\(signal.name): stty -g")
            session.send("C-j")
        }
    }

    @Test("mouse reports queued behind q never reach the shell's next read")
    func queuedMouseReportsAreDiscarded() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-read")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("read")
        // The shell's next read after the app, as a prompt would read: the bytes it got, or none
        // in 1 s (bash keeps a timed-out read's partial input in `x`).
        let script = "\"$0\"; read -r -t 1 x; printf 'got:[%s]' \"$x\" > \"$1\""
        let session = try TmuxSession(command: ["bash", "-c", script, BulletinBinary.path, output.path])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        let wheel = report(button: 65, column: 10, row: 5) + report(button: 64, column: 12, row: 6)
        session.send("-l", "q" + wheel + wheel + wheel)   // one write: the reports queue behind q
        #expect(try await session.waitForExit() == 0)
        let got = try String(contentsOf: output, encoding: .utf8)
        #expect(got == "got:[]", "the shell read \(got.debugDescription)")
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("Ctrl-\\ in a form with unsaved changes asks, as Ctrl-C does, and keeps what was typed")
    func quitKeyInDirtyFormAsks() async throws {
        let session = try await TmuxSession.bulletin(open: "users/1", showing: "Posts (")
        defer { session.close() }
        try await session.press("a", until: "Author id")
        session.type("Draft title")
        try await session.waitFor("unsaved changes")
        try await session.press("C-\\", until: "Quit without saving?")
        try await session.press("Escape", until: "^S save", "Draft title")
        try await session.press("C-\\", until: "again quits")
        session.send("C-\\")
        #expect(try await session.waitForExit() == 128 + SIGQUIT)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("a job stopped with kill -STOP and continued in the background does not draw over the shell; fg draws it")
    func continuedInBackgroundStaysOff() async throws {
        // `sh -i` (dash) with job control: it takes the terminal back when the job stops.
        let session = try await TmuxSession.jobShell()
        defer { session.close() }
        try await session.startBulletin()
        let shell = try #require(session.commandPID())
        let app = try #require(Self.child(of: shell))
        kill(app, SIGSTOP)
        try await Self.waitForState(of: app, "T")
        // The app's modes are still on the terminal (SIGSTOP cannot be caught): no echo, and
        // Enter is a carriage return dash does not end a line with, so lines end with C-j.
        session.send("clear", "C-j")
        try await session.waitForAbsence(of: "Welcome to Bulletin")
        kill(app, SIGCONT)
        // Continued in the background, it stops itself again instead of drawing.
        try await Self.waitForState(of: app, "T", after: "kill -CONT")
        session.type("echo still-here")
        session.send("C-j")
        // With the app's modes on, a line feed does not return the cursor: when dash reports the
        // stopped job after `clear` (it did under load), its prompt lands near the right edge and
        // the output wraps ("stil" / "l-here"). So the screen is read with wrapped lines joined.
        let screen = try await Self.waitUntilJoined(session, "the shell's output") { $0.contains("still-here") }
        #expect(!screen.contains("Welcome to Bulletin"), "drawn over the shell:\n\(screen)")
        session.type("fg")
        try await session.press("C-j", until: "Welcome to Bulletin")
        session.send("q")
        try await session.waitForAbsence(of: "Welcome to Bulletin")
    }

    @Test("a job suspended with Ctrl-Z and continued in the background leaves the shell's screen alone; fg draws it")
    func suspendedThenContinuedInBackground() async throws {
        let session = try await TmuxSession.jobShell()
        defer { session.close() }
        try await session.startBulletin()
        let shell = try #require(session.commandPID())
        let app = try #require(Self.child(of: shell))
        session.send("C-z")
        try await Self.waitForState(of: app, "T", after: "Ctrl-Z")
        try await session.waitForAbsence(of: "Welcome to Bulletin")
        #expect(session.paneFormat("#{mouse_any_flag} #{alternate_on}") == "0 0", "Ctrl-Z left the app's modes on")
        kill(app, SIGCONT)
        // Continued in the background, it stops itself again before it touches the terminal.
        try await Self.waitForState(of: app, "T", after: "kill -CONT")
        session.send("echo still-here", "Enter")
        let screen = try await session.waitUntil("the shell's output") { $0.contains("still-here") }
        #expect(!screen.contains("Welcome to Bulletin"), "drawn over the shell:\n\(screen)")
        #expect(session.paneFormat("#{mouse_any_flag} #{alternate_on}") == "0 0",
                "kill -CONT in the background turned the app's modes on")
        try await session.press("fg", "Enter", until: "Welcome to Bulletin")
        session.send("q")
        try await session.waitForAbsence(of: "Welcome to Bulletin")
    }

    // MARK: - Helpers

    /// Polls every 50 ms until `read(name)` gives a value (a file the loop script wrote).
    /// - Throws: ``TmuxSession/Failure`` naming the file and the signal after 15 s.
    private static func waitForFile<T>(_ name: String, of signal: String, _ read: (String) -> T?) async throws -> T {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let value = read(name) { return value }
            try await TmuxSession.pause()
        }
        throw TmuxSession.Failure(description: "no \(name) within 15 s (\(signal))")
    }

    /// The first child process of `pid` (`/proc/PID/task/PID/children`).
    private static func child(of pid: Int32) -> Int32? {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// The one-letter state of `pid` (`/proc/PID/stat`, the field after the command name).
    private static func state(of pid: Int32) -> String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
    }

    /// Waits until one capture of the pane with wrapped lines joined (`capture-pane -J`)
    /// satisfies `condition`.
    /// - Throws: ``TmuxSession/Failure`` with the last screen after 15 s.
    private static func waitUntilJoined(_ session: TmuxSession, _ what: String,
                                        _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(15)
        var screen = ""
        while Date() < deadline {
            screen = session.command(["capture-pane", "-p", "-J", "-t", session.target])
            if condition(screen) { return screen }
            try await TmuxSession.pause()
        }
        throw TmuxSession.Failure(description: "timed out after 15s waiting for \(what); screen:\n\(screen)")
    }

    /// Waits until `pid` is in `state` (`T`: stopped), polling every 50 ms.
    /// - Throws: ``TmuxSession/Failure`` naming the last state seen after 15 s.
    private static func waitForState(of pid: Int32, _ wanted: String, after step: String = "kill -STOP") async throws {
        let deadline = Date().addingTimeInterval(15)
        var seen = "?"
        while Date() < deadline {
            seen = state(of: pid)
            if seen == wanted { return }
            try await TmuxSession.pause()
        }
        throw TmuxSession.Failure(description: "after \(step) the app is in state \(seen), not \(wanted)")
    }
}
