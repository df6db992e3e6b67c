import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// View models over a file with unreadable records: the issues reach the status line and the Admin panel.
@MainActor
@Suite("Record issues in view models")
struct RecordIssueViewModelTests {
    static let json = #"""
        {"users": [{"id": 1, "name": "Ann", "username": "a"}, {"id": 2, "name": null, "username": "b"},
                   {"id": 3, "name": "Cy", "username": "c", "address": "n/a"}]}
        """#

    /// A `db.json` with one user skipped and one field blanked, in a new temporary file.
    static func file() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test("the user list loads the good users and summarises the issues on one line")
    func userList() async throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = UserListViewModel(source: FileDataSource(path: path), router: .none)
        await model.load()
        #expect(model.users.map(\.name) == ["Ann", "Cy"])
        #expect(model.cell(row: 1, column: .company) == "—")
        #expect(model.issues.map(\.path) == ["users[1].name", "users[2].address"])
        #expect(model.summary
            == "2 users · 1 record skipped: users[1].name null; 1 field unreadable: users[2].address wrong type (expected an object)")
    }

    @Test("the Admin panel lists every issue with its file")
    func adminPanel() async throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = AdminPanelViewModel(source: FileDataSource(path: path))
        await model.load()
        #expect(model.countFields.first == DetailField("Users", "2"))
        #expect(model.issueLines == [
            "users[1].name null (record skipped) in \(path)",
            "users[2].address wrong type (expected an object) (field shown as —) in \(path)",
        ])
    }

    @Test("a source without issues shows none")
    func noIssues() async {
        let model = AdminPanelViewModel(source: StubDataSource())
        await model.load()
        #expect(model.issueLines.isEmpty)
    }
}

/// Revisits answer from the run's cache; `r` fetches again.
@MainActor
@Suite("Caching across screens", .serialized)
struct ViewModelCachingTests {
    @Test("a revisited user list makes no request; r on it revalidates")
    func revisitAndReload() async throws {
        let db = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json")
        let server = try LoopbackServer.start(arguments: ["--db", db.path])
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 5)
        let first = UserListViewModel(source: source, router: .none)
        await first.load()
        let revisit = UserListViewModel(source: source, router: .none)
        await revisit.load()  // first load of a new screen: from the cache
        #expect(revisit.rowCount == 10)
        // GET /users and, as 10 users may be a page, page 2 once for the run.
        #expect(try await server.requests().map(\.path) == ["/users", "/users?_page=2&_limit=10"])
        await revisit.load()  // a second load on a loaded screen is a reload (r)
        let requests = try await server.requests()
        #expect(requests.count == 3, "\(requests.map(\.path))")
        #expect(requests.last?.header("If-None-Match") != nil)
    }

    @Test("r on a file source reads the file again")
    func reloadRereadsFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"users": [{"id": 1, "name": "A", "username": "a"}, {"id": 2, "name": "B", "username": "b"}]}"#.utf8).write(to: url)
        let model = UserListViewModel(source: FileDataSource(path: url.path), router: .none)
        await model.load()
        model.selectLast()
        try Data(#"{"users": [{"id": 1, "name": "A", "username": "a"}]}"#.utf8).write(to: url)
        await model.load()
        #expect(model.rowCount == 1)
        #expect(model.selection.selected == 0)
    }
}
