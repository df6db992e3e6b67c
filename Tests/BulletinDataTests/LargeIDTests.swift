@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// 23-digit ids (issue 22, item 14): a user's and a post's are read alike, kept as the server
/// (or the file) wrote them, and written back as the same JSON numbers.
@Suite("23-digit ids: users and posts alike, kept as written (issue 22)")
struct LargeIDTests {
    typealias Journey = RESTWriteJourneyTests

    static let userID = "12345678901234567890123"
    static let postID = "98765432109876543210987"
    static let db = """
        {"users": [{"id": \(userID), "name": "Big", "username": "big", "role": "x"}, {"id": 2, "name": "Small", "username": "small"}],
         "posts": [{"userId": \(userID), "id": \(postID), "title": "large", "body": "b", "tags": ["t"]}],
         "comments": []}
        """

    @Test("over REST: the user is listed (not skipped as wrong type), opens by id, and an edit keeps its id a number and every member")
    func rest() async throws {
        try await Journey.withServer([], db: Self.db) { source, writer, server async throws in
            let users = try await source.userList()
            #expect(users.records.map(\.id) == [RecordID(Self.userID), 2])
            #expect(users.issues.isEmpty, "\(users.issues)")
            #expect(try await source.posts(userID: RecordID(Self.userID)).map(\.id) == [RecordID(Self.postID)])
            var user = try await source.user(id: RecordID(Self.userID))
            let original = user
            user.name = "Bigger"
            let outcome = try await writer.update(.user(user), original: .user(original))
            #expect(outcome.persisted && outcome.note == nil, "\(outcome)")
            let stored = Journey.record(try await Journey.store(server), "users", id: Self.userID)
            #expect(stored.map(Journey.members) == [["id": .number(Self.userID), "name": .string("Bigger"), "username": .string("big"),
                                                     "role": .string("x")]])
            var post = try await source.post(id: RecordID(Self.postID))
            let before = post
            post.title = "larger"
            _ = try await writer.update(.post(post), original: .post(before))
            let posts = Journey.record(try await Journey.store(server), "posts", id: Self.postID)
            #expect(posts.map(Journey.members) == [["userId": .number(Self.userID), "id": .number(Self.postID), "title": .string("larger"),
                                                    "body": .string("b"), "tags": .array([.string("t")])]])
        }
    }

    @Test("in a db.json: the user and the post are both read, with their ids as written")
    func file() async throws {
        let path = try SpliceSaveTests.makeFile(Self.db)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        #expect(try await source.users().map(\.id.text) == [Self.userID, "2"])
        #expect(try await source.allPosts().map(\.id.text) == [Self.postID])
        #expect(await source.recordIssues().isEmpty)
    }
}
