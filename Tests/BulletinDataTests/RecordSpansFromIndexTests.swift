@testable import BulletinData
import BulletinTestSupport
import Foundation
import Synchronization
import Testing

/// A save's record map taken from the load's index (issue 13, ``RecordSpans/init(index:version:)``)
/// instead of a scan of the file: wherever the index gives one, it is the scanner's map of the
/// same bytes; where it cannot tell (odd id spellings, skipped records, comments' ids not one
/// run), it gives none and the save scans as before.
struct RecordSpansFromIndexTests {
    /// The index of the file at `path`, as a source loads it; `nil` when it was decoded whole.
    private static func index(_ path: String) async throws -> FileIndex? {
        try await FileDataSource(path: path).store.loaded() as? FileIndex
    }

    /// A writer for `source` whose saves' reads of the old file are counted (bytes), through the
    /// ``FileOperations`` seam: a save that maps the file from the index reads only the records
    /// it changes; a scan reads the whole file.
    private static func countingWriter(_ source: FileDataSource) -> (FileDataWriter, ReadCounter) {
        let counter = ReadCounter()
        var operations = FileOperations.system
        operations.pread = { fd, buffer, count, offset in
            let read = FileOperations.system.pread(fd, buffer, count, offset)
            if read > 0 { counter.add(read) }
            return read
        }
        return (FileDataWriter(source: source, operations: operations), counter)
    }

    /// Whether the saves since `counter` was last reset read at least all of the file at `path`
    /// (a scan), then resets it.
    private static func scanned(_ counter: ReadCounter, _ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return counter.takeTotal() >= size
    }

    private static func scan(_ path: String) throws -> RecordSpans {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try bytes.withUnsafeBytes { try RecordSpanScanner.scan($0, fileName: URL(fileURLWithPath: path).lastPathComponent) }
    }

    private static func fromIndex(_ index: FileIndex) -> RecordSpans? {
        RecordSpans(index: index, version: index.file.fingerprint)
    }

    @Test("every shared file the index reads: the map from the index is the scanner's, or there is none")
    func sharedFiles() async throws {
        var mapped = 0
        for url in try SharedFiles.jsonFiles() {
            guard let index = try? await Self.index(url.path) else { continue }
            guard let spans = Self.fromIndex(index) else { continue }
            #expect(spans == (try Self.scan(url.path)), "\(url.lastPathComponent)")
            mapped += 1
        }
        #expect(mapped >= 10, "only \(mapped) shared files mapped from their index")
    }

    @Test("seeded random files (odd layouts, BOM, unknown members, string ids, id spellings): the same map, or none")
    func randomFiles() async throws {
        let firstSeed = ProcessInfo.processInfo.environment["BULLETIN_SPLICE_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max / 2)
        print("RecordSpansFromIndexTests: seeds \(firstSeed)… (replay one with BULLETIN_SPLICE_SEED=<seed>)")
        var (mapped, declined) = (0, 0)
        for offset in 0..<UInt64(200) {
            var random = SplitMix(seed: firstSeed &+ offset)
            let (bytes, fileName) = RandomDB.make(&random)
            let path = try SpliceSaveTests.makeFile(bytes, name: fileName)
            defer { SpliceSaveTests.removeDirectory(of: path) }
            guard let index = try await Self.index(path) else { continue }
            if let spans = Self.fromIndex(index) {
                #expect(spans == (try Self.scan(path)), "seed \(firstSeed &+ offset) (\(fileName))")
                mapped += 1
            } else {
                declined += 1
            }
        }
        #expect(mapped >= 20, "only \(mapped) of 200 random files mapped from their index")
        #expect(declined >= 5, "only \(declined) of 200 random files left to the scanner")
    }

    @Test("string ids, a BOM, CRLF, a null collection, unknown root members and a top-level array map as the scanner does",
          arguments: [
              ("db.json", "\u{FEFF}{\r\n  \"albums\": [{\"id\": 1, \"posts\": []}],\r\n  \"posts\": [\r\n    {\"userId\": \"u1\", \"id\": \"7\", \"title\": \"t\", \"body\": \"b\"},\r\n    {\"userId\": 1, \"id\": 8, \"title\": \"\\\"q\\\"\", \"body\": \"b\"}\r\n  ],\r\n  \"users\": null,\r\n  \"profile\": {\"name\": \"x\"},\r\n  \"comments\": [{\"postId\": 7, \"id\": 5, \"name\": \"n\", \"email\": \"e\", \"body\": \"b\"}, {\"postId\": 7, \"id\": 6, \"name\": \"n\", \"email\": \"e\", \"body\": \"b\"}]\r\n}\r\n"),
              ("posts-only.json", #"  [{"userId": 1, "id": 1, "title": "t", "body": "b"}, {"userId": 1, "id": "x", "title": "t", "body": "b"}] "#),
              ("db.json", #"{}"#),
              // Comments' ids with gaps (deleted ones), going back, and negative: runs of consecutive ids.
              ("db.json", #"{"comments": [{"postId": 1, "id": 1, "name": "n", "email": "e", "body": "b"}, {"postId": 1, "id": 3, "name": "n", "email": "e", "body": "b"}, {"postId": 1, "id": 4, "name": "n", "email": "e", "body": "b"}, {"postId": 1, "id": 2, "name": "n", "email": "e", "body": "b"}, {"postId": 1, "id": -7, "name": "n", "email": "e", "body": "b"}, {"postId": 1, "id": -6, "name": "n", "email": "e", "body": "b"}]}"#),
              ("db.json", #"{"users": [], "posts": [], "comments": []}"#),
          ])
    func shapes(name: String, text: String) async throws {
        let path = try SpliceSaveTests.makeFile(text, name: name)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let index = try #require(try await Self.index(path), "indexed")
        let spans = try #require(Self.fromIndex(index), "mapped from the index")
        #expect(spans == (try Self.scan(path)))
    }

    @Test("brackets, escaped quotes and backslash runs in strings, at every offset of the pass's 32-byte blocks: the records' spans are the scanner's")
    func bracketsAndEscapesAtEveryOffset() async throws {
        let tricky = [#"{[}]"#, #"a\"b"#, #"\\"#, #"\\\"}"#, #"]]]"#, #"x\\\\"#]
        var posts: [String] = []
        for pad in 0..<64 {
            let title = tricky[pad % tricky.count]
            let padding = String(repeating: "p", count: pad)
            posts.append(#"{"userId": 1, "id": \#(pad + 1), "pad": "\#(padding)", "title": "\#(title)", "nested": {"a": ["\#(title)", {"b": "}"}]}, "body": "\#(title)"}"#)
        }
        let text = #"{"posts": ["# + posts.joined(separator: ",") + "]}"
        let path = try SpliceSaveTests.makeFile(text)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let index = try #require(try await Self.index(path), "indexed")
        #expect(index.postColumn.count == 64)
        let spans = try #require(Self.fromIndex(index), "mapped from the index")
        #expect(spans == (try Self.scan(path)))
    }

    @Test("no map from the index where it cannot tell: ids spelled 1e1 or 2.0, a skipped record, a comment's string id, a collection named twice",
          arguments: [
              #"{"posts": [{"userId": 1, "id": 1e1, "title": "t", "body": "b"}]}"#,
              #"{"posts": [{"userId": 1, "id": 2.0, "title": "t", "body": "b"}]}"#,
              #"{"posts": [{"userId": 1, "id": 1, "title": 5, "body": "b"}]}"#,
              #"{"comments": [{"postId": 1, "id": "1", "name": "n", "email": "e", "body": "b"}]}"#,
              #"{"posts": null, "posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#,
          ])
    func declines(text: String) async throws {
        let path = try SpliceSaveTests.makeFile(text)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let index = try #require(try await Self.index(path), "indexed")
        #expect(Self.fromIndex(index) == nil)
    }

    @Test("comments' ids in more runs than kept (every other id missing): no map from the index")
    func tooManyCommentRuns() async throws {
        let comments = (0...CommentIDRuns.limit).map { #"{"postId": 1, "id": \#($0 * 2 + 1), "name": "n", "email": "e", "body": "b"}"# }
        let path = try SpliceSaveTests.makeFile(#"{"comments": ["# + comments.joined(separator: ",") + "]}")
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let index = try #require(try await Self.index(path), "indexed")
        #expect(Self.fromIndex(index) == nil)
        // One run fewer is kept, and maps as the scanner does.
        let fewer = try SpliceSaveTests.makeFile(#"{"comments": ["# + comments.dropLast().joined(separator: ",") + "]}")
        defer { SpliceSaveTests.removeDirectory(of: fewer) }
        let kept = try #require(try await Self.index(fewer), "indexed")
        #expect(Self.fromIndex(kept) == (try Self.scan(fewer)))
    }

    @Test("a map from the index is refused for another version of the file than the one mapped")
    func otherVersion() async throws {
        let path = try SpliceSaveTests.makeFile(#"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let index = try #require(try await Self.index(path))
        var other = index.file.fingerprint
        other.modifiedNanoseconds += 1
        #expect(RecordSpans(index: index, version: other) == nil)
        #expect(RecordSpans(index: index, version: index.file.fingerprint) != nil)
    }

    // MARK: - Saves

    @Test("a save on an indexed file takes the record map from the index: no scan, and the bytes outside the record stay")
    func saveDoesNotScan() async throws {
        let original = "{\n  \"comments\": [\n    {\"postId\": 1, \"id\": 1, \"name\": \"n\", \"email\": \"e\", \"body\": \"b\"}\n  ],\n"
            + "  \"posts\": [\n    {\"userId\": 1, \"id\": 1, \"title\": \"a\", \"body\": \"b\"},\n    {\"userId\": 1, \"id\": 2, \"title\": \"c\", \"body\": \"b\"}\n  ],\n"
            + "  \"users\": [\n    {\"id\": 1, \"name\": \"A\", \"username\": \"a\"}\n  ]\n}\n"
        let path = try SpliceSaveTests.makeFile(original)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let (writer, reads) = Self.countingWriter(source)
        _ = try await source.allPosts()
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        _ = try await writer.update(SpliceSaveTests.post(2, "C"))
        #expect(!Self.scanned(reads, path), "the first save read only its record, not the \(size) bytes of the file")
        #expect(SpliceSaveTests.text(path) == original.replacingOccurrences(of: "\"title\": \"c\"", with: "\"title\": \"C\""))
        // The next saves reuse the map the splice shifted; a comment added needs the comments' ids: known too.
        _ = try await writer.create(.comment(Comment(postId: 2, id: 0, name: "m", email: "e", body: "x")))
        _ = try await writer.delete(.post, id: 1)
        #expect(!Self.scanned(reads, path))
        #expect(try await FileDataSource(path: path).allComments().map(\.id) == [1, 2])
        #expect(await writer.saver.cachedSpans() == (try Self.scan(path)))

        // A fresh writer on the saved file (the store holds the saved state, not an index): it scans.
        let (fresh, freshReads) = Self.countingWriter(source)
        _ = try await fresh.update(SpliceSaveTests.post(2, "D"))
        #expect(Self.scanned(freshReads, path), "without an index of this version the save reads the whole file")
        #expect(try await FileDataSource(path: path).post(id: 2).title == "D")
    }

    @Test("where the index cannot tell (a comment's id is a string), the save scans and is the same")
    func saveScansWhenTheIndexCannotTell() async throws {
        let original = #"{"comments": [{"postId": 1, "id": 4, "name": "n", "email": "e", "body": "b"}, {"postId": 1, "id": "c2", "name": "n", "email": "e", "body": "b"}], "posts": [{"userId": 1, "id": 1, "title": "a", "body": "b"}]}"#
        let path = try SpliceSaveTests.makeFile(original)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let (writer, reads) = Self.countingWriter(source)
        _ = try await source.allPosts()
        _ = try await writer.update(SpliceSaveTests.post(1, "A"))
        #expect(Self.scanned(reads, path))
        #expect(SpliceSaveTests.text(path) == original.replacingOccurrences(of: #""title": "a""#, with: #""title": "A""#))
    }

    @Test("prepared from the index, then changed on disk: the save is refused and the file is the other program's")
    func changedOnDiskAfterIndexMap() async throws {
        let original = #"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#
        let path = try SpliceSaveTests.makeFile(original)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let (writer, reads) = Self.countingWriter(source)
        _ = try await source.allPosts()
        await writer.prepareToWrite()
        #expect(!Self.scanned(reads, path))
        let other = #"{"posts": [{"userId": 1, "id": 1, "title": "other program", "body": "b"}, {"userId": 1, "id": 2, "title": "t", "body": "b"}]}"#
        try Data(other.utf8).write(to: URL(fileURLWithPath: path))
        await #expect(throws: DataError.changedOnDisk(path: path)) { try await writer.update(SpliceSaveTests.post(1, "mine")) }
        #expect(SpliceSaveTests.text(path) == other)
    }
}

/// Bytes read, added up from any thread.
final class ReadCounter: Sendable {
    private let total = Mutex(0)
    func add(_ count: Int) { total.withLock { $0 += count } }
    /// The bytes read since the last call, and a new count from zero.
    func takeTotal() -> Int { total.withLock { value in defer { value = 0 }; return value } }
}
