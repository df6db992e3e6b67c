import BulletinData
import BulletinTestSupport
import Testing

@testable import BulletinFeatures

/// A source whose users load and whose users' posts fail (or answer once a failure is cleared).
actor PostsFailSource: DataSource {
    nonisolated let descriptor = SourceDescriptor(kind: .rest, location: "posts-fail")
    let user = User(id: 1, name: "Leanne Graham", username: "Bret")
    var postsFailure: DataError? = .badStatus(500, url: "http://127.0.0.1:9/posts?userId=1", excerpt: "")

    func setPostsFailure(_ error: DataError?) { postsFailure = error }

    func users() async throws(DataError) -> [User] { [user] }
    func user(id: RecordID) async throws(DataError) -> User { user }
    func posts(userID: RecordID) async throws(DataError) -> [Post] {
        if let postsFailure { throw postsFailure }
        return [Post(userId: 1, id: 7, title: "Seven", body: "")]
    }
    func post(id: RecordID) async throws(DataError) -> Post { throw .notFound("post \(id)", location: "posts-fail") }
    func comments(postID: RecordID) async throws(DataError) -> [BulletinData.Comment] { [] }
    func statistics() async throws(DataError) -> DataStatistics { DataStatistics(users: 1, posts: 1, comments: 0) }
}

/// A user's posts are the one list model beside the user (like albums and todos): they load,
/// fail and reload on their own, in the same words as every list.
@MainActor
@Suite("A user's posts as their own list")
struct UserPostsListTests {
    @Test("posts that fail leave the profile shown and say so in their heading and list")
    func postsFailAlone() async {
        let source = PostsFailSource()
        let model = UserDetailViewModel(userID: 1, source: source, router: .none)
        await model.load()
        #expect(model.state.value?.name == "Leanne Graham", "the user loaded")
        #expect(!model.profile.isEmpty)
        #expect(model.postsHeading == "Posts (—)")
        #expect(model.list.state.error != nil)
        #expect(model.rowsUnavailableReason == "the posts did not load")
        await source.setPostsFailure(nil)
        await model.load()
        #expect(model.postsHeading == "Posts (1)" && model.postCell(row: 0, column: .title) == "Seven")
        #expect(model.rowsUnavailableReason == nil)
    }

    @Test("a failed reload of the posts keeps them and says 'Not reloaded:' as every list does")
    func reloadKeepsPosts() async {
        let source = PostsFailSource()
        await source.setPostsFailure(nil)
        let model = UserDetailViewModel(userID: 1, source: source, router: .none)
        await model.load()
        await source.setPostsFailure(.badStatus(503, url: "http://127.0.0.1:9/posts?userId=1", excerpt: ""))
        await model.load()
        #expect(model.posts.map(\.title) == ["Seven"], "the posts loaded before stay")
        let failure = try? #require(model.list.reloadFailureText)
        #expect(failure?.hasPrefix("Not reloaded:") == true, "\(failure ?? "nil")")
    }
}

/// The selection is the list's, beside its rows (``ListSelection``), lent to the finder so a
/// sort keeps the selected row selected.
@MainActor
@Suite("A list's selection beside its rows")
struct ListSelectionOwnershipTests {
    @Test("the list owns the selection its finder moves; a sort keeps the selected row")
    func listOwnsSelection() async {
        let model = UserListViewModel(source: StubDataSource(), router: .none)
        await model.load()
        #expect(model.list.rowSelection === model.find.finder.selectionOwner, "the finder is lent the list's selection")
        model.list.selectLast()
        let chosen = model.list.selectedRow?.id
        #expect(chosen != nil)
        model.find.reverseSort()
        await model.find.finder.waitUntilIdle()
        #expect(model.list.selectedRow?.id == chosen, "the pass moved the list's selection with its row")
        #expect(model.list.rowSelection.state == model.list.selection)
        let other = UserListViewModel(source: StubDataSource(), router: .none)
        #expect(other.list.rowSelection !== model.list.rowSelection, "each list has its own")
    }
}
