import BulletinTestSupport
import Foundation
import Testing

/// Hard input files opened with `--data` in the real binary: bad records are reported, broken files named.
@Suite("End to end: unreadable records and broken files", .serialized,
       .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipNotice)))
struct DataIssuesEndToEndTests {
    @Test("users-some-invalid-records.json: the good users show, the status line and Admin panel report the rest")
    func invalidRecords() throws {
        let path = SharedData.input("users-some-invalid-records.json").path
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        var screen = try session.waitFor("1 record skipped: users[3].name null")
        #expect(screen.contains("Valid User 10"))
        #expect(!screen.contains("user4"))
        session.send("Escape")
        try session.waitFor("Welcome to Bulletin")
        session.send("Down")
        session.send("Down")
        session.send("Down")
        session.send("Enter")
        screen = try session.waitFor("Records not read (2)")
        #expect(screen.contains("users[3].name null (record skipped)"))
        #expect(screen.contains("users[7].address wrong type (expected an object) (field shown as —)"))
        session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("users-truncated.json: an error naming the file and its line; the app keeps running")
    func truncatedFile() throws {
        let path = SharedData.input("users-truncated.json").path
        let session = try TmuxSession(command: [BulletinBinary.path, "--data", path])
        defer { session.close() }
        try session.waitFor("Welcome to Bulletin")
        session.send("Enter")
        let screen = try session.waitFor("Unexpected end of file")
        #expect(screen.contains("users-truncated.json"))
        #expect(screen.contains("(line 35, column 9)"))
        session.send("Escape")
        try session.waitFor("Welcome to Bulletin")
        session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}
