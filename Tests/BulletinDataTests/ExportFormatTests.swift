@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The Admin panel's export files: json-server db.json, posts CSV, written atomically.
@Suite("Export formats")
struct ExportFormatTests {
    static let post = Post(userId: 1, id: 7, title: "Hello, \"world\"", body: "line one\nline two")

    @Test("CSV quotes fields with commas, quotes and newlines (RFC 4180) and ends lines with CRLF")
    func csv() {
        let plain = Post(userId: 2, id: 8, title: "plain", body: "no specials")
        let text = String(decoding: PostsCSVFormat.encode([Self.post, plain]), as: UTF8.self)
        #expect(text == "id,userId,title,body\r\n7,1,\"Hello, \"\"world\"\"\",\"line one\nline two\"\r\n8,2,plain,no specials\r\n")
        #expect(PostsCSVFormat.field("a\rb") == "\"a\rb\"")
        #expect(PostsCSVFormat.field("a,b") == "\"a,b\"")
        #expect(PostsCSVFormat.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(PostsCSVFormat.field("Zoë 日本") == "Zoë 日本")
    }

    @Test("db.json: sorted keys, two-space indent, 'key: value', non-ASCII kept, and it reads back")
    func dbJSON() throws {
        let comment = Comment(postId: 7, id: 3, name: "Zoë", email: "z@x.io", body: "a/b\ttab")
        let data = ExportData(users: [], posts: [Self.post], comments: [comment])
        let text = String(decoding: try DBJSONFormat.encode(data), as: UTF8.self)
        #expect(text == """
            {
              "comments": [
                {
                  "body": "a/b\\ttab",
                  "email": "z@x.io",
                  "id": 3,
                  "name": "Zoë",
                  "postId": 7
                }
              ],
              "posts": [
                {
                  "body": "line one\\nline two",
                  "id": 7,
                  "title": "Hello, \\"world\\"",
                  "userId": 1
                }
              ],
              "users": []
            }

            """)
        let back = try JSONDecoder().decode(DataSet.self, from: Data(text.utf8))
        #expect(back.posts == [Self.post] && back.comments == [comment])
    }

    @Test("strings are copied as they are: ' : ' and empty brackets inside a string stay")
    func stringsKept() throws {
        let title = "x : [\n\n  ] \" : {"
        let data = ExportData(users: [], posts: [Post(userId: 1, id: 1, title: title, body: "[]")], comments: [])
        let text = String(decoding: try DBJSONFormat.encode(data), as: UTF8.self)
        #expect(text.contains("\"title\": \"x : [\\n\\n  ] \\\" : {\""), "\(text)")
        #expect(text.contains("\"body\": \"[]\""))
        #expect(try JSONDecoder().decode(DataSet.self, from: Data(text.utf8)).posts.first?.title == title)
    }

    @Test("the embedded data set exports to a db.json that reads back record for record")
    func roundTrip() async throws {
        let source = EmbeddedDataSource()
        let gathered = try await ExportData.gather(from: source)
        let set = try await source.dataSet()
        #expect(gathered.users.count == 10 && gathered.posts.count == 100 && gathered.comments.count == 500)
        let back = try JSONDecoder().decode(DataSet.self, from: try DBJSONFormat.encode(gathered))
        #expect(back.users == set.users && back.posts == set.posts && back.comments == set.comments)
    }

    @Test("a REST source exports every post and comment, an author missing from the users too, in three GETs")
    func restGather() async throws {
        let db = """
            {"users": [{"id": 1, "name": "Ann", "username": "ann"}],
             "posts": [{"id": 1, "userId": 1, "title": "t1", "body": "b1"},
                       {"id": 2, "userId": 99, "title": "by nobody listed", "body": "b2"}],
             "comments": [{"id": 5, "postId": 2, "name": "c", "email": "c@example.com", "body": "on the orphan"}]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-export-rest-\(UUID().uuidString).json")
        try Data(db.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let server = try LoopbackServer.start(arguments: ["--db", url.path])
        defer { server.stop() }
        let gathered = try await ExportData.gather(from: RESTDataSource(baseURL: server.baseURL, timeout: 10, log: RequestLog()))
        #expect(gathered.users.map(\.id) == [RecordID("1")])
        #expect(gathered.posts.map(\.id) == [RecordID("1"), RecordID("2")], "the post whose author is not a user is exported")
        #expect(gathered.comments.map(\.body) == ["on the orphan"])
        let gets = try await server.requests().filter { $0.method == "GET" }.map(\.path)
        #expect(gets == ["/users", "/posts", "/comments"], "one request a collection, not one per user and post")
    }

    @Test("atomic write: creates, refuses to replace unless asked, replaces, and leaves no temporary file")
    func atomicWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.json").path
        try ExportFile.write(Data("one".utf8), to: path, overwrite: false)
        #expect(throws: ExportFile.Failure.exists(path)) { try ExportFile.write(Data("two".utf8), to: path, overwrite: false) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")
        try ExportFile.write(Data("two".utf8), to: path, overwrite: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["db.json"])
        let missing = directory.appendingPathComponent("nope").path
        #expect(throws: ExportFile.Failure.missingDirectory(missing)) {
            try ExportFile.write(Data(), to: missing + "/x.json", overwrite: false)
        }
        #expect(throws: ExportFile.Failure.isDirectory(directory.path)) { _ = try ExportFile.check(directory.path) }
        #expect(ExportFile.Failure.missingDirectory("/x").description == "No such directory: /x")
    }
}
