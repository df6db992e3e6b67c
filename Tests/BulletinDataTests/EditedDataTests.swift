@testable import BulletinData
import Foundation
import Testing

/// Saves on an indexed file decode only the record changed, and the data the source holds
/// afterwards (``EditedData``: the index plus the changes) reads as the saved file does (issue 13).
struct EditedDataTests {
    /// A db.json of 3 users, 6 posts and 2 comments per post, in two-space indented JSON.
    static let file: String = {
        var users: [String] = [], posts: [String] = [], comments: [String] = []
        for user in 1...3 { users.append(#"{"id": \#(user), "name": "User \#(user)", "username": "u\#(user)", "email": "u\#(user)@x"}"#) }
        for post in 1...6 {
            posts.append(#"{"userId": \#((post - 1) % 3 + 1), "id": \#(post), "title": "Post \#(post)", "body": "Body \#(post)"}"#)
            for comment in 1...2 {
                let id = (post - 1) * 2 + comment
                comments.append(#"{"postId": \#(post), "id": \#(id), "name": "C\#(id)", "email": "c@x", "body": "Comment \#(id)"}"#)
            }
        }
        let list = { (items: [String]) in "[\n    " + items.joined(separator: ",\n    ") + "\n  ]" }
        return "{\n  \"users\": \(list(users)),\n  \"posts\": \(list(posts)),\n  \"comments\": \(list(comments))\n}\n"
    }()

    /// Every read the screens make, from `source`, in one comparable value.
    static func reads(_ source: FileDataSource) async throws -> [String] {
        var lines: [String] = []
        let users = try await source.users()
        lines.append("users \(users)")
        let listing = try await source.postListing(partial: nil)
        lines.append("summaries \(listing.posts)")
        lines.append("authors \(listing.authors.sorted { $0.key.text < $1.key.text })")
        lines.append("statistics \(try await source.statistics())")
        for user in users {
            lines.append("user \(try await source.user(id: user.id))")
            lines.append("posts of \(user.id) \(try await source.posts(userID: user.id))")
        }
        for summary in listing.posts {
            lines.append("post \(try await source.post(id: summary.id))")
            lines.append("comments of \(summary.id) \(try await source.comments(postID: summary.id))")
        }
        return lines
    }

    @Test("a save on an indexed file decodes only the record changed: no post or comment list is decoded whole, before or after")
    func saveDecodesOneRecord() async throws {
        let path = try SpliceSaveTests.makeFile(Self.file)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        _ = try await source.users()
        let index = try #require(try await source.store.loaded() as? FileIndex, "the file is indexed")
        await writer.prepareToWrite()
        let post = try await source.post(id: 4)
        _ = try await writer.update(.post(Post(userId: post.userId, id: 4, title: "Edited", body: post.body)))
        _ = try await writer.create(.comment(Comment(postId: 4, id: 0, name: "N", email: "n@x", body: "new")))
        _ = try await writer.delete(.user, id: 2)
        #expect(index.wholeDecodeCount == 0, "the saves decoded every post or comment")
        let after = try #require(try await source.store.loaded() as? EditedData)
        #expect(after.base as? FileIndex === index, "the store keeps the index, with the changes on top")
        #expect(after.edits.count == 3)
        #expect(try await source.post(id: 4).title == "Edited")
        #expect(index.wholeDecodeCount == 0, "reading one post decodes one post")
    }

    @Test("after edits, adds and deletes, every read answers as the saved file read afresh does, with the old file's name gone")
    func readsMatchSavedFile() async throws {
        let path = try SpliceSaveTests.makeFile(Self.file)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        _ = try await source.users()
        _ = try await writer.update(.user(User(id: 1, name: "Renamed", username: "u1", email: "u1@x")))
        _ = try await writer.update(.post(Post(userId: 2, id: 2, title: "New title", body: "New body")))
        _ = try await writer.create(.post(Post(userId: 3, id: 0, title: "Fresh", body: "f")))
        _ = try await writer.delete(.post, id: 5)
        _ = try await writer.update(.comment(Comment(postId: 1, id: 2, name: "C2", email: "c@x", body: "changed")))
        _ = try await writer.delete(.comment, id: 7)
        _ = try await writer.create(.comment(Comment(postId: 7, id: 0, name: "On fresh", email: "c@x", body: "x")))
        _ = try await writer.create(.user(User(id: 0, name: "Newcomer", username: "n")))
        _ = try await writer.delete(.user, id: 3)
        #expect(try await source.store.loaded() is EditedData)
        // The index still reads the first version's mapping: unlink its last name (FILE.bak) too;
        // the mapped inode lives on, so unchanged records still decode.
        try FileManager.default.removeItem(atPath: path + ".bak")
        let expected = try await Self.reads(FileDataSource(path: path))
        let actual = try await Self.reads(source)
        #expect(actual == expected)
        #expect(try await source.dataSet() == FileDataSource(path: path).dataSet(), "exports decode the saved data whole")
        #expect(try await source.statistics() == DataStatistics(users: 3, posts: 6, comments: 12))
        #expect(try await source.post(id: 7).title == "Fresh")
        await #expect(throws: DataError.self) { try await source.post(id: 5) }
    }

    @Test("duplicate ids: the edit replaces the record it was made from, a delete the first; the next one with the id shows through")
    func duplicateIDs() throws {
        let first = Post(userId: 1, id: 1, title: "first", body: "a")
        let second = Post(userId: 1, id: 1, title: "second", body: "b")
        let other = Post(userId: 2, id: 2, title: "other", body: "c")
        let base = DataSet(users: [], posts: [first, second, other], comments: [], issues: [])
        var data = EditedData.applying(.replace(old: .post(second), new: .post(Post(userId: 1, id: 1, title: "second!", body: "b"))), to: base)
        #expect(data.allPosts().map(\.title) == ["first", "second!", "other"])
        #expect(try data.post(id: 1, location: "f").title == "first")
        data = EditedData.applying(.remove(.post(first)), to: data)
        #expect(data.base is DataSet && data.edits.count == 2, "edits are added to one overlay, not nested")
        #expect(try data.post(id: 1, location: "f").title == "second!")
        #expect(data.postSummaries().map(\.title) == ["second!", "other"])
        #expect(data.posts(userID: 1).map(\.title) == ["second!"])
        #expect(data.statistics == DataStatistics(users: 0, posts: 2, comments: 0))
        // A post moved to another user leaves the first user's list and joins the other's, last.
        data = EditedData.applying(.replace(old: .post(other), new: .post(Post(userId: 1, id: 2, title: "moved", body: "c"))), to: data)
        #expect(data.posts(userID: 1).map(\.title) == ["second!", "moved"])
        #expect(data.posts(userID: 2).isEmpty)
    }

    @Test("a post moved to another user by a save takes its place in file order in that user's posts, as a fresh load reads it")
    func movedPostKeepsFileOrder() async throws {
        let path = try SpliceSaveTests.makeFile(#"{"posts": [{"userId": 2, "id": 1, "title": "a", "body": "b"}, {"userId": 1, "id": 2, "title": "b", "body": "b"}, {"userId": 2, "id": 3, "title": "c", "body": "b"}, {"userId": 1, "id": 4, "title": "d", "body": "b"}], "users": [{"id": 1, "name": "U", "username": "u"}, {"id": 2, "name": "V", "username": "v"}]}"#)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        #expect(try await source.posts(userID: 1).map(\.id) == [2, 4])
        _ = try await writer.update(.post(Post(userId: 1, id: 3, title: "c moved", body: "b")))
        _ = try await writer.update(.post(Post(userId: 1, id: 1, title: "a moved", body: "b")))
        let expected = try await FileDataSource(path: path).posts(userID: 1)
        #expect(expected.map(\.id) == [1, 2, 3, 4])
        #expect(try await source.posts(userID: 1) == expected)
        #expect(try await source.posts(userID: 2).isEmpty)
        // Moved back: it leaves the list again and the others keep their order.
        _ = try await writer.update(.post(Post(userId: 2, id: 3, title: "c back", body: "b")))
        #expect(try await source.posts(userID: 1).map(\.id) == [1, 2, 4])
        #expect(try await source.posts(userID: 2).map(\.title) == ["c back"])
    }
}
