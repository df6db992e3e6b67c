import BulletinTestSupport
import Foundation
import Testing

/// The real binary in tmux, resized through many sizes, and left idle.
@Suite("End to end: resize and idle")
struct ResizeEndToEndTests {
    @Test("resizing down to 1x1 and back never crashes, says when too small, and keeps the selection")
    func resizeThroughSizes() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await session.press("Enter", until: "Username")
        session.send("Down", "Down")
        let sizes = [(80, 24), (40, 10), (20, 5), (19, 5), (20, 4), (10, 3), (5, 2), (2, 2), (1, 1), (3, 1), (1, 3), (60, 20)]
        for (width, height) in sizes {
            session.resize(width: width, height: height)
            if width >= 20 && height >= 5 {
                try await session.waitFor("Bulletin", timeout: 5)
            } else if width >= 18 {
                try await session.waitFor("terminal too small", timeout: 5)
            } else if width >= 9 && height >= 2 {
                try await session.waitFor("need 20x5", timeout: 5)
            } else {
                try await session.waitForAbsence(of: "Bulletin", timeout: 5)
            }
        }
        session.resize(width: 100, height: 30)
        let back = try await session.appears(all: ["Bluefield Cooperative", "Home › Users"])
        #expect(!back.contains("too small"))
        try await session.press("Enter", until: "Home › Users › José Núñez")
        session.send("q")
        #expect(try await session.waitForExit() == 0, "no crash on the way")
        #expect(session.sttyAfter == session.sttyBefore)
    }

    @Test("an idle Bulletin uses (almost) no CPU and does not wake up: nothing polls, no timer runs")
    func idle() async throws {
        let session = try await TmuxSession.bulletin()
        defer { session.close() }
        try await session.press("Enter", until: "Username")
        let pid = try #require(session.commandPID())
        try await Task.sleep(nanoseconds: 500_000_000)   // settle after the frame: not measured
        let (ticksBefore, wakeupsBefore) = (try cpuTicks(pid), try wakeups(pid))
        try await Task.sleep(nanoseconds: 3_000_000_000)  // the measured window, not a wait for a condition
        let used = try cpuTicks(pid) - ticksBefore
        let woken = try wakeups(pid) - wakeupsBefore
        // 3 s is 300 ticks at 100 Hz; a poll every 10 ms would use several, a busy loop 300.
        #expect(used <= 2, "used \(used) clock ticks in 3 s while idle")
        // A spinner timer at 8 Hz would wake a thread 24 times in 3 s (it did: 34 in 2 s).
        #expect(woken <= 6, "threads woke \(woken) times in 3 s while idle")
        try await session.quit()
    }

    @Test("while a load hangs the spinner turns; once it has failed, nothing wakes the app")
    func spinnerTurnsWhileLoading() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let session = try TmuxSession(
            // 20 s: long enough that the load still hangs while the spinner is seen to turn, even
            // with every end-to-end suite running at once on two cores beside a CPU hog (6 s ran
            // out in 2 of 10 such runs).
            command: [BulletinBinary.path, "--api", listener.baseURL.absoluteString, "--timeout", "20"])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        // The spinner's line: a braille glyph before "Loading users…" (the word not doubled).
        let frame = { (screen: String) in
            screen.split(separator: "\n").last { line in
                line.contains(" Loading users…") && line.unicodeScalars.contains { $0.value >= 0x2801 && $0.value <= 0x28FF }
            }.map(String.init)
        }
        session.send("Enter")
        let first = try await session.waitUntil(timeout: 15, "the spinner to show") { frame($0) != nil }
        let second = try await session.waitUntil(timeout: 18, "the spinner to turn") { frame($0) != nil && frame($0) != frame(first) }
        #expect(frame(first) != frame(second), "the spinner turned:\n\(frame(first) ?? "")\n\(frame(second) ?? "")")
        // The timeout ends the load (while a request waits, FoundationNetworking itself keeps
        // a thread busy, so wake-ups are counted only after it has failed).
        try await session.waitFor("Could not load users", timeout: 40)
        let pid = try #require(session.commandPID())
        try await Task.sleep(nanoseconds: 500_000_000)     // settle after the frame: not measured
        let before = try wakeups(pid)
        try await Task.sleep(nanoseconds: 1_000_000_000)   // the measured window, not a wait for a condition
        let woken = try wakeups(pid) - before
        #expect(woken <= 2, "nothing is loading, so the spinner timer is gone; woke \(woken) times")
        try await session.quit()
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
