import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The real JSONPlaceholder files in `../shared/data/jsonplaceholder/` decode into Bulletin's models.
@Suite(SharedData.needed)
struct JSONPlaceholderFilesTests {
    private func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        let url = SharedData.data("jsonplaceholder/\(name)")
        return try JSONDecoding.decode(T.self, from: Data(contentsOf: url), location: url.path)
    }

    @Test("users.json holds 10 users, the first Leanne Graham")
    func users() throws {
        let users = try decode([User].self, "users.json")
        #expect(users.count == 10)
        #expect(users.first?.name == "Leanne Graham")
        #expect(users.first?.address?.geo?.lat == "-37.3159")
        #expect(users.first?.company?.name == "Romaguera-Crona")
    }

    @Test("posts.json holds 100 posts")
    func posts() throws {
        let posts = try decode([Post].self, "posts.json")
        #expect(posts.count == 100)
        #expect(posts.first?.title == "sunt aut facere repellat provident occaecati excepturi optio reprehenderit")
    }

    @Test("comments.json holds 500 comments")
    func comments() throws {
        #expect(try decode([BulletinData.Comment].self, "comments.json").count == 500)
    }

    @Test("db.json reads through FileDataSource, its albums, photos and todos counted beside the rest")
    func dbThroughFileSource() async throws {
        let source = FileDataSource(path: SharedData.data("jsonplaceholder/db.json").path)
        #expect(try await source.statistics() == DataStatistics(users: 10, posts: 100, comments: 500, albums: 100, photos: 5000, todos: 200))
        #expect(try await source.user(id: 1).name == "Leanne Graham")
        #expect(try await source.posts(userID: 1).count == 10)
        #expect(try await source.comments(postID: 1).count == 5)
    }
}
