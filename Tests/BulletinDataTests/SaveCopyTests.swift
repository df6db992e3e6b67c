@testable import BulletinData
import Foundation
import Testing

/// How a save copies the unchanged bytes (issue 23): by `copy_file_range` in chunks whose
/// writeback is started as they are copied, or by hand when the kernel cannot copy between the
/// files (`EXDEV`, `ENOSYS`); the file saved is byte for byte the same either way, and the
/// fsync and renames of the atomic save still happen.
@Suite(.serialized)
struct SaveCopyTests {
    /// A db.json in json-server's layout with `newline` line ends and an optional BOM.
    static func file(newline: String, bom: Bool) -> String {
        let posts = (1...40).map { number in
            "    {\n      \"userId\": 1,\n      \"id\": \(number),\n      \"title\": \"T\(number)\",\n      \"body\": \"body \(number) 東京 🙂\"\n    }"
        }
        let text = "{\n  \"posts\": [\n" + posts.joined(separator: ",\n") + "\n  ]\n}\n"
        return (bom ? "\u{FEFF}" : "") + text.replacingOccurrences(of: "\n", with: newline)
    }

    /// The system's calls with `copy_file_range` failing with `code` (as across file systems).
    static func withoutKernelCopy(_ code: Int32) -> FileOperations {
        var operations = FileOperations.system
        operations.copyFileRange = { _, _, _, _ in
            errno = code
            return -1
        }
        return operations
    }

    /// Edits: the first record grown, the last shrunk, one in the middle grown a lot.
    static let edits: [(id: RecordID, title: String)] = [(1, "T1 grown longer, with \"quotes\""), (40, "T"), (20, String(repeating: "long ", count: 300))]

    @Test("saves by kernel copy and by hand write the same bytes: the old file with only the record's text changed",
          arguments: [("\n", false), ("\r\n", false), ("\n", true), ("\r\n", true)])
    func sameBytes(newline: String, bom: Bool) async throws {
        let original = Self.file(newline: newline, bom: bom)
        var results: [[UInt8]] = []
        for operations in [FileOperations.system, Self.withoutKernelCopy(EXDEV), Self.withoutKernelCopy(ENOSYS)] {
            let path = try SpliceSaveTests.makeFile(original)
            defer { SpliceSaveTests.removeDirectory(of: path) }
            let source = FileDataSource(path: path)
            let writer = FileDataWriter(source: source, operations: operations)
            for (id, title) in Self.edits {
                var post = try await source.post(id: id)
                post.title = title
                _ = try await writer.update(.post(post))
            }
            results.append(try #require(FileManager.default.contents(atPath: path).map([UInt8].init)))
        }
        var expected = original
        for (id, title) in Self.edits {
            expected = expected.replacingOccurrences(of: "\"title\": \"T\(id)\",", with: "\"title\": \"\(title.replacingOccurrences(of: "\"", with: "\\\""))\",")
        }
        #expect(results[0] == Array(expected.utf8), "only the titles changed, in the file's layout")
        #expect(results[1] == results[0], "EXDEV: copied by hand, the same bytes")
        #expect(results[2] == results[0], "ENOSYS: copied by hand, the same bytes")
    }

    @Test("the kernel copy goes chunk by chunk, starting each chunk's writeback and waiting for the one before")
    func chunks() throws {
        let bytes = (0..<10_000).map { UInt8($0 % 251) }
        let path = try SpliceSaveTests.makeFile(bytes)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let syncs = Recorder()
        var operations = FileOperations.system
        operations.syncFileRange = { fd, offset, count, flags in
            syncs.add("\(offset)+\(count):\(flags)")
            return FileOperations.system.syncFileRange(fd, offset, count, flags)
        }
        let file = try OpenFile(path: path, location: path, operations: operations)
        let output = path + ".out"
        let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        #expect(write(fd, "head", 4) == 4)
        #expect(file.copy(100..<9_100, to: fd, chunk: 4_000))
        close(fd)
        #expect(FileManager.default.contents(atPath: output).map([UInt8].init) == Array("head".utf8) + bytes[100..<9_100])
        #expect(syncs.calls == ["4+4000:2", "4+4000:7", "4004+4000:2", "4004+4000:7", "8004+1000:2"])
    }

    @Test("a save still fsyncs the new file and the directory and renames it over the old one")
    func fsyncAndRename() async throws {
        let path = try SpliceSaveTests.makeFile(Self.file(newline: "\n", bom: false))
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let calls = Recorder()
        var operations = FileOperations.system
        operations.fsync = { fd in
            calls.add("fsync")
            return FileOperations.system.fsync(fd)
        }
        operations.rename = { old, new in
            calls.add("rename " + URL(fileURLWithPath: new).lastPathComponent)
            return FileOperations.system.rename(old, new)
        }
        let source = FileDataSource(path: path)
        var post = try await source.post(id: 3)
        post.title = "saved"
        _ = try await FileDataWriter(source: source, operations: operations).update(.post(post))
        #expect(calls.calls == ["fsync", "rename db.json.bak", "rename db.json", "fsync"])
        #expect(SpliceSaveTests.text(path)?.contains("\"title\": \"saved\"") == true)
    }

    /// Calls recorded from `@Sendable` closures.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []
        var calls: [String] { lock.withLock { recorded } }
        func add(_ call: String) { lock.withLock { recorded.append(call) } }
    }
}
