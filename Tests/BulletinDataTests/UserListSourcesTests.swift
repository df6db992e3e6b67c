@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// JSONPlaceholder's albums, photos and todos from each source, against the recordings in
/// `../shared/data/jsonplaceholder/` (REST through the loopback server, db.json through a
/// scratch copy), checked against the recordings decoded independently here.
@Suite(.serialized, SharedData.needed)
struct UserListSourcesTests {
    static let directory = SharedData.data("jsonplaceholder")

    /// One recording (`albums.json`) as JSON objects.
    static func recording(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// The ids of the records of `name` whose `key` is `value`, in order.
    static func ids(_ name: String, _ key: String, _ value: Int) throws -> [RecordID] {
        try recording(name).filter { ($0[key] as? Int) == value }.map { RecordID(($0["id"] as? Int) ?? -1) }
    }

    private func gets(_ server: LoopbackServer) async throws -> [String] {
        try await server.requests().filter { $0.method == "GET" }.map(\.path)
    }

    @Test("REST: a user's albums and todos and an album's photos are one filtered GET each, as recorded")
    func restLists() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.directory.path])
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10)
        let albums = try await source.albums(userID: 1)
        #expect(albums.map(\.id) == (try Self.ids("albums.json", "userId", 1)))
        #expect(albums.count == 10 && albums.first?.title == "quidem molestiae enim")
        let photos = try await source.photos(albumID: 3)
        #expect(photos.map(\.id) == (try Self.ids("photos.json", "albumId", 3)))
        #expect(photos.count == 50 && photos.allSatisfy { $0.url.hasPrefix("https://") && $0.thumbnailUrl.hasPrefix("https://") })
        let todos = try await source.todos(userID: 1)
        #expect(todos.map(\.id) == (try Self.ids("todos.json", "userId", 1)))
        #expect(todos.filter(\.completed).count == (try Self.recording("todos.json")).filter {
            ($0["userId"] as? Int) == 1 && ($0["completed"] as? Bool) == true }.count)
        // 10 albums may be a page: page 2 is asked once, and its answer (the same) shows the server answers whole.
        #expect(try await gets(server) == ["/albums?userId=1", "/albums?userId=1&_page=2&_limit=10", "/photos?albumId=3", "/todos?userId=1"])
    }

    @Test("REST: a server that ignores the filter still gives user 2's own todos, from one GET /todos kept for the run")
    func restIgnoredFilter() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.directory.path, "--behave", "ignores-filters"])
        defer { server.stop() }
        let log = RequestLog()
        let source = RESTDataSource(baseURL: server.baseURL, timeout: 10, log: log)
        let todos = try await source.todos(userID: 2)
        #expect(todos.count == 20 && todos.allSatisfy { $0.userId == 2 })
        #expect(try await source.todos(userID: 3).allSatisfy { $0.userId == 3 })
        let photos = try await source.photos(albumID: 7)
        #expect(photos.count == 50 && photos.allSatisfy { $0.albumId == 7 })
        #expect(try await gets(server) == ["/todos?userId=2", "/todos", "/photos?albumId=7", "/photos"])
        let notes = log.snapshot.notes
        #expect(notes.contains { $0.hasPrefix("The server ignores GET /todos?userId= (it answered todos of other users)") })
        #expect(notes.contains { $0.hasPrefix("The server ignores GET /photos?albumId= (it answered photos of other albums)") })
    }

    @Test("REST: the statistics count albums, photos and todos where the server has them, and none where it does not")
    func restStatistics() async throws {
        let server = try LoopbackServer.start(arguments: ["--dir", Self.directory.path])
        defer { server.stop() }
        let counts = try await RESTDataSource(baseURL: server.baseURL, timeout: 10).statistics()
        #expect(counts == DataStatistics(users: 10, posts: 100, comments: 500, albums: 100, photos: 5000, todos: 200))
        let bare = try LoopbackServer.start(arguments: ["--db", Self.usersPostsOnly().path])
        defer { bare.stop() }
        let none = try await RESTDataSource(baseURL: bare.baseURL, timeout: 10).statistics()
        #expect(none.users == 10 && none.albums == nil && none.photos == nil && none.todos == nil)
    }

    /// A db.json with only the recorded users, posts and comments.
    static func usersPostsOnly() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-no-albums-\(getpid()).json")
        let object: [String: Any] = try ["users": recording("users.json"), "posts": recording("posts.json"),
                                         "comments": recording("comments.json")]
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        return url
    }

    @Test("db.json (indexed): the albums, photos and todos arrays are read as recorded; the counts include them")
    func fileLists() async throws {
        let copy = try ScratchFile(copying: SharedData.data("jsonplaceholder/db.json"))
        defer { copy.remove() }
        let source = FileDataSource(path: copy.path)
        #expect(try await source.albums(userID: 4).map(\.id) == (try Self.ids("albums.json", "userId", 4)))
        #expect(try await source.photos(albumID: 12).map(\.id) == (try Self.ids("photos.json", "albumId", 12)))
        let todos = try await source.todos(userID: 5)
        #expect(todos.map(\.id) == (try Self.ids("todos.json", "userId", 5)))
        #expect(todos.first?.title == (try Self.recording("todos.json")).first { ($0["userId"] as? Int) == 5 }?["title"] as? String)
        #expect(try await source.statistics() == DataStatistics(users: 10, posts: 100, comments: 500, albums: 100, photos: 5000, todos: 200))
        #expect(try await source.users().count == 10, "the users, posts and comments are read as before")
    }

    @Test("db.json decoded whole (no index): the same albums, photos and todos")
    func decodedLists() throws {
        let data = try Data(contentsOf: SharedData.data("jsonplaceholder/db.json"))
        let set = try DataSetStore.decodeDataSet(data, location: "db.json", fileName: "db.json")
        #expect(set.userLists.albums(userID: 4).map(\.id) == (try Self.ids("albums.json", "userId", 4)))
        #expect(set.userLists.todos(userID: 5).count == 20)
        #expect(set.userLists.photos.count == 5000)
    }

    @Test("a db.json whose todo is of the wrong shape skips that todo and says so; the others are read")
    func badTodo() async throws {
        let text = #"{"users": [{"id": 1, "name": "A", "username": "a"}], "todos": [{"userId": 1, "id": 1, "title": "ok", "completed": true}, {"userId": 1, "id": 2, "title": "bad", "completed": "yes"}]}"#
        let copy = try ScratchFile(contents: Data(text.utf8))
        defer { copy.remove() }
        let source = FileDataSource(path: copy.path)
        #expect(try await source.todos(userID: 1).map(\.id) == [1])
        #expect(await source.recordIssues().contains { $0.path.hasPrefix("todos[1].completed") })
    }

    @Test("embedded: every user has 5 albums of 6 photos and 10 todos")
    func embeddedLists() async throws {
        let source = EmbeddedDataSource()
        #expect(try await source.albums(userID: 3).count == 5)
        let album = try #require(try await source.albums(userID: 3).first)
        #expect(try await source.photos(albumID: album.id).count == 6)
        #expect(try await source.todos(userID: 3).count == 10)
        let counts = try await source.statistics()
        #expect(counts.albums == 50 && counts.photos == 300 && counts.todos == 100)
    }
}

/// A file in the temporary directory, removed by ``remove()`` (with its `.bak`).
struct ScratchFile {
    let path: String

    init(contents: Data) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json").path
        try contents.write(to: URL(fileURLWithPath: path))
    }

    init(copying url: URL) throws {
        try self.init(contents: Data(contentsOf: url))
    }

    var bytes: Data { (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".bak")
    }
}
