@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The file writer: atomic saves with `FILE.bak`, json-server format, unknown members kept (issue 8).
struct FileDataWriterTests {
    private let db = """
        {"users": [{"id": 1, "name": "Ann", "username": "ann", "email": "a@x.org", "address": "n/a", "role": "admin"}],
         "posts": [{"userId": 1, "id": 1, "title": "t1", "body": "b1", "tags": ["a", "b"]},
                   {"userId": 1, "id": 7, "title": "t7", "body": "b7"}],
         "comments": [], "todos": [{"userId": 1, "id": 1, "title": "keep me", "completed": false}]}
        """

    /// A fresh directory holding `db.json` with `text`; returns the file's path.
    private func makeFile(_ text: String, name: String = "db.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    private func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func directoryEntries(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path).sorted()
    }

    @Test("restore (undo of a delete) puts a user back under their own id, so their posts are theirs again")
    func restoreKeepsID() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        let ann = try await source.user(id: 1)
        _ = try await writer.delete(.user, id: 1)
        await #expect(throws: DataError.notFound("user 1", location: path)) { try await source.user(id: 1) }

        let restored = try await writer.restore(.user(ann))
        #expect(restored.record == .user(ann))
        #expect(try await source.user(id: 1) == ann)
        #expect(try await FileDataSource(path: path).user(id: 1).name == "Ann", "the file holds user 1 again")
        #expect(try await source.posts(userID: 1).map(\.id) == [1, 7])

        // When the id was taken meanwhile, the restored record gets a new one instead of a duplicate.
        let post7 = try await source.post(id: 7)
        _ = try await writer.delete(.post, id: 7)
        _ = try await writer.restore(.post(post7))
        let again = try await writer.restore(.post(post7))
        #expect(again.record?.id == RecordID(8))
        #expect(try await FileDataSource(path: path).posts(userID: 1).map(\.id) == [1, 7, 8])
    }

    @Test("create, update and delete round-trip through the file, and the source's reads see each change")
    func roundTrip() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        #expect(try await source.posts(userID: 1).count == 2)

        let created = try await writer.create(.post(Post(userId: 1, id: 0, title: "new", body: "fresh")))
        #expect(created == WriteOutcome(
            record: .post(Post(userId: 1, id: 8, title: "new", body: "fresh")), persisted: true, note: "saved to \(path)"))
        #expect(try await source.post(id: 8).title == "new")
        #expect(try await source.posts(userID: 1).map(\.id) == [1, 7, 8])

        _ = try await writer.update(.post(Post(userId: 1, id: 8, title: "edited", body: "fresh")))
        #expect(try await source.post(id: 8).title == "edited")
        #expect(try await FileDataSource(path: path).post(id: 8).title == "edited")

        let deleted = try await writer.delete(.post, id: 8)
        #expect(deleted.record == nil && deleted.persisted)
        await #expect(throws: DataError.notFound("post 8", location: path)) { try await source.post(id: 8) }
        await #expect(throws: DataError.notFound("post 8", location: path)) {
            try await FileDataSource(path: path).post(id: 8)
        }
        _ = try await writer.create(.user(User(id: 0, name: "Cy", username: "cy")))
        _ = try await writer.update(.user(User(id: 1, name: "Ann", username: "ann", email: nil)))
        _ = try await writer.delete(.post, id: 1)
        #expect(try await source.dataSet() == FileDataSource(path: path).dataSet(), "the source's data is what the file holds")
    }

    @Test("FILE.bak holds the previous version after each save")
    func backupHoldsPreviousVersion() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let writer = FileDataWriter(source: FileDataSource(path: path))
        _ = try await writer.update(.post(Post(userId: 1, id: 7, title: "first", body: "b7")))
        #expect(text(path + ".bak") == db)
        let afterFirst = text(path)
        _ = try await writer.update(.post(Post(userId: 1, id: 7, title: "second", body: "b7")))
        #expect(text(path + ".bak") == afterFirst)
        #expect(try await FileDataSource(path: path + ".bak").post(id: 7).title == "first")
        #expect(try directoryEntries(path) == ["db.json", "db.json.bak"])
    }

    @Test("members and fields Bulletin does not model are written back untouched; only the edited records change, in the file's layout")
    func keepsUnknownMembers() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let writer = FileDataWriter(source: FileDataSource(path: path))
        _ = try await writer.update(.post(Post(userId: 1, id: 1, title: "T1", body: "b1")))
        _ = try await writer.update(.user(User(id: 1, name: "Ann B", username: "ann")))
        let expected = db
            .replacingOccurrences(of: #""title": "t1""#, with: #""title": "T1""#)
            .replacingOccurrences(of: #""name": "Ann", "username": "ann", "email": "a@x.org","#,
                                  with: #""name": "Ann B", "username": "ann","#)
        #expect(expected != db)
        #expect(text(path) == expected)
    }

    @Test("new ids are the largest numeric id + 1, strings where the collection uses strings, 1 when empty")
    func newIDs() async throws {
        let path = try makeFile("""
            {"users": [{"id": "3", "name": "A", "username": "a"}, {"id": "b3e1", "name": "B", "username": "b"}],
             "posts": [{"userId": 1, "id": 41, "title": "t", "body": "b"}, {"userId": 1, "id": "x", "title": "t", "body": "b"}]}
            """)
        defer { remove(path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        let comment = try await writer.create(.comment(Comment(postId: 41, id: 99, name: "n", email: "e@x", body: "b")))
        #expect(comment.record?.id == 1)
        #expect(try await writer.create(.post(Post(userId: 1, id: 0, title: "t", body: "b"))).record?.id == 42)
        #expect(try await writer.create(.user(User(id: 0, name: "C", username: "c"))).record?.id == 4)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let users = saved?["users"] as? [[String: Any]]
        #expect(users?.last?["id"] as? String == "4")
        #expect(try await source.comments(postID: 41).map(\.name) == ["n"])
    }

    @Test("updating or deleting a missing record is notFound naming the file, and nothing is written")
    func missingRecord() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let writer = FileDataWriter(source: FileDataSource(path: path))
        await #expect(throws: DataError.notFound("post 42", location: path)) {
            try await writer.update(.post(Post(userId: 1, id: 42, title: "t", body: "b")))
        }
        await #expect(throws: DataError.notFound("user 9", location: path)) { try await writer.delete(.user, id: 9) }
        #expect(text(path) == db)
        #expect(try directoryEntries(path) == ["db.json"])
    }

    @Test("a file changed on disk since it was loaded is not overwritten unless the caller says so")
    func changedOnDisk() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        #expect(try await source.users().count == 1)
        let elsewhere = db.replacingOccurrences(of: "\"t1\"", with: "\"changed elsewhere\"")
        try Data(elsewhere.utf8).write(to: URL(fileURLWithPath: path))

        let edit = Record.post(Post(userId: 1, id: 7, title: "mine", body: "b7"))
        await #expect(throws: DataError.changedOnDisk(path: path)) { try await writer.update(edit) }
        #expect(text(path) == elsewhere)
        #expect(DataError.changedOnDisk(path: path).description.contains("changed on disk"))

        _ = try await writer.update(edit, overwriteIfChanged: true)
        #expect(try await source.post(id: 7).title == "mine")
        #expect(try await source.post(id: 1).title == "changed elsewhere")
        _ = try await writer.update(.post(Post(userId: 1, id: 7, title: "again", body: "b7")))
        #expect(try await FileDataSource(path: path).post(id: 7).title == "again")
    }

    @Test("a save that cannot keep FILE.bak fails naming the file, and the file, the reads and the directory are unchanged")
    func unwritableBackup() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        try FileManager.default.createDirectory(atPath: path + ".bak/occupied", withIntermediateDirectories: true)
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        do {
            _ = try await writer.update(.post(Post(userId: 1, id: 7, title: "lost?", body: "b7")))
            Issue.record("the save should have failed")
        } catch {
            guard case let .unwritableFile(failedPath, reason) = error else { Issue.record("got \(error)"); return }
            #expect(failedPath == path)
            #expect(reason.contains("db.json.bak"))
        }
        #expect(text(path) == db)
        #expect(try await source.post(id: 7).title == "t7")
        #expect(try directoryEntries(path) == ["db.json", "db.json.bak"])
    }

    @Test("a system call failing at any step of the save leaves the file as it was and no temporary files",
          arguments: SaveFault.allCases)
    func failureAtEachStep(fault: SaveFault) async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let source = FileDataSource(path: path)
        let failing = FileDataWriter(source: source, operations: fault.operations)
        await #expect(throws: DataError.self) { try await failing.delete(.post, id: 1) }
        #expect(text(path) == db)
        #expect(try await source.post(id: 1).title == "t1")
        // After the backup step FILE.bak already holds the current version: still a complete copy.
        #expect(try directoryEntries(path) == (fault.backupDone ? ["db.json", "db.json.bak"] : ["db.json"]))
        if fault.backupDone { #expect(text(path + ".bak") == db) }
        // The same source saves again once the system call works.
        _ = try await FileDataWriter(source: source).delete(.post, id: 1)
        await #expect(throws: DataError.notFound("post 1", location: path)) { try await source.post(id: 1) }
    }

    @Test("the error of a failed system call names the step and the system's reason")
    func failureReason() async throws {
        let path = try makeFile(db)
        defer { remove(path) }
        let writer = FileDataWriter(source: FileDataSource(path: path), operations: SaveFault.fsyncTemporary.operations)
        do {
            _ = try await writer.delete(.post, id: 1)
            Issue.record("the save should have failed")
        } catch {
            guard case let .unwritableFile(failedPath, reason) = error else { Issue.record("got \(error)"); return }
            #expect(failedPath == path)
            #expect(reason == "cannot write the new version: input/output error")
        }
    }

    @Test("a directory the process cannot write to fails the save and leaves the file intact",
          .enabled(if: getuid() != 0, "root may write anywhere"))
    func unwritableDirectory() async throws {
        let path = try makeFile(db)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        defer { chmod(directory, 0o755); remove(path) }
        chmod(directory, 0o555)
        let writer = FileDataWriter(source: FileDataSource(path: path))
        await #expect(throws: DataError.self) { try await writer.delete(.post, id: 1) }
        #expect(text(path) == db)
    }
}

/// The file writer on the shared hard inputs (issue 8): bad files are never overwritten, string ids stay strings.
@Suite(SharedData.needed)
struct FileDataWriterHardInputTests {
    /// A copy of the hard input `name` in a fresh temporary directory.
    private func copy(_ name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-hard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: SharedData.input(name).path, toPath: path)
        chmod(path, 0o644) // the shared inputs are read-only; a copy to edit is not
        return path
    }

    @Test("an empty, truncated or NUL-padded file is not written: an error names it and its bytes stay", arguments: [
        "users-empty-file.json", "users-truncated.json", "users-nul-padded.json", "comments-invalid-utf8.json",
    ])
    func badFilesAreKept(name: String) async throws {
        let path = try copy(name)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let original = FileManager.default.contents(atPath: path)
        let writer = FileDataWriter(source: FileDataSource(path: path))
        do throws(DataError) {
            _ = try await writer.create(.user(User(id: 0, name: "New", username: "new")))
            Issue.record("\(name): the save should have been refused")
        } catch {
            #expect(error.description.contains(path), "\(error)")
        }
        #expect(FileManager.default.contents(atPath: path) == original)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
    }

    @Test("in a users file with string ids, edits keep the ids' type and a new user gets the next numeric id")
    func stringIDs() async throws {
        let path = try copy("users-string-ids.json")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        let users = try await source.users()
        let first = try #require(users.first)
        var renamed = first
        renamed.name = "Renamed"
        _ = try await writer.update(.user(renamed))
        #expect(try await FileDataSource(path: path).user(id: first.id).name == "Renamed")
        let largest = users.compactMap(\.id.number).max() ?? 0
        let created = try await writer.create(.user(User(id: 0, name: "New", username: "new")))
        #expect(created.record?.id == RecordID(largest + 1))
        #expect(try await FileDataSource(path: path).users().count == users.count + 1)
        let value = try JSONValue.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
        guard case let .array(records) = value else { Issue.record("not an array"); return }
        #expect(records.first?["id"] == .string("1"))
        #expect(records.last?["id"] == .string(String(largest + 1)))
    }
}

/// One system call of a save failing as the system's would (-1, `errno` set), through the
/// writer's ``FileOperations`` seam.
enum SaveFault: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// No space left while creating the temporary file.
    case createTemporary
    /// The disk is full part way through writing the temporary file (the splice's own writes
    /// go through `copy_file_range`; the fsync after them is what fails here).
    case fsyncTemporary
    /// Neither a hard link nor a copy can make the backup.
    case backup
    /// The final rename over the file.
    case rename

    var testDescription: String { rawValue }

    /// Whether `FILE.bak` has been made by the time the call fails.
    var backupDone: Bool { self == .rename }

    /// The system's calls, but this one failing.
    var operations: FileOperations {
        var operations = FileOperations.system
        let system = FileOperations.system
        switch self {
        case .createTemporary:
            operations.open = { path, flags, mode in
                path.contains(".tmp-") ? Self.fail(ENOSPC) : system.open(path, flags, mode)
            }
        case .fsyncTemporary:
            operations.fsync = { _ in Self.fail(EIO) }
        case .backup:
            operations.link = { existing, new in new.contains(".bak.tmp-") ? Self.fail(EXDEV) : system.link(existing, new) }
            operations.open = { path, flags, mode in
                path.contains(".bak.tmp-") ? Self.fail(EACCES) : system.open(path, flags, mode)
            }
        case .rename:
            operations.rename = { old, new in new.hasSuffix(".bak") ? system.rename(old, new) : Self.fail(EIO) }
        }
        return operations
    }

    private static func fail<Result: SignedInteger>(_ code: Int32) -> Result {
        errno = code
        return -1
    }
}
