@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The hard inputs in `../shared/inputs/` read as `--data` files and served over REST.
@Suite(SharedData.needed)
struct HardInputFileTests {
    @Test("users-some-invalid-records.json: the good users load, optional nulls stay empty, bad records are reported")
    func someInvalidRecords() async throws {
        let path = SharedData.input("users-some-invalid-records.json").path
        let source = FileDataSource(path: path)
        let list = try await source.userList()
        #expect(list.records.map(\.id) == [1, 2, 3, 5, 6, 7, 8, 9, 10])
        #expect(try await source.user(id: 6).email == nil)
        #expect(try await source.user(id: 9).company == nil)
        #expect(try await source.user(id: 8).address == nil)
        #expect(list.issues == [
            RecordIssue(path: "users[3].name", reason: "null", effect: .skipped, location: path),
            RecordIssue(path: "users[7].address", reason: "wrong type (expected an object)", effect: .fieldBlanked, location: path),
        ])
        #expect(await source.recordIssues() == list.issues)
        await #expect(throws: DataError.notFound("user 4", location: path)) { try await source.user(id: 4) }
    }

    @Test("string ids, numeric or not, load, display as given and link posts to their users")
    func stringIDs() async throws {
        let users = try await FileDataSource(path: SharedData.input("users-string-ids.json").path).users()
        let posts = try await FileDataSource(path: SharedData.input("posts-string-ids.json").path).dataSet().posts
        #expect(posts.map(\.id.description) == ["1", "2", "b3e1", "4"])
        let set = DataSet(users: users, posts: posts, comments: [])
        for post in posts {
            #expect(throws: Never.self) { try set.user(id: post.userId, location: "t") }
        }
        #expect(set.posts(userID: "2").map(\.id) == ["b3e1", 4])
        #expect(set.posts(userID: 1).map(\.id) == ["1", "2"])
    }

    @Test("empty, truncated, NUL-padded files fail with malformedJSON naming the file")
    func brokenFiles() async {
        let expectations: [(file: String, reasonContains: String)] = [
            ("users-empty-file.json", "empty body"),
            ("users-truncated.json", "line"),
            ("users-nul-padded.json", "line"),
        ]
        for (file, fragment) in expectations {
            let path = SharedData.input(file).path
            do {
                let set = try await FileDataSource(path: path).dataSet()
                Issue.record("\(file) decoded: \(set.statistics)")
            } catch {
                guard case let .malformedJSON(_, location, reason) = error else {
                    Issue.record("\(file): expected malformedJSON, got \(error)")
                    continue
                }
                #expect(location == path)
                #expect(reason.contains(fragment), "\(file): \(reason)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    /// A file source skips these comments instead (``FileIndexEquivalenceTests``); the whole-file
    /// decoder, still used for files the index leaves to it, refuses the file with these words.
    @Test("the whole-file decoder: invalid UTF-8 is malformedJSON saying UTF-8")
    func invalidUTF8WholeFile() throws {
        let url = SharedData.input("comments-invalid-utf8.json")
        #expect {
            try DataSetStore.decodeDataSet(Data(contentsOf: url), location: url.path, fileName: url.lastPathComponent)
        } throws: { error in
            guard case let .malformedJSON(_, location, reason) = error as? DataError else { return false }
            return location == url.path && reason.contains("UTF-8")
        }
    }

    @Test("the whole-file decoder: lone and reversed surrogate escapes are malformedJSON naming the missing low surrogate")
    func loneSurrogates() async throws {
        let path = SharedData.input("comments-lone-surrogates.json").path
        do throws(any Error) {
            let set = try DataSetStore.decodeDataSet(
                Data(contentsOf: URL(fileURLWithPath: path)), location: path, fileName: "comments-lone-surrogates.json")
            Issue.record("decoded \(set.statistics)")
        } catch {
            guard case let .malformedJSON(jsonPath, location, reason) = error as? DataError else {
                Issue.record("expected malformedJSON, got \(error)")
                return
            }
            #expect(jsonPath == "$")
            #expect(location == path)
            #expect(reason.contains("low-surrogate"), "\(reason)")
            #expect(!reason.contains("(line"), "not placed at the end of the file: \(reason)")
        }
    }

    @Test("the invalid records served over REST: users load, the issues name the URL and path")
    func invalidRecordsOverREST() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(contentsOf: SharedData.input("users-some-invalid-records.json"))
            .write(to: directory.appendingPathComponent("users.json"))
        try Data(contentsOf: SharedData.input("posts-string-ids.json"))
            .write(to: directory.appendingPathComponent("posts.json"))
        let server = try LoopbackServer.start(arguments: ["--dir", directory.path])
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10)
        let list = try await source.userList()
        #expect(list.records.count == 9)
        #expect(list.issues.map(\.path) == ["users[3].name", "users[7].address"])
        #expect(list.issues.first?.location == server.baseURL.appendingPathComponent("users").absoluteString)
        #expect(try await source.posts(userID: "2").map(\.id) == ["b3e1", 4])
        #expect(await source.recordIssues().count == 2)
    }
}
