import BulletinTestSupport
import Foundation
import Testing

/// Ctrl-Z and `fg` from a real job-control shell, crash signals, and refusals before the
/// terminal is touched.
@Suite("End to end: suspend, crash, refusal")
struct SuspendEndToEndTests {
    /// A pane running `sh -i` (dash: it does not save and restore the tty modes of stopped
    /// jobs, so the modes seen after Ctrl-Z are the ones Bulletin left). Its stderr (the
    /// prompt, job messages) goes to the pane, not to the session's stderr file.
    private func shell() throws -> TmuxSession {
        let session = try TmuxSession(command: ["sh", "-c", "exec sh -i 2>&1"], environment: ["PS1": "$ "])
        try session.waitFor("$")
        return session
    }

    private func stty(in session: TmuxSession, name: String) throws -> String {
        let file = session.workDirectory.appendingPathComponent(name).path
        session.send("stty -g > '\(file)'; echo saved-\(name)", "Enter")
        try session.waitFor("\nsaved-\(name)")
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    @Test("Ctrl-Z restores the terminal and fg redraws it fully, three times")
    func suspendThreeTimes() throws {
        let session = try shell()
        defer { session.close() }
        session.send("clear; '\(BulletinBinary.path)'", "Enter")
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try session.waitFor("Username")
        for round in 1...3 {
            session.send("C-z")
            let stopped = try session.waitFor("Stopped")
            #expect(!stopped.contains("Username"), "round \(round): the main screen is back")
            #expect(try stty(in: session, name: "stty-\(round)") == session.sttyBefore, "round \(round)")
            session.send("fg", "Enter")
            let back = try session.waitFor("Username")
            #expect(!back.contains("Stopped") && !back.contains("saved-stty"), "round \(round): fully redrawn")
            session.send("Down")
        }
        session.send("q")
        try session.waitForAbsence(of: "Username")   // restored: no more reads from the tty
        #expect(try stty(in: session, name: "stty-end") == session.sttyBefore)
    }

    @Test("Ctrl-Z while a load is in flight: suspends, and fg comes back to the loading screen")
    func suspendDuringLoad() throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let session = try shell()
        defer { session.close() }
        session.send("clear; '\(BulletinBinary.path)' --api \(listener.baseURL.absoluteString)", "Enter")
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try session.waitFor("Loading")
        session.send("C-z")
        try session.waitFor("Stopped")
        #expect(try stty(in: session, name: "stty-load") == session.sttyBefore)
        session.send("fg", "Enter")
        let back = try session.waitFor("Loading")
        #expect(back.contains("Home › Users") && !back.contains("Stopped"))
        session.send("Escape")
        try session.waitFor("Welcome to Bulletin")
        session.send("q")
        try session.waitForAbsence(of: "Welcome to Bulletin")
    }

    @Test("a crash signal restores the terminal, then the default action ends the process",
          arguments: [SIGSEGV, SIGABRT, SIGILL, SIGBUS])
    func crashSignal(signal: Int32) throws {
        // `ulimit -c 0`: no core file in the working directory.
        let command = ["sh", "-c", "ulimit -c 0; exec \"$0\"", BulletinBinary.path]
        let session = try TmuxSession(command: command)
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        let pid = try #require(session.commandPID())
        kill(pid, signal)
        #expect(try session.waitForExit() == 128 + signal, "killed by the signal itself")
        #expect(session.sttyAfter == session.sttyBefore)
        #expect(!session.capture().contains("Welcome to Bulletin"), "the main screen is back")
    }

    @Test("SIGQUIT and SIGINT restore the terminal", arguments: [SIGQUIT, SIGINT])
    func quitSignals(signal: Int32) throws {
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        let pid = try #require(session.commandPID())
        kill(pid, signal)
        #expect(try session.waitForExit() == 128 + signal)
        #expect(session.sttyAfter == session.sttyBefore)
        #expect(!session.capture().contains("Welcome to Bulletin"))
    }

    @Test("a TERM with no terminfo entry is refused in one line with status 2, terminal untouched")
    func unknownTerm() throws {
        let session = try TmuxSession(command: [BulletinBinary.path], environment: ["TERM": "no-such-term"])
        defer { session.close() }
        #expect(try session.waitForExit() == 2)
        let message = session.standardError
        #expect(message.hasPrefix("bulletin: TERM=no-such-term has no terminfo entry"))
        #expect(message.split(separator: "\n").count == 1)
        #expect(session.sttyAfter == session.sttyBefore)
        #expect(session.capture().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "nothing drawn")
    }
}
