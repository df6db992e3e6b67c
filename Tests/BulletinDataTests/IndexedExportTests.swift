@testable import BulletinData
import Foundation
import Testing

/// Exports streamed from an indexed file (issue 23): the bytes written are those of the export
/// made from the whole decoded data set (``ExportData/gather(from:includeComments:)`` then the
/// format), for files in json-server's own layout (records copied) and in any other, with
/// escapes, accents, CJK, emoji, CSV quoting, skipped records, and after saves; a cancelled or
/// failing export leaves no file under the final name and no temporary.
@Suite(.serialized)
struct IndexedExportTests {
    // MARK: - Files

    /// Texts that need escaping in JSON and quoting in CSV, or neither.
    static let texts = [
        "plain", "Zoë, \"quoted\"", "line\nbreak\r\nand CR\r", "tab\t, bell \u{07} and \u{1B}[2J", "東京タワー 🙂👍🏽",
        "a/b \\ c", "", "comma, only", "ünïcödé ß — “curly”", "NUL \u{0} and DEL \u{7F}",
    ]

    /// A db.json in json-server's layout, as the db.json export itself writes it, with enough
    /// records (~5 MB) to fill several output buffers and progress steps (posts and comments
    /// mostly copied as they are).
    static func jsonServerFile() throws -> [UInt8] {
        var posts: [Post] = []
        for number in 1...8000 {
            let id: RecordID = number % 13 == 0 ? RecordID("p\(number)") : RecordID(number)
            posts.append(Post(userId: RecordID(number % 7), id: id, title: texts[number % texts.count] + " \(number)",
                              body: String(repeating: texts[(number + 3) % texts.count], count: 30)))
        }
        let comments = (1...2000).map { number in
            Comment(postId: RecordID(number), id: RecordID(number), name: texts[number % texts.count],
                    email: "c\(number)@x.org", body: texts[(number + 1) % texts.count])
        }
        let users = [User(id: 1, name: "Ann", username: "ann"), User(id: "u2", name: "Bo \"B\"", username: "bo")]
        return [UInt8](try DBJSONFormat.encode(ExportData(users: users, posts: posts, comments: comments)))
    }

    /// A db.json in other layouts: members in other orders and extra members, escapes the
    /// export does not write (`\u00e9`, `\/`, surrogate pairs, upper-case hex), string ids that
    /// read as numbers, one-line records, CRLF, and records that are skipped (a title that is a
    /// number, a member missing, a lone surrogate) or given a member twice.
    static let irregularFile = """
    {\r
      "posts": [\r
        {"id": 1, "userId": 1, "title": "caf\\u00e9 \\/ \\uD83D\\uDE00 \\u00C9", "body": "x", "extra": {"a": [1, "]"]}},\r
        {\r
          "body": "tab\\tquote\\" and \\\\ and \\u0001 \\u001f",\r
          "id": 2,\r
          "title": "東京, \\"q\\"\\r\\n",\r
          "userId": 2\r
        },\r
        {"userId": "3", "id": "42", "title": "string ids", "body": "b"},\r
        {"userId": 1, "id": 4, "title": 17, "body": "skipped: title is a number"},\r
        {"userId": 1, "id": 5, "body": "skipped: no title"},\r
        {"userId": 1, "id": 6, "title": "lone \\uD800 surrogate", "body": "b"},\r
        {"userId": 1, "id": 7, "title": "first", "title": "twice", "body": "b"},\r
        {"userId": -3, "id": 0, "title": "", "body": ""},\r
        {"userId": 1, "id": "+8", "title": "plus", "body": "b"},\r
        {"userId": 1, "id": 9, "title": "last", "body": "emoji 🙂 and \\ud83d\\ude00"}\r
      ],\r
      "comments": [\r
        {"postId": 1, "id": 1, "name": "n, \\"1\\"", "email": "e@x", "body": "\\u00fc"},\r
        {"postId": 2, "id": 2, "name": "n2", "email": "e2", "body": "b2", "more": null},\r
        {"postId": 2, "id": 3, "name": "n3", "body": "no email: skipped"}\r
      ],\r
      "users": [{"id": 1, "name": "Ann", "username": "ann"}]\r
    }\r

    """

    // MARK: - Equivalence

    @Test("a streamed export is byte for byte the export of the whole decoded data set", arguments: [false, true])
    func sameBytes(irregular: Bool) async throws {
        #expect(IndexSupport.isAvailable, "the index pass must run on this machine")
        let bytes = irregular ? Array(Self.irregularFile.utf8) : try Self.jsonServerFile()
        try await Self.check(bytes) { _ in }
    }

    @Test("after saves (updates, deletes, creates of posts and comments) the streamed export has the edits")
    func afterSaves() async throws {
        try await Self.check(try Self.jsonServerFile()) { source in
            let writer = FileDataWriter(source: source)
            var post = try await source.post(id: 5)
            post.title = "edited, \"with\" quotes\n東京 🙂"
            post.body = String(repeating: "longer body ", count: 50)
            _ = try await writer.update(.post(post))
            var first = try await source.post(id: 1)
            first.body = ""
            _ = try await writer.update(.post(first))
            _ = try await writer.delete(.post, id: 2)
            _ = try await writer.create(.post(Post(userId: 3, id: 0, title: "new, post", body: "created \\ here")))
            var comment = try #require(try await source.comments(postID: 7).first)
            comment.body = "edited comment, \"q\""
            _ = try await writer.update(.comment(comment))
            _ = try await writer.delete(.comment, id: 9)
            var last = try await source.post(id: 8000)
            last.title = "the last post, shorter"
            _ = try await writer.update(.post(last))
        }
    }

    /// Opens `bytes` as a file source, runs `change` (saves), then checks both formats: the
    /// streamed export (no whole decode) equals the format applied to the gathered data set.
    static func check(_ bytes: [UInt8], _ change: (FileDataSource) async throws -> Void) async throws {
        let path = try SpliceSaveTests.makeFile(bytes)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        _ = try await source.postListing(partial: nil)
        try await change(source)
        let loaded = try await source.store.loaded()
        let index = try #require((loaded as? FileIndex) ?? ((loaded as? EditedData)?.base as? FileIndex), "the file is indexed")
        for format in ExportFormat.allCases {
            let target = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("out-\(format.suggestedFileName)").path
            let decodes = index.wholeDecodeCount
            let counts = try await ExportFile.write(format, from: source, to: target, overwrite: false)
            #expect(index.wholeDecodeCount == decodes, "streamed: nothing decoded whole")
            let written = try #require(FileManager.default.contents(atPath: target))
            let data = try await ExportData.gather(from: source, includeComments: format == .dbJSON)
            let expected = try format.encode(data)
            #expect(written == expected, "\(format): streamed export equals the whole data set's")
            #expect(counts.posts == data.posts.count && counts.comments == data.comments.count && counts.bytes == written.count)
            if format == .dbJSON {
                let reread = try DataSetStore.decodeDataSet(written, location: target, fileName: "out.json")
                #expect(reread.posts == data.posts && reread.comments == data.comments)
            }
        }
    }

    // MARK: - Cancel, overwrite, failures

    @Test("a cancelled export leaves no file under the final name, no temporary, and an existing target as it was")
    func cancelled() async throws {
        let path = try SpliceSaveTests.makeFile(try Self.jsonServerFile())
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let source = FileDataSource(path: path)
        _ = try await source.postListing(partial: nil)
        let fresh = directory + "/fresh.json"
        let existing = directory + "/existing.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        for (target, overwrite) in [(fresh, false), (existing, true)] {
            let task = Task { () throws(ExportFile.Failure) -> ExportCounts in
                withUnsafeCurrentTask { $0?.cancel() }
                return try await ExportFile.write(.dbJSON, from: source, to: target, overwrite: overwrite)
            }
            await #expect(throws: ExportFile.Failure.cancelled(target)) { _ = try await task.value }
        }
        // Part way through: the export's own progress report (after the first 2 MiB of the
        // file) cancels its task; the next flush stops it.
        let reports = Counter()
        let midway = Task { () throws(ExportFile.Failure) -> ExportCounts in
            try await ExportFile.write(.dbJSON, from: source, to: fresh, overwrite: false) { progress in
                #expect(progress.total == Self.fileSize(path) && (progress.done ?? 0) > 0)
                _ = reports.add(1)
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        await #expect(throws: ExportFile.Failure.cancelled(fresh)) { _ = try await midway.value }
        #expect(reports.add(0) >= 1, "progress was reported before the end")
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(FileManager.default.contents(atPath: existing) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["db.json", "existing.json"])
    }

    @Test("an existing target is not replaced unless asked")
    func existing() async throws {
        let path = try SpliceSaveTests.makeFile(try Self.jsonServerFile())
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let target = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("posts.csv").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
        let source = FileDataSource(path: path)
        await #expect(throws: ExportFile.Failure.exists(target)) {
            _ = try await ExportFile.write(.postsCSV, from: source, to: target, overwrite: false)
        }
        #expect(FileManager.default.contents(atPath: target) == Data("keep".utf8))
        _ = try await ExportFile.write(.postsCSV, from: source, to: target, overwrite: true)
        #expect(FileManager.default.contents(atPath: target)?.starts(with: Data("id,userId,title,body\r\n".utf8)) == true)
    }

    @Test("a write error (disk full) is reported with the path; nothing is left under either name")
    func diskFull() async throws {
        let path = try SpliceSaveTests.makeFile(try Self.jsonServerFile())
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let target = directory + "/db-export.json"
        var operations = FileOperations.system
        let system = FileOperations.system
        let written = Counter()
        operations.write = { fd, bytes, count in
            // The first MiB goes through, then the disk is full.
            guard written.add(count) <= 1 << 20 else { errno = ENOSPC; return -1 }
            return system.write(fd, bytes, count)
        }
        let source = FileDataSource(path: path)
        do {
            _ = try await ExportFile.write(.dbJSON, from: source, to: target, overwrite: false, operations: operations)
            Issue.record("the export should fail")
        } catch {
            #expect(error.description.hasPrefix("Cannot write \(target): "))
            #expect(error.description.lowercased().contains("no space left on device"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["db.json"])
    }

    /// A file's size in bytes.
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? -1
    }

    /// A count shared with a `@Sendable` closure.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var total = 0
        /// Adds `count`; the total before it.
        func add(_ count: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            let before = total
            total += count
            return before
        }
    }
}
