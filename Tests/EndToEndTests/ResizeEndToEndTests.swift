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

    @Test("an idle Bulletin uses (almost) no CPU and does not wake up: nothing polls, no timer runs")
    func idle() throws {
        let session = try TmuxSession(command: [BulletinBinary.path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try session.waitFor("Username")
        let pid = try #require(session.commandPID())
        Thread.sleep(forTimeInterval: 0.5)
        let (ticksBefore, wakeupsBefore) = (try cpuTicks(pid), try wakeups(pid))
        Thread.sleep(forTimeInterval: 3)
        let used = try cpuTicks(pid) - ticksBefore
        let woken = try wakeups(pid) - wakeupsBefore
        // 3 s is 300 ticks at 100 Hz; a poll every 10 ms would use several, a busy loop 300.
        #expect(used <= 2, "used \(used) clock ticks in 3 s while idle")
        // A spinner timer at 8 Hz would wake a thread 24 times in 3 s (it did: 34 in 2 s).
        #expect(woken <= 6, "threads woke \(woken) times in 3 s while idle")
        session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("while a load hangs the spinner turns; once it has failed, nothing wakes the app")
    func spinnerTurnsWhileLoading() throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let session = try TmuxSession(
            command: [BulletinBinary.path, "--api", listener.baseURL.absoluteString, "--timeout", "3"])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        let first = try session.waitFor(" loading")
        let frame = { (screen: String) in screen.split(separator: "\n").last { $0.contains(" loading") }.map(String.init) }
        Thread.sleep(forTimeInterval: 0.4)
        let second = try session.waitFor(" loading")
        #expect(frame(first) != frame(second), "the spinner turned:\n\(frame(first) ?? "")\n\(frame(second) ?? "")")
        // The timeout ends the load (while a request waits, FoundationNetworking itself keeps
        // a thread busy, so wake-ups are counted only after it has failed).
        try session.waitFor("Could not load users")
        let pid = try #require(session.commandPID())
        Thread.sleep(forTimeInterval: 0.5)
        let before = try wakeups(pid)
        Thread.sleep(forTimeInterval: 1)
        let woken = try wakeups(pid) - before
        #expect(woken <= 2, "nothing is loading, so the spinner timer is gone; woke \(woken) times")
        session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// Voluntary context switches of all of `pid`'s threads (`/proc/PID/task/*/status`):
    /// each is a thread going to sleep after it woke up.
    private func wakeups(_ pid: Int32) throws -> Int {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.reduce(0) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return total + (line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0)
        }
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
