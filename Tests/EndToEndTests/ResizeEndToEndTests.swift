import BulletinTestSupport
import Foundation
import Testing

/// The real binary in tmux, resized through many sizes, and left idle.
@Suite("End to end: resize and idle")
struct ResizeEndToEndTests {
    @Test("resizing down to 1x1 and back never crashes, says when too small, and keeps the selection")
    func resizeThroughSizes() throws {
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try session.waitFor("Username")
        session.send("Down", "Down")
        let sizes = [(80, 24), (40, 10), (20, 5), (19, 5), (20, 4), (10, 3), (5, 2), (2, 2), (1, 1), (3, 1), (1, 3), (60, 20)]
        for (width, height) in sizes {
            session.resize(width: width, height: height)
            if width >= 20 && height >= 5 {
                try session.waitFor("Bulletin", timeout: 5)
            } else if width >= 18 {
                try session.waitFor("terminal too small", timeout: 5)
            } else if width >= 9 && height >= 2 {
                try session.waitFor("need 20x5", timeout: 5)
            } else {
                try session.waitForAbsence(of: "Bulletin", timeout: 5)
            }
        }
        session.resize(width: 100, height: 30)
        let back = try session.waitFor("Bluefield Cooperative")
        #expect(back.contains("Home › Users") && !back.contains("too small"))
        session.send("Enter")
        try session.waitFor("Home › Users › José Núñez")
        session.send("q")
        #expect(try session.waitForExit() == 0, "no crash on the way")
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("an idle Bulletin uses (almost) no CPU: nothing polls")
    func idleCPU() throws {
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try session.waitFor("Username")
        let pid = try #require(session.commandPID())
        Thread.sleep(forTimeInterval: 0.5)
        let before = try cpuTicks(pid)
        Thread.sleep(forTimeInterval: 3)
        let used = try cpuTicks(pid) - before
        // 3 s is 300 ticks at 100 Hz; a poll every 10 ms would use several, a busy loop 300.
        #expect(used <= 2, "used \(used) clock ticks in 3 s while idle")
        session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// utime + stime of `pid` in clock ticks, from `/proc/PID/stat` (fields 14 and 15).
    private func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let afterName = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...]
        let fields = afterName.split(separator: " ")
        // fields[0] is the state (field 3), so utime (14) is fields[11], stime (15) fields[12].
        return try #require(Int(fields[11])) + #require(Int(fields[12]))
    }
}
