import BulletinTestSupport
import Foundation
import Testing

/// Hard input files opened with `--data` in the real binary: bad records are reported, broken files named.
@Suite("End to end: unreadable records and broken files", .serialized,
       SharedData.needed)
struct DataIssuesEndToEndTests {
    @Test("users-some-invalid-records.json: the good users show, the status line and Admin panel report the rest")
    func invalidRecords() async throws {
        let path = SharedData.input("users-some-invalid-records.json").path
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", path])
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        var screen = try await session.waitForAll(["1 record skipped: users[3].name null", "Valid User 10"])
        #expect(!screen.contains("user4"))
        session.send("Escape")
        try await session.waitFor("Welcome to Bulletin")
        session.send("Down")
        session.send("Down")
        session.send("Down")
        session.send("Enter")
        // The panel's end: where the checkout lives, its paths wrap and push the list below the fold.
        try await session.waitFor("Records not read (2)")
        session.send("End")
        // Everything checked on one capture (tmux can show a frame half drawn).
        screen = try await session.waitForAll(["Records not read (2)", "users[3].name null (record skipped)",
                                         "users[7].address wrong type (expected an object) (field shown as —)"])
        #expect(!screen.contains("Records not read (3)"))
        session.send("q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("users-truncated.json: an error naming the file and its line; the app keeps running")
    func truncatedFile() async throws {
        // A copy at a short path: the error names the file, and a long checkout path would wrap
        // the line and column onto the next line (tests do not depend on where the clone lives).
        let directory = URL(fileURLWithPath: "/tmp/bt-\(getpid())-\(UInt16.random(in: 0...UInt16.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("users-truncated.json").path
        try FileManager.default.copyItem(atPath: SharedData.input("users-truncated.json").path, toPath: path)
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", path], width: 160, height: 30)
        defer { session.close() }
        try await session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        try await session.waitForAll(["Unexpected end of file", "users-truncated.json", "(line 35, column 9)"])
        session.send("Escape")
        try await session.waitFor("Welcome to Bulletin")
        session.send("q")
        #expect(try await session.waitForExit() == 0)
    }
}
