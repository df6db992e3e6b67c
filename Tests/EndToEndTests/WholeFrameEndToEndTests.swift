import BulletinTestSupport
import Foundation
import Testing

/// Each frame reaches the terminal in one `write(2)`, inside synchronized-update markers
/// (DEC mode 2026) exactly when terminfo's `Sync` advertises them (issue 14, item 5). The app
/// runs under `strace -y -e trace=write` in tmux, so every write to the terminal is seen with
/// its bytes; two terminfo entries compiled at test time (`tic -x`) differ only in `Sync`.
@Suite("End to end: whole frames")
struct WholeFrameEndToEndTests {
    /// One `write` to the terminal as strace shows it (escaped: ESC is `\33`, non-ASCII octal).
    struct TerminalWrite {
        let text: String
    }

    static let beginMarker = #"\33[?2026h"#
    static let endMarker = #"\33[?2026l"#

    static var toolsAvailable: Bool {
        Subprocess.run(["strace", "-o", "/dev/null", "true"]).status == 0 && Subprocess.run(["tic", "-V"]).status == 0
    }

    /// Compiles `tmux-256color-sync` (with tmux's own `Sync` string) and `tmux-256color-nosync`
    /// (`Sync` cancelled) into `directory`, for `TERMINFO`.
    private func compileEntries(in directory: URL) throws {
        let source = #"""
            tmux-256color-sync|tmux with synchronized output (test entry),
            	Sync=\E[?2026%?%p1%{1}%-%tl%eh%;, use=tmux-256color,
            tmux-256color-nosync|tmux without synchronized output (test entry),
            	Sync@, use=tmux-256color,
            """#
        let file = directory.appendingPathComponent("entries.src")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = Subprocess.run(["tic", "-x", "-o", directory.path, file.path])
        guard result.status == 0 else { throw TmuxSession.Failure(description: "tic failed: \(result.output)") }
    }

    /// Runs the app on the embedded data with `term`, opens Users and moves down three rows,
    /// quits, and returns its writes to the terminal in order.
    private func traceSession(term: String, terminfo: URL) async throws -> [TerminalWrite] {
        let trace = terminfo.appendingPathComponent("trace-\(term).txt")
        let session = try TmuxSession(
            command: ["strace", "-f", "-y", "-s", "10000000", "-e", "trace=write", "-o", trace.path, BulletinBinary.path],
            width: 100, height: 30, environment: ["TERM": term, "TERMINFO": terminfo.path])
        defer { session.close() }
        try await session.waitForAll(["Welcome to Bulletin", "Users"])
        try await session.press("Enter", until: "Margaret Okafor", "Henrik Dahl")
        for _ in 0..<3 { session.send("Down") }
        try await session.press("Escape", until: "Welcome to Bulletin")
        try await session.quit()
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        return lines.compactMap { line in
            guard let start = line.range(of: "write("), line[start.upperBound...].contains("</dev/pts/"),
                  let open = line.range(of: ", \""), let close = line.range(of: "\", ", options: .backwards),
                  open.upperBound <= close.lowerBound else { return nil }
            return TerminalWrite(text: String(line[open.upperBound..<close.lowerBound]))
        }
    }

    @Test("with Sync advertised every frame is one write from the begin marker to the end marker",
          .enabled(if: toolsAvailable, "needs strace (with ptrace allowed) and tic"))
    func synchronizedFrames() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-frames")
        defer { try? FileManager.default.removeItem(at: directory) }
        try compileEntries(in: directory)
        let writes = try await traceSession(term: "tmux-256color-sync", terminfo: directory)
        let framed = writes.indices.filter { writes[$0].text.contains(Self.beginMarker) }
        #expect(framed.count >= 3, "Home, Users and the moves each came as a framed write; got \(framed.count)")
        guard let first = framed.first, let last = framed.last else { return }
        // From the first frame to the last, nothing reached the terminal outside a whole frame.
        for write in writes[first...last] {
            #expect(write.text.hasPrefix(Self.beginMarker) && write.text.hasSuffix(Self.endMarker),
                    "a write that is not one whole synchronized frame: \(write.text.prefix(200))")
        }
        // The frame that shows Users carries its first row and its last in the same write.
        #expect(writes.contains { $0.text.contains("Margaret Okafor") && $0.text.contains("Henrik Dahl") })
    }

    @Test("without Sync no marker is sent, and a frame still comes whole in one write",
          .enabled(if: toolsAvailable, "needs strace (with ptrace allowed) and tic"))
    func unsynchronizedFrames() async throws {
        let directory = try TmuxSession.scratchDirectory("bulletin-frames")
        defer { try? FileManager.default.removeItem(at: directory) }
        try compileEntries(in: directory)
        let writes = try await traceSession(term: "tmux-256color-nosync", terminfo: directory)
        #expect(!writes.isEmpty)
        #expect(!writes.contains { $0.text.contains("2026") }, "no synchronized-update marker without Sync")
        // The first frame (Home, painted whole) is one write: its header and its menu together.
        #expect(writes.contains { $0.text.contains("Welcome to Bulletin") && $0.text.contains("Quit") })
        #expect(writes.contains { $0.text.contains("Margaret Okafor") && $0.text.contains("Henrik Dahl") })
    }
}
