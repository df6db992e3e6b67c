@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Add, edit, delete and undo through ``RESTDataWriter`` against the loopback server with each
/// write behaviour of issue 12 (`LoopbackServer.writeBehaviours`), checking the server's stored
/// records member by member (`GET /__control/db`) against what was there plus what was typed,
/// and that each record exists exactly once.
@Suite("REST write journeys over json-server-like servers (issue 12)")
struct RESTWriteJourneyTests {
    /// Records with members Bulletin does not model (`tags`, `views` as `1.0`, `meta`, `role`,
    /// `address.floor`, `company.founded`), as real servers hold them.
    static let db = """
        {"users": [{"id": 1, "name": "Ann", "username": "ann", "email": "ann@x.org",
                    "address": {"street": "Main", "city": "Town", "geo": {"lat": "1.50", "lng": "2"}, "floor": 3},
                    "company": {"name": "Acme", "catchPhrase": "cp", "bs": "bs", "founded": 1999}, "role": "admin"}],
         "posts": [{"userId": 1, "id": 1, "title": "t1", "body": "b1", "tags": ["a", "b"], "views": 1.0, "meta": {"pinned": true}},
                   {"userId": 1, "id": 2, "title": "t2", "body": "b2", "rating": 4.25}],
         "comments": [{"postId": 1, "id": 1, "name": "n", "email": "e@x.org", "body": "c", "likes": 0}]}
        """

    /// The collections as stored, by name.
    typealias Store = [String: [JSONValue]]

    static func withServer(
        _ behaviours: [String], persist: Bool = true, db: String = db, timeout: TimeInterval = 10,
        _ body: (RESTDataSource, RESTDataWriter, LoopbackServer) async throws -> Void
    ) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-journey-\(UUID().uuidString).json")
        try Data(db.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(db: file, behaviours: behaviours, persist: persist)
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: timeout)
        try await body(source, RESTDataWriter(source: source), server)
    }

    static func store(_ server: LoopbackServer) async throws -> Store {
        guard case let .object(members) = try JSONValue.parse(try await server.storedCollections()) else { return [:] }
        return Dictionary(members.map { ($0.key, $0.value.arrayElements) }, uniquingKeysWith: { first, _ in first })
    }

    /// An object's members by name (order does not matter to a server; values compare exactly, types and number text included).
    static func members(_ value: JSONValue?) -> [String: JSONValue] {
        guard case let .object(members)? = value else { return [:] }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// `value` with `key` set to `new` (nested by a dotted path: `company.name`).
    static func setting(_ value: JSONValue?, _ path: String, _ new: JSONValue) -> [String: JSONValue] {
        var result = members(value)
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        result[parts[0]] = parts.count == 1 ? new : .object(
            setting(result[parts[0]], parts[1], new).sorted { $0.key < $1.key }.map { .init(key: $0.key, value: $0.value) })
        return result
    }

    static func decodePost(_ text: String) throws -> Record {
        .post(try JSONDecoder().decode(Post.self, from: Data(text.utf8)))
    }

    static func record(_ store: Store, _ collection: String, id: String) -> [JSONValue] {
        (store[collection] ?? []).filter { $0["id"]?.idText == id }
    }

    @Test("add, edit, delete, undo: the server holds what was there plus what was typed, types kept, each record once",
          arguments: LoopbackServer.writeBehaviours)
    func journey(behaviours: [String]) async throws {
        try await Self.withServer(behaviours) { source, writer, server async throws in
            let before = try await Self.store(server)
            let userRaw = try #require(before["users"]?.first)
            let (post1, post2) = (try #require(before["posts"]?[0]), try #require(before["posts"]?[1]))
            let userID = RecordID(try #require(userRaw["id"]?.idText))
            let posts = try await source.allPosts()
            let original1 = try #require(posts.first { $0.id.text == post1["id"]?.idText })
            let original2 = try #require(posts.first { $0.id.text == post2["id"]?.idText })

            // Add: the new post holds exactly what was typed, its author in the type ids have here.
            let created = try await writer.create(.post(Post(userId: userID, id: 0, title: "Fresh", body: "Typed in")))
            #expect(created.persisted && created.note == nil, "\(behaviours): \(created)")
            let newID = try #require(created.record?.id, "\(behaviours): \(created)")
            var now = try await Self.store(server)
            let fresh = Self.record(now, "posts", id: newID.text)
            #expect(fresh.count == 1)
            var expectedFresh = Self.members(fresh.first)
            expectedFresh["id"] = nil
            #expect(expectedFresh == ["userId": try #require(userRaw["id"]), "title": .string("Fresh"), "body": .string("Typed in")],
                    "\(behaviours)")

            // Edit a post's title and a user's e-mail and company name: nothing else changes.
            var edited1 = original1
            edited1.title = "t1, edited"
            let updated = try await writer.update(.post(edited1), original: .post(original1))
            #expect(updated.persisted && updated.note == nil, "\(behaviours): \(updated)")
            let originalUser = try await source.users()[0]
            var editedUser = originalUser
            editedUser.email = "ann@example.org"
            editedUser.company?.name = "Acme Ltd"
            let savedUser = try await writer.update(.user(editedUser), original: .user(originalUser))
            #expect(savedUser.persisted && savedUser.note == nil, "\(behaviours): \(savedUser)")
            now = try await Self.store(server)
            #expect(Self.members(Self.record(now, "posts", id: original1.id.text).first)
                    == Self.setting(post1, "title", .string("t1, edited")), "\(behaviours)")
            let userNow = Self.members(now["users"]?.first)
            let userExpected = Self.setting(.object(Self.setting(userRaw, "email", .string("ann@example.org"))
                .map { .init(key: $0.key, value: $0.value) }), "company.name", .string("Acme Ltd"))
            #expect(userNow.mapValues(Self.sortedObject) == userExpected.mapValues(Self.sortedObject), "\(behaviours)")

            // Delete, then undo: back under its own id with every member it had.
            let deleted = try await writer.delete(.post, id: original2.id)
            #expect(deleted.persisted && deleted.note == nil, "\(behaviours): \(deleted)")
            #expect(Self.record(try await Self.store(server), "posts", id: original2.id.text).isEmpty)
            let restored = try await writer.restore(.post(original2))
            #expect(restored.persisted && restored.note == nil && restored.record?.id == original2.id, "\(behaviours): \(restored)")

            now = try await Self.store(server)
            #expect(Self.members(Self.record(now, "posts", id: original2.id.text).first) == Self.members(post2), "\(behaviours)")
            let ids = (now["posts"] ?? []).compactMap { $0["id"]?.idText }
            #expect(ids.count == 3 && Set(ids).count == 3, "each post once: \(ids)")
            #expect((now["posts"] ?? []).filter { $0["title"] == .string("Fresh") }.count == 1)
            #expect(now["comments"] == before["comments"], "nothing else was touched")
            try await checkRequests(server, behaviours: behaviours, edited: edited1.title)
        }
    }

    /// PATCH holds the changed members only; a server refusing PATCH gets one PUT of its own record.
    private func checkRequests(_ server: LoopbackServer, behaviours: [String], edited title: String) async throws {
        let writes = try await server.requests().filter { $0.method == "PATCH" || $0.method == "PUT" }
        let patches = writes.filter { $0.method == "PATCH" }
        #expect(patches.first?.body.map { try? JSONValue.parse(Data($0.utf8)) } == .some(.object([.init(key: "title", value: .string(title))])))
        let puts = writes.filter { $0.method == "PUT" }
        #expect(puts.count == (behaviours.contains("no-patch") ? 2 : 0), "\(writes.map(\.method))")
    }

    /// `value` with object members sorted by name at every depth, for order-free comparison.
    static func sortedObject(_ value: JSONValue) -> JSONValue {
        guard case let .object(members) = value else { return value }
        return .object(members.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: sortedObject($0.value)) })
    }

    @Test("a server that answers but keeps nothing: no write fails, each says the change was not kept or could not be checked, nothing changes",
          arguments: [[], ["created-empty"], ["null-missing", "delete-204"], ["no-patch"]])
    func notKept(behaviours: [String]) async throws {
        try await Self.withServer(behaviours, persist: false) { source, writer, server async throws in
            let before = try await Self.store(server)
            let post = try #require(try await source.allPosts().first)
            var edited = post
            edited.title = "changed"
            let outcomes = [
                try await writer.create(.post(Post(userId: 1, id: 0, title: "Fresh", body: "x"))),
                try await writer.update(.post(edited), original: .post(post)),
                try await writer.delete(.post, id: post.id),
            ]
            for outcome in outcomes {
                let told = outcome.note == RESTDataWriter.notKeptNote || outcome.note?.contains("could not be checked") == true
                #expect(told, "\(behaviours): \(outcome)")
            }
            #expect(outcomes.filter(\.persisted).allSatisfy { $0.note?.contains("could not be checked") == true })
            #expect(try await Self.store(server) == before)
        }
    }
}

extension JSONValue {
    /// An array's elements; nothing for any other value.
    var arrayElements: [JSONValue] {
        if case let .array(elements) = self { return elements }
        return []
    }
}
