import BulletinData
import BulletinFeatures
import BulletinTestSupport
import MVVMC
import Testing

/// The user and post screens' lines for DummyJSON records, labelled as DummyJSON names them,
/// on the recorded users and posts and the comments fixture (loopback server, `--style dummyjson`).
@MainActor
@Suite(.serialized, SharedData.needed)
struct DummyJSONFieldsTests {
    private func withSource(_ body: (DummyJSONDataSource) async throws -> Void) async throws {
        let server = try LoopbackServer.startDummyJSONWithComments()
        defer { server.stop() }
        try await body(DummyJSONDataSource(baseURL: server.baseURL, timeout: 10))
    }

    @Test("a DummyJSON user's screen: age, gender, e-mail, phone, the whole address, company, title, department")
    func userLines() async throws {
        try await withSource { source in
            let model = UserDetailViewModel(userID: 1, source: source, router: .none)
            await model.load()
            #expect(model.profile == [
                DetailField("Name", "Emily Johnson"),
                DetailField("Username", "emilys"),
                DetailField("Age", "29"),
                DetailField("Gender", "female"),
                DetailField("Email", "emily.johnson@x.dummyjson.com"),
                DetailField("Phone", "+81 965-431-3024"),
                DetailField("Address", "626 Main Street, Phoenix, Mississippi 29112, United States"),
                DetailField("Company", "Dooley, Kozey and Cronin"),
                DetailField("Title", "Sales Manager"),
                DetailField("Department", "Engineering"),
            ])
        }
    }

    @Test("a DummyJSON post's lines: tags, reactions and views; its comments' likes")
    func postLines() async throws {
        try await withSource { source in
            let model = PostDetailViewModel(postID: 1, source: source)
            await model.load()
            #expect(model.facts == [
                DetailField("Tags", "history, american, crime"),
                DetailField("Reactions", "192 likes, 25 dislikes"),
                DetailField("Views", "305"),
            ])
            #expect(model.comments.map(\.name) == ["James Davis", "Alexander Jones", "Ethan Martinez"])
            #expect(model.comments.map { model.facts(of: $0) } == [
                [DetailField("Likes", "3")], [DetailField("Likes", "0")], [DetailField("Likes", "12")],
            ])
            #expect(model.table == nil)
        }
    }

    @Test("missing DummyJSON fields show —; one like reads singular, no dislikes are left out")
    func missingFields() async {
        let user = User(id: 1, name: "A B", username: "ab", profile: .dummyJSON(DummyJSONProfile()))
        let source = StubDataSource(
            users: [user],
            posts: [Post(userId: 1, id: 1, title: "T", body: "B", details: .dummyJSON(DummyJSONPostDetails(likes: 1)))],
            comments: [Comment(postId: 1, id: 1, name: "C", email: "c", body: "D",
                               details: .dummyJSON(DummyJSONCommentDetails()))])
        let userModel = UserDetailViewModel(userID: 1, source: source, router: .none)
        await userModel.load()
        #expect(userModel.profile.map(\.value) == ["A B", "ab", "—", "—", "—", "—", "—", "—", "—", "—"])
        let postModel = PostDetailViewModel(postID: 1, source: source)
        await postModel.load()
        #expect(postModel.facts == [
            DetailField("Tags", "—"), DetailField("Reactions", "1 like"), DetailField("Views", "—"),
        ])
        #expect(postModel.comments.map { postModel.facts(of: $0) } == [[DetailField("Likes", "—")]])
    }
}
