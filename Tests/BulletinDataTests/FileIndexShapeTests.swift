@testable import BulletinData
import Foundation
import Testing

/// Odd but valid (and some broken) db.json files: the index gives what the whole-file decoder gives.
struct FileIndexShapeTests {
    /// `(file name, text)`: each is loaded both ways and compared.
    static let cases: [(String, String)] = [
        ("db.json", #"{"posts":[{"id":1,"userId":1,"title":"compact","body":"b"}],"users":[{"id":1,"name":"A","username":"a"}]}"#),
        ("db.json", "{\r\n\t\"posts\": [\r\n\t\t{\"id\": 1, \"userId\": 2, \"title\": \"tabs \\u0048i \\\"q\\\" \\n\", \"body\": \"x\"}\r\n\t]\r\n}\r\n"),
        ("db.json", "\u{FEFF}{\"users\": [{\"id\": 1, \"name\": \"bom\", \"username\": \"b\"}]}"),
        ("db.json", #"{"posts": [{"id": 1e3, "userId": 1.0, "title": "t", "body": "b"}, {"id": 2.0, "userId": -0, "title": "u", "body": "b"}]}"#),
        ("db.json", #"{"posts": [{"id": 1, "userId": 1, "title": "first", "title": "second", "body": "b"}]}"#),
        ("db.json", #"{"posts": [{"id": 1, "userId": 1, "title": null, "body": "b"}, 5, "x", [1], {"id": 2, "userId": 1, "title": "ok", "body": "b", "extra": {"posts": [1]}}]}"#),
        ("db.json", #"{"albums": [{"posts": [{"id": 9}]}], "posts": [], "users": null, "comments": [{"postId": "1", "id": "c1", "name": "n", "email": "e", "body": "b"}]}"#),
        ("db.json", #"{"users": [{"id": 1, "name": "A", "username": "a", "email": 5}, {"id": 2, "name": "B", "username": "b", "address": {"geo": {"lat": 1}}}, {"id": 3, "name": "C", "username": "c", "company": {"name": "X", "bs": null}, "phone": null}]}"#),
        ("db.json", #"{"users": [{"id": 99999999999999999999, "name": "big", "username": "b"}, {"id": true, "name": "t", "username": "t"}]}"#),
        ("db.json", #"{"posts": [{"id": 1, "userId": 1, "title": "t", "body": "b"}], "posts": []}"#),
        ("db.json", #"{"p\u006fsts": [{"id": 1, "userId": 1, "title": "escaped key", "body": "b"}]}"#),
        ("posts-x.json", #"  [{"id": "a", "userId": "b", "title": "top-level array", "body": "b"}]"#),
        ("db.json", #"{"posts": [{"id": 1, "userId": 1, "title": "t", "body": "b"} {"id": 2}]}"#),
        ("db.json", #"{"posts": [{"id": 1, "userId": 1, "title": "t", "body": tru}]}"#),
        ("db.json", #"{"posts": [{"id": 1, "userId": 1, "title": "t", "body": "b"}]} x"#),
        ("db.json", #"{"albums": [tru], "posts": []}"#),
        ("db.json", #"{"posts": [{"id": 1, "userId": 1, "title": "t", "body": "b"}"#),
        ("db.json", #"{"posts": {"id": 1}}"#),
        ("db.json", "[1]"),
        ("db.json", "   "),
        ("db.json", "{}"),
    ]

    @Test("odd formatting, escapes, id spellings, duplicates, bad records and broken files", arguments: cases.indices)
    func matchesDecoder(_ index: Int) async throws {
        let (name, text) = Self.cases[index]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        let source = FileDataSource(path: url.path)
        do {
            let expected = try DataSetStore.decodeDataSet(Data(text.utf8), location: url.path, fileName: name)
            let actual = try await source.dataSet()
            #expect(actual.users == expected.users)
            #expect(actual.posts == expected.posts)
            #expect(actual.comments == expected.comments)
            #expect(await source.recordIssues() == expected.issues)
            #expect(try await source.postListing(partial: nil).posts == expected.posts.map(PostSummary.init))
        } catch {
            await #expect(throws: error) { try await source.users() }
        }
    }
}

/// Batches while a file is indexed (the Posts list's first rows).
struct FileIndexBatchTests {
    @Test("a file of 10,000 posts arrives in batches, in file order, that add up to the whole listing")
    func batchesAddUp() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let posts = (1...10_000).map { #"{"id": \#($0), "userId": \#($0 % 7), "title": "title \#($0)", "body": "b"}"# }
        try Data(#"{"users": [{"id": 1, "name": "Ann", "username": "a"}], "posts": [\#(posts.joined(separator: ",\n"))]}"#.utf8).write(to: url)
        let source = FileDataSource(path: url.path)
        let batches = Batches()
        let listing = try await source.postListing(partial: batches.add)
        let received = batches.all
        #expect(received.count == 3, "batches of \(FileIndex.batchSize)")
        #expect(received.flatMap(\.posts) == listing.posts)
        #expect(received.map(\.done) == received.map(\.done).sorted())
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(received.allSatisfy { $0.total == size && $0.done <= size })
        #expect(listing.posts.count == 10_000)
        #expect(listing.authors == [1: "Ann"])
        // Loaded now: a second listing answers from memory, without batches.
        let again = Batches()
        _ = try await source.postListing(partial: again.add)
        #expect(again.all.isEmpty)
    }

    final class Batches: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [PostBatch] = []
        var all: [PostBatch] { lock.withLock { batches } }
        func add(_ batch: PostBatch) { lock.withLock { batches.append(batch) } }
    }
}
