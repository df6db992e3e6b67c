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
