import BulletinData
import Testing

struct EmbeddedDataSourceTests {
    private let source = EmbeddedDataSource()

    @Test("the embedded set has at least 10 users, 100 posts and 500 comments")
    func sizes() async throws {
        let statistics = try await source.statistics()
        #expect(statistics.users >= 10)
        #expect(statistics.posts >= 100)
        #expect(statistics.comments >= 500)
        #expect(source.descriptor.kind == .embedded)
        #expect(source.descriptor.description == "embedded data set")
    }

    @Test("every post's user and every comment's post exists")
    func relationsHold() async throws {
        let set = try await source.dataSet()
        let userIDs = Set(set.users.map(\.id))
        let postIDs = Set(set.posts.map(\.id))
        #expect(set.posts.allSatisfy { userIDs.contains($0.userId) })
        #expect(set.comments.allSatisfy { postIDs.contains($0.postId) })
    }

    @Test("user 1 has 10 posts and post 1 has 5 comments")
    func lookups() async throws {
        let user = try await source.user(id: 1)
        #expect(user.name == "Margaret Okafor")
        #expect(user.address?.geo?.lat != nil)
        #expect(user.company?.name != nil)
        #expect(try await source.posts(userID: 1).count == 10)
        #expect(try await source.comments(postID: 1).count == 5)
        #expect(try await source.post(id: 100).userId == 10)
    }

    @Test("some names are not ASCII, one is CJK")
    func nonASCIINames() async throws {
        let names = try await source.users().map(\.name)
        #expect(names.contains("Zoë Ångström"))
        #expect(names.contains("山田 太郎"))
        #expect(names.filter { !$0.unicodeScalars.allSatisfy(\.isASCII) }.count >= 4)
    }

    @Test("an unknown id is notFound naming embedded.json")
    func unknownID() async {
        await #expect(throws: DataError.notFound("user 999", location: "embedded.json")) {
            try await source.user(id: 999)
        }
    }
}
