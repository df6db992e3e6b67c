import BulletinTestSupport
import Foundation
import Testing

/// Issue 24, item 8 through the real binary in tmux: three posts marked with `m` are deleted
/// after one question, and `u` brings all three back, each checked in the db.json on disk.
@Suite("End to end: marks delete and restore several records", .serialized)
struct MarksEndToEndTests {
    /// One user with four posts, and a comment on post 2.
    static let database = """
        {
          "users": [
            { "id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz" }
          ],
          "posts": [
            { "userId": 1, "id": 1, "title": "alpha title", "body": "alpha body" },
            { "userId": 1, "id": 2, "title": "beta title", "body": "beta body" },
            { "userId": 1, "id": 3, "title": "gamma title", "body": "gamma body" },
            { "userId": 1, "id": 4, "title": "delta title", "body": "delta body" }
          ],
          "comments": [
            { "postId": 2, "id": 1, "name": "a comment", "email": "c@x.org", "body": "on beta" }
          ]
        }

        """

    /// The posts of the file at `url`, by id, each as its members.
    static func posts(in url: URL) throws -> [Int: NSDictionary] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let posts = try #require(root["posts"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: posts.map { (($0["id"] as? Int) ?? -1, $0 as NSDictionary) })
    }

    @Test("m on three posts, d, Delete: the file loses those three only; u: the file holds all four again, member by member")
    func deleteMarkedAndUndo() async throws {
        let file = try TmuxSession.scratchFile("bulletin-marks", contents: Data(Self.database.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let original = try Self.posts(in: file)

        let session = try await TmuxSession.bulletin(["--data", file.path], open: "users/1", width: 80, height: 24,
                                                     showing: "Posts (4)", "delta title")
        defer { session.close() }
        // m marks and moves down: posts 1 and 2, then past 3 to 4.
        try await session.press("m", "m", until: "2 marked")
        try await session.press("j", "m", until: "3 marked")
        try await session.press("d", until: "Delete 3 posts?", "alpha title", "[ Cancel ]")
        let question = try await session.waitForAll(["Delete 3 posts?"])
        #expect(question.replacingOccurrences(of: "\n", with: " ").contains("comment"), "the question says what stays: \(question)")
        try await session.press("Left", until: "[ Delete ]")
        try await session.press("Enter", until: "Deleted 3 posts (1, 2, 4)", "Posts (1)", "gamma title")

        let afterDelete = try Self.posts(in: file)
        #expect(afterDelete.keys.sorted() == [3], "only the marked posts left the file")
        #expect(afterDelete[3] == original[3], "post 3 is as it was")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((root["comments"] as? [Any])?.count == 1, "the comment on post 2 stays (no cascade, as json-server)")

        try await session.press("u", until: "Restored 3 posts", "Posts (4)", "alpha title", "delta title")
        let restored = try Self.posts(in: file)
        #expect(restored.keys.sorted() == [1, 2, 3, 4], "every post is back under its id")
        for id in [1, 2, 3, 4] { #expect(restored[id] == original[id], "post \(id) member by member") }
        try await session.quit()
    }
}
