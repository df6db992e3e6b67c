import Testing
@testable import TermView

@Suite("TerminalCheck")
struct TerminalCheckTests {
    private let term = ["TERM": "xterm-256color"]

    @Test("a real terminal with a TERM is accepted")
    func accepted() {
        #expect(TerminalCheck.refusalReason(environment: term, stdinIsTTY: true, stdoutIsTTY: true) == nil)
    }

    @Test("pipes, a missing TERM and TERM=dumb are refused with a one-line reason")
    func refused() throws {
        let reasons = [
            TerminalCheck.refusalReason(environment: term, stdinIsTTY: false, stdoutIsTTY: true),
            TerminalCheck.refusalReason(environment: term, stdinIsTTY: true, stdoutIsTTY: false),
            TerminalCheck.refusalReason(environment: [:], stdinIsTTY: true, stdoutIsTTY: true),
            TerminalCheck.refusalReason(environment: ["TERM": ""], stdinIsTTY: true, stdoutIsTTY: true),
            TerminalCheck.refusalReason(environment: ["TERM": "dumb"], stdinIsTTY: true, stdoutIsTTY: true),
        ]
        #expect(try #require(reasons[0]).contains("input"))
        #expect(try #require(reasons[1]).contains("output"))
        #expect(try #require(reasons[2]).contains("TERM"))
        #expect(try #require(reasons[3]).contains("TERM"))
        #expect(try #require(reasons[4]).contains("dumb"))
        #expect(reasons.allSatisfy { $0.map { !$0.contains("\n") } ?? false })
    }
}

@Suite("TerminfoLocator")
struct TerminfoLocatorTests {
    @Test("a TERM without a terminfo entry is refused in one line naming it")
    func unknownTerm() throws {
        let reason = try #require(TerminalCheck.refusalReason(
            environment: ["TERM": "no-such-term"], stdinIsTTY: true, stdoutIsTTY: true, hasTerminfo: { _ in false }))
        #expect(reason.contains("TERM=no-such-term") && reason.contains("terminfo"))
        #expect(!reason.contains("\n"))
    }

    @Test("entries are found by first letter or by its hex code, in TERMINFO before the system")
    func searchOrder() {
        let environment = ["TERMINFO": "/opt/ti", "HOME": "/home/a", "TERMINFO_DIRS": "/x::/y"]
        let directories = TerminfoLocator.searchDirectories(environment: environment)
        #expect(directories.prefix(3) == ["/opt/ti", "/home/a/.terminfo", "/x"])
        #expect(directories[3] == "/etc/terminfo" && directories.contains("/y"))
        #expect(TerminfoLocator.hasEntry(for: "xterm", environment: [:]) { $0 == "/lib/terminfo/x/xterm" })
        #expect(TerminfoLocator.hasEntry(for: "xterm", environment: [:]) { $0 == "/usr/share/terminfo/78/xterm" })
        #expect(TerminfoLocator.hasEntry(for: "xterm", environment: environment) { $0 == "/opt/ti/x/xterm" })
        #expect(!TerminfoLocator.hasEntry(for: "xterm", environment: [:]) { $0 == "/opt/ti/x/xterm" })
        #expect(!TerminfoLocator.hasEntry(for: "../x/xterm", environment: [:]) { _ in true })
        #expect(!TerminfoLocator.hasEntry(for: "", environment: [:]) { _ in true })
    }

    @Test("this machine's own terminfo has tmux-256color and not a made-up name")
    func realDisk() {
        #expect(TerminfoLocator.hasEntry(for: "tmux-256color", environment: [:]))
        #expect(!TerminfoLocator.hasEntry(for: "no-such-term-\(UInt32.random(in: 0...999_999))", environment: [:]))
    }
}
