import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// `rawRecord`: the record as each source holds it, pretty-printed in its own member order.
@Suite("Raw records")
struct RawRecordTests {
    @Test("JSONText keeps member order, duplicates and numbers as written, and escapes control characters")
    func prettyPrinting() throws {
        let text = try JSONText.prettyPrinted(Data(#"{"z":1.0,"a":[true,null],"z":"\u001b[31m","n":12345678901234567890}"#.utf8))
        #expect(text == """
            {
              "z": 1.0,
              "a": [
                true,
                null
              ],
              "z": "\\u001b[31m",
              "n": 12345678901234567890
            }
            """)
        #expect(throws: DataError.self) { try JSONText.prettyPrinted(Data("{\"a\":".utf8)) }
    }

    @Test("a file's record comes from its own bytes: members it has beyond the model, in its order")
    func file() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-raw-\(UUID().uuidString).json")
        try Data(#"""
            {"users": [{"username": "ann", "id": 1, "name": "Ann", "stars": 5}],
             "posts": [{"id": 7, "userId": 1, "title": "t", "body": "b", "tags": ["x"]}],
             "comments": [{"postId": 7, "id": 3, "name": "n", "email": "e", "body": "b", "likes": 2}]}
            """#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let source = FileDataSource(path: url.path)
        #expect(try await source.rawRecord(.user, id: 1)
            == "{\n  \"username\": \"ann\",\n  \"id\": 1,\n  \"name\": \"Ann\",\n  \"stars\": 5\n}")
        #expect(try await source.rawRecord(.post, id: 7)?.contains("\"tags\": [\n    \"x\"\n  ]") == true)
        #expect(try await source.rawRecord(.comment, id: 3)?.hasSuffix("\"likes\": 2\n}") == true)
        await #expect(throws: DataError.notFound("user 9", location: url.path)) { try await source.rawRecord(.user, id: 9) }
    }

    @Test("the embedded set's record is the record it holds")
    func embedded() async throws {
        let source = EmbeddedDataSource()
        let user = try await source.user(id: 1)
        let text = try #require(try await source.rawRecord(.user, id: 1))
        #expect(text.hasPrefix("{\n  \"id\": 1,\n  \"name\": \"\(user.name)\""))
    }

    @Test("REST: GET /posts/1, pretty-printed in the server's member order; a 404 is notFound")
    func rest() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 5)
        let text = try #require(try await source.rawRecord(.post, id: 1))
        #expect(text.hasPrefix("{\n  \"userId\": 1,\n  \"id\": 1,\n  \"title\": "))
        let paths = try await server.requests().map(\.path)
        #expect(paths == ["/posts/1"])
        let url = server.baseURL.appendingPathComponent("posts/99999").absoluteString
        await #expect(throws: DataError.notFound("post 99999", location: url)) { try await source.rawRecord(.post, id: 99999) }
    }
}
