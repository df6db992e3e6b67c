import BulletinData
import BulletinTestSupport
import Testing

@testable import BulletinFeatures

/// Issue 21, item 4: a screen's subject is declared once. `o`, `y` and `v` act on the selected
/// row where it has what the key needs, else on the screen's own record, and the status line
/// names the record; photos open, copy and show raw like every other record.
@MainActor
@Suite("The subject of o, y and v")
struct SubjectTests {
    static let source = StubDataSource(albums: Fixtures.albums, photos: Fixtures.photos, todos: Fixtures.todos)

    /// A share service over a recorder (``SharingTests/Recorder``), with what `v` asked to show.
    @MainActor
    final class Shares {
        let recorder = SharingTests.Recorder()
        let note = StatusNote()
        var shown: [RawRecordRequest] = []
        lazy var service = ShareService(sharing: Sharing(opener: recorder, clipboard: recorder, sanitize: { $0 }), note: note) {
            [unowned self] in shown.append($0)
        }
    }

    @Test("on a user's screen o opens the user's website (the selected post has none), y copies and v shows the post")
    func userScreen() async throws {
        let model = UserDetailViewModel(userID: 1, source: Self.source, router: .none)
        await model.load()
        let shares = Shares()
        let (recorder, note, share) = (shares.recorder, shares.note, shares.service)
        share.open(model.subject(for: .webAddress))
        #expect(recorder.opened == ["http://hildegard.org"])
        #expect(note.text == "Opened http://hildegard.org · user 1", "names the record it acted on")
        let post = try #require(model.selectedRecord)
        share.copy(model.subject(for: .text))
        #expect(recorder.copied == ["\(post.id) \(post.title)"])
        #expect(note.text == "Copied \(post.id) \(post.title) · post \(post.id)")
        share.showRaw(model.subject(for: .raw))
        #expect(shares.shown == [RawRecordRequest(.post, id: post.id)])
    }

    @Test("with no row selected (an empty tab), the user is the subject of every key")
    func screenRecordWhenNoRow() async throws {
        let model = UserDetailViewModel(userID: 1, source: StubDataSource(posts: []), router: .none)
        await model.load()
        #expect(model.selectedRecord == nil)
        #expect(model.subject(for: .raw)?.raw == RawRecordRequest(.user, id: 1))
        #expect(model.subject(for: .text)?.label == "user 1")
    }

    @Test("an album's photo opens its URL, copies it and shows raw as held, named photo N")
    func photos() async throws {
        let model = AlbumViewModel(albumID: 1, userID: 1, source: Self.source)
        model.start()
        await model.load()
        let shares = Shares()
        let (recorder, note, share) = (shares.recorder, shares.note, shares.service)
        share.open(model.subject(for: .webAddress))
        #expect(recorder.opened == ["https://via.placeholder.com/600/92c952"])
        #expect(note.text == "Opened https://via.placeholder.com/600/92c952 · photo 1")
        share.copy(model.subject(for: .text))
        #expect(recorder.copied == ["https://via.placeholder.com/600/92c952"])
        share.showRaw(model.subject(for: .raw))
        let raw = try #require(shares.shown.first)
        let viewer = RawRecordViewModel(raw, source: Self.source)
        viewer.start()
        #expect(viewer.title == "Raw photo 1")
        #expect(viewer.lines.contains { $0.contains("\"thumbnailUrl\": \"https://via.placeholder.com/150/92c952\"") })
        #expect(viewer.summary.hasPrefix("photo 1 · "))
    }

    @Test("on the lists the selected row is the subject: a user, a post of the Posts list")
    func lists() async throws {
        let users = UserListViewModel(source: Self.source, router: .none)
        await users.load()
        #expect(users.subject(for: .raw)?.raw == RawRecordRequest(.user, id: 1))
        #expect(users.screenRecord == nil)
        let posts = PostListViewModel(source: Self.source, router: .none)
        await posts.load()
        let first = try #require(posts.selectedRecord)
        #expect(posts.subject(for: .raw)?.raw == RawRecordRequest(.post, id: first.id))
    }

    @Test("a post's screen: the selected comment for v, the post when none is selected")
    func postScreen() async throws {
        let post = PostDetailViewModel(postID: 1, source: Self.source)
        await post.load()
        #expect(post.subject(for: .raw)?.raw == RawRecordRequest(.post, id: 1))
        post.selectNextComment()
        #expect(post.subject(for: .raw)?.raw == RawRecordRequest(.comment, id: post.comments[0].id))
    }

    @Test("v with nothing to show says so instead of doing nothing")
    func nothing() {
        let shares = Shares()
        shares.service.showRaw(nil)
        #expect(shares.note.text == "Nothing is selected to show raw")
    }
}
