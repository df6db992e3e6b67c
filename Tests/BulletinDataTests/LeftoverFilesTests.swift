import BulletinData
import BulletinTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 22, item 9: the temporary files a killed save left beside a db.json (`.NAME.tmp-PID-N`,
/// `.NAME.bak.tmp-PID-N`) go when the file is opened, only those whose process is gone, and the
/// request log (the Admin panel) says which went.
@Suite("Leftover temporary files")
struct LeftoverFilesTests {
    static let database = #"{"users": [{"id": 1, "name": "Ann", "username": "ann"}], "posts": [], "comments": []}"#

    /// A pid that no process has: a child that ran and was reaped.
    static func deadPID() throws -> pid_t {
        let child = try Subprocess.spawn(["true"])
        _ = child.wait()
        #expect(kill(child.pid, 0) != 0 && errno == ESRCH, "pid \(child.pid) is free")
        return child.pid
    }

    @Test("opening the file removes a dead save's temporary files, keeps a live one's and other files' own, and notes it")
    func removedOnOpen() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-leftovers-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        try Data(Self.database.utf8).write(to: file)
        let dead = try Self.deadPID(), live = getpid()
        let files: [String: Int] = [
            ".db.json.tmp-\(dead)-17": 2_500_000, ".db.json.bak.tmp-\(dead)-17": 1_000,
            ".db.json.tmp-\(live)-5": 10, ".other.json.tmp-\(dead)-3": 10, ".db.json.tmp-notapid": 10,
        ]
        for (name, size) in files { try Data(count: size).write(to: directory.appendingPathComponent(name)) }

        let log = RequestLog()
        let source = FileDataSource(path: file.path, log: log)
        #expect(try await source.users().map(\.name) == ["Ann"])

        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == [".db.json.tmp-\(live)-5", ".db.json.tmp-notapid", ".other.json.tmp-\(dead)-3", "db.json"],
                "only the dead process's files of db.json went")
        #expect(log.snapshot.notes == [
            "Removed 2 temporary files left beside db.json by saves whose process is gone: "
                + ".db.json.bak.tmp-\(dead)-17 (1000 bytes), .db.json.tmp-\(dead)-17 (2.5 MB).",
        ])

        // A reload with nothing left to remove adds no note.
        _ = try await FileDataSource(path: file.path, log: log).users()
        #expect(log.snapshot.notes.count == 1)
    }

    @Test("through a symbolic link, the leftovers beside the file it points to go")
    func throughLink() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-leftovers-\(UUID().uuidString.prefix(8))")
        let real = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.database.utf8).write(to: real.appendingPathComponent("store.json"))
        let link = directory.appendingPathComponent("db.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real.appendingPathComponent("store.json"))
        let dead = try Self.deadPID()
        try Data(count: 4).write(to: real.appendingPathComponent(".store.json.tmp-\(dead)-1"))

        let log = RequestLog()
        _ = try await FileDataSource(path: link.path, log: log).users()
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["store.json"])
        #expect(log.snapshot.notes.first?.hasPrefix("Removed 1 temporary file left beside store.json") == true, "\(log.snapshot.notes)")
    }
}
