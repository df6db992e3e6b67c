import BulletinTestSupport
import Foundation
import Testing

/// Start-up refusals, error screens and every way out restoring the terminal.
@Suite("End to end: lifecycle")
struct LifecycleEndToEndTests {
    @Test("Ctrl-C quits from a deep screen and restores the terminal")
    func ctrlC() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await session.press("Enter", until: "Username")
        session.send("C-c")
        let status = try await session.waitForExit()
        #expect(status == 0 || status == 130)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("q quits from a deep screen", arguments: ["q"])
    func quitDeep(key: String) async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        session.send("Down")
        session.send("Down")
        session.send("Down")
        try await session.press("Enter", until: "Admin panel")
        try await session.waitFor("Comments:")
        session.send(key)
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("SIGTERM, SIGHUP, SIGQUIT and SIGINT restore the terminal", arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGINT])
    func signals(signal: Int32) async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await session.end(by: signal)
    }

    @Test("Quit on the Home menu exits")
    func quitMenu() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        session.send("j")
        session.send("j")
        session.send("j")
        session.send("j")
        session.send("Enter")
        #expect(try await session.waitForExit() == 0)
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("Esc on Home does nothing")
    func escapeOnHome() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        session.send("Escape")
        session.send("Escape")
        session.send("Left")
        // Keys are handled in order: Enter opening Users (Home's first entry) shows the app was
        // still on Home, with the selection where it was, after the three keys.
        try await session.press("Enter", until: "Home › Users", "Margaret Okafor")
        try await session.quit()
    }

    @Test("an API that is not listening shows an error naming the URL, and r retries")
    func unreachableAPI() async throws {
        let port = try LoopbackServer.closedPort()
        let session = try await TmuxSession.bulletin(["--api", "http://127.0.0.1:\(port)"])
        defer { session.close() }
        try await session.press("Enter", until: "Could not load users", "127.0.0.1:\(port)", "r to retry")
        try await session.press("r", until: "Could not load users")
        try await session.quit()
    }

    @Test("a missing --data file is refused before the screen is taken: stderr names the file, status 2, the terminal as it was")
    func missingFile() async throws {
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", "/nonexistent/db.json"])
        defer { session.close() }
        #expect(try await session.waitForExit() == 2)
        #expect(session.standardError == "bulletin: Cannot read /nonexistent/db.json: no such file\n", "\(session.standardError)")
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("not a terminal: a one-line reason on stderr and status 2")
    func notATerminal() throws {
        let result = try BulletinBinary.runDetached([])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("bulletin: "))
        #expect(result.stderr.contains("terminal"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty, "nothing drawn when refusing")
    }

    @Test("TERM=dumb inside a real terminal is refused with status 2")
    func dumbTerminal() async throws {
        let session = try TmuxSession(command: [BulletinBinary.path], environment: ["TERM": "dumb"])
        defer { session.close() }
        #expect(try await session.waitForExit() == 2)
        #expect(session.standardError.contains("TERM"))
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("--help lists the flags; a bad flag exits 2")
    func help() throws {
        let help = try BulletinBinary.runDetached(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--api URL") && help.stdout.contains("--data FILE"))
        let bad = try BulletinBinary.runDetached(["--bogus"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "bulletin: unknown argument '--bogus' (see --help)\n")
    }
}
