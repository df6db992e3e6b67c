import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// What DummyJSON sends beyond JSONPlaceholder's fields, decoded from its recordings
/// (`../shared/data/dummyjson` users and posts) and the comments fixture (`Tests/Fixtures/dummyjson`).
@Suite(.serialized, SharedData.needed)
struct DummyJSONKindsTests {
    private func withSource(_ body: (DummyJSONDataSource, LoopbackServer) async throws -> Void) async throws {
        let server = try LoopbackServer.startDummyJSONWithComments()
        defer { server.stop() }
        try await body(DummyJSONDataSource(baseURL: server.baseURL, timeout: 10), server)
    }

    @Test("a user's age, gender, birth date, role, whole address, company, title and department")
    func userProfile() async throws {
        try await withSource { source, _ in
            let emily = try await source.user(id: 1)
            #expect(emily.profile == .dummyJSON(DummyJSONProfile(
                age: 29, gender: "female", birthDate: "1996-5-30", role: "admin",
                email: "emily.johnson@x.dummyjson.com", phone: "+81 965-431-3024",
                address: DummyJSONProfile.Address(street: "626 Main Street", city: "Phoenix", state: "Mississippi",
                                                  postalCode: "29112", country: "United States"),
                company: DummyJSONProfile.Company(name: "Dooley, Kozey and Cronin", title: "Sales Manager",
                                                  department: "Engineering"))))
            let users = try await source.users()
            #expect(users.count == 208)
            #expect(users.allSatisfy { if case let .dummyJSON(profile) = $0.profile { profile.age != nil } else { false } })
        }
    }

    @Test("a post's tags, reactions (likes and dislikes) and views, in the list and alone")
    func postDetails() async throws {
        try await withSource { source, _ in
            let post = try await source.post(id: 1)
            #expect(post.title == "His mother had always taught him")
            #expect(post.details == .dummyJSON(DummyJSONPostDetails(
                tags: ["history", "american", "crime"], likes: 192, dislikes: 25, views: 305)))
            let byUser = try await source.posts(userID: 121)
            #expect(byUser == [post])
            let every = try await source.allPosts()
            #expect(every.count == 251)
            #expect(every.first == post)
        }
    }

    @Test("comments: likes and the commenter's full name, username and id; counted in the statistics")
    func comments() async throws {
        try await withSource { source, _ in
            let comments = try await source.comments(postID: 1)
            #expect(comments.map(\.id) == [1, 2, 3])
            let first = try #require(comments.first)
            #expect(first.name == "James Davis")
            #expect(first.email == "jamesd")
            #expect(first.body == "This is some awesome thinking!")
            #expect(first.details == .dummyJSON(DummyJSONCommentDetails(
                likes: 3, fullName: "James Davis", username: "jamesd", userID: 4)))
            let statistics = try await source.statistics()
            #expect(statistics == DataStatistics(users: 208, posts: 251, comments: 6))
        }
    }

    @Test("wrong-typed reactions and views are blanked and reported; the post is kept with its tags")
    func badPostFields() async throws {
        try await withSource { source, server in
            try await server.inject(Fault(path: "/posts/user/5", body: #"""
                {"posts": [{"id": 9, "title": "T", "body": "B", "userId": 5, "tags": ["a"], "reactions": 4, "views": "many"}],
                 "total": 1, "skip": 0, "limit": 100}
                """#))
            let posts = try await source.posts(userID: 5)
            #expect(posts.map(\.details) == [.dummyJSON(DummyJSONPostDetails(tags: ["a"]))])
            let issues = await source.recordIssues()
            #expect(issues.map(\.path) == ["posts[0].reactions", "posts[0].views"])
            #expect(issues.allSatisfy { $0.effect == .fieldBlanked })
        }
    }
}
