import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinData

#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, item 6: a save to a SQLite database on a full disk (a 1 MB tmpfs, filled) fails
/// with the reason, and leaves the database whole with the row as it was; once there is room
/// the same save succeeds.
@Suite("SQLite on a full disk", .serialized)
struct SQLiteDiskFullTests {
    /// Mounts a tmpfs of `kilobytes` at a new directory (root only: the tests run as root here).
    static func mountSmallDisk(kilobytes: Int) -> URL? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-full-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard Subprocess.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", directory.path]).status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            return nil
        }
        return directory
    }

    @Test("a save that does not fit fails with 'the disk is full'; integrity_check is ok and the row unchanged; with room again it saves")
    func diskFull() async throws {
        guard let disk = Self.mountSmallDisk(kilobytes: 1024) else {
            // Mounting needs root; as root (CI here) not mounting is a failure, not a skip.
            if getuid() == 0 { Issue.record("root could not mount a tmpfs") }
            print("SQLiteDiskFullTests: skipped, tmpfs cannot be mounted by this user")
            return
        }
        defer {
            _ = Subprocess.run(["umount", disk.path])
            try? FileManager.default.removeItem(at: disk)
        }
        let path = disk.appendingPathComponent("app.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER, title TEXT, body TEXT);
            INSERT INTO users VALUES (1, 'Ann', 'ann');
            INSERT INTO posts VALUES (1, 1, 'before', 'short');
            """)
        // Fill what is left of the disk.
        let filler = disk.appendingPathComponent("filler").path
        let descriptor = open(filler, O_WRONLY | O_CREAT, 0o600)
        let chunk = [UInt8](repeating: 0x41, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        close(descriptor)

        let source = SQLiteDataSource(path: path)
        let writer = SQLiteDataWriter(source: source)
        let original = try await source.post(id: 1)
        var edited = original
        edited.title = "after"
        edited.body = String(repeating: "long body ", count: 30_000)   // 300 KB: far more than is left
        do {
            _ = try await writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
            Issue.record("a 300 KB save fitted on a full disk")
        } catch {
            guard case let .unwritableFile(failedPath, reason) = error else { Issue.record("\(error)"); return }
            #expect(failedPath == path && reason.hasPrefix("the disk is full"), "\(reason)")
        }
        let check = try SQLiteConnection(path: path)
        #expect(try check.rows("PRAGMA integrity_check") == [[.text("ok")]])
        #expect(try check.rows("SELECT title, body FROM posts WHERE id = 1") == [[.text("before"), .text("short")]])

        try FileManager.default.removeItem(atPath: filler)
        _ = try await writer.update(.post(edited), original: .post(original), overwriteIfChanged: false)
        #expect(try check.rows("SELECT title FROM posts WHERE id = 1") == [[.text("after")]])
    }
}
