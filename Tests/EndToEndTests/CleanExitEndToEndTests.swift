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

    /// 0 stands for the `q` key; any other value is sent as that signal with kill(2).
    @Test("mouse reporting is off and the modes are the shell's after q, SIGTERM, a crash and the other ending signals",
          arguments: [0, SIGTERM, SIGSEGV, SIGABRT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXFSZ, SIGXCPU])
    func mouseOffAfterExit(signal: Int32) async throws {
        // `ulimit -c 0`: no core file from the crash signals.
        let session = try TmuxSession(command: ["sh", "-c", "ulimit -c 0; exec \"$0\"", BulletinBinary.path])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        #expect(session.paneFormat("#{mouse_any_flag}") == "1", "the app asked for mouse reports")
        if signal == 0 {
            session.send("q")
        } else {
            kill(try #require(session.commandPID()), signal)
        }
        let status = try await session.waitForExit()
        #expect(status == (signal == 0 ? 0 : 128 + signal))
        #expect(session.paneFormat("#{mouse_any_flag}") == "0", "mouse reporting left on after signal \(signal)")
        #expect(session.paneFormat("#{alternate_on}") == "0", "the main screen is back")
        #expect(session.sttyAfter == session.sttyBefore)
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
            screen = session.command(["capture-pane", "-p", "-J", "-t", "0"])
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
