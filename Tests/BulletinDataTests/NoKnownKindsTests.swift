@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// A file or an answer holding none of the kinds the source reads says so, naming what it
/// holds instead, rather than opening as an empty list (issue 15, item 7).
@Suite("None of the kinds: the error says what the file or answer has")
struct NoKnownKindsTests {
    private func temporaryFile(_ text: String, name: String = "db.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let meals = #"{"meals": [{"idMeal": "52772", "strMeal": "Teriyaki Chicken Casserole"}], "total": 1}"#

    @Test("a db.json with only meals: every read says it has no users, posts or comments and what it has")
    func fileWithOnlyMeals() async throws {
        let path = try temporaryFile(Self.meals)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = DataError.noKnownKinds(
            what: "db.json at \(path)", expected: ["users", "posts", "comments"], found: ["meals", "total"])
        let source = FileDataSource(path: path)
        await #expect(throws: expected) { try await source.users() }
        await #expect(throws: expected) { try await source.allPosts() }
        #expect(expected.description == "db.json at \(path) has no users, posts or comments (it has: meals, total)")
    }

    @Test("the whole-file decoder (a layout the index leaves to it) says the same")
    func decoderPath() throws {
        let data = Data(Self.meals.utf8)
        #expect(throws: DataError.noKnownKinds(what: "db.json at x.json", expected: ["users", "posts", "comments"],
                                               found: ["meals", "total"])) {
            try DataSetStore.decodeDataSet(data, location: "x.json", fileName: "x.json")
        }
    }

    @Test("an empty object, or one with any known kind (albums too), is not an error")
    func emptyAndKnown() async throws {
        for text in ["{}", #"{"albums": [], "meals": []}"#, #"{"users": [], "meals": []}"#] {
            let path = try temporaryFile(text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try await FileDataSource(path: path).users().isEmpty, "\(text)")
        }
    }

    @Test("a REST /users answering an object of meals names the URL and what it has")
    func restObject() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        try await server.inject(Fault(path: "/users", status: 200, body: Self.meals))
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 5)
        let url = server.baseURL.appendingPathComponent("users").absoluteString
        await #expect(throws: DataError.noKnownKinds(what: "The answer from \(url)", expected: ["users"], found: ["meals", "total"])) {
            try await source.users()
        }
    }

    @Test("a REST answer wrapping the list it was asked for keeps its old error; a bare string too")
    func restOther() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
        defer { server.stop() }
        try await server.inject(Fault(path: "/users", times: 1, status: 200, body: #"{"users": [], "total": 0}"#))
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 5)
        do {
            _ = try await source.users()
            Issue.record("expected an error")
        } catch {
            guard case .malformedJSON = error else {
                Issue.record("expected malformedJSON, got \(error)")
                return
            }
        }
    }
}
