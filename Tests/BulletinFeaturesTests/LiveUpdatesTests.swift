import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// `--live` in the app (issue 26 item 4): changes the source reports reach the screens on the
/// stack, which read again without moving the selection off its record or touching what is
/// typed; the header's badge and the status line say how watching goes; a source switch stops
/// the old source's watching.
@MainActor
@Suite("Live changes in the app")
struct LiveUpdatesTests {
    struct App {
        let coordinator: AppCoordinator
        let source: StubDataSource
        let live: StubLiveChanges
    }

    func makeApp(switchTo next: StubDataSource? = nil, delay: Duration? = nil) -> App {
        let live = StubLiveChanges()
        let source = StubDataSource(delay: delay, liveChanges: live)
        var dependencies = AppDependencies(source: source)
        if let next { dependencies.makeDependencies = { _ in AppDependencies(source: next) } }
        let coordinator = AppCoordinator(dependencies: dependencies, onQuit: {})
        coordinator.start()
        return App(coordinator: coordinator, source: source, live: live)
    }

    /// `app`'s Users list, shown and loaded.
    func usersList(of app: App) async throws -> UserListViewModel {
        app.coordinator.navigate(to: .users)
        let list = try #require(app.coordinator.stack.top?.destination as? UserListViewModel)
        await list.load()
        return list
    }

    /// Sends `event` and waits until the app has made `passes` passes over the stack in all.
    func send(_ event: LiveEvent, to app: App, passes: Int) async throws {
        app.live.send(event)
        let deadline = Date().addingTimeInterval(30)
        while app.coordinator.live.passes < passes {
            guard Date() < deadline else { throw PostgresTestServerError(message: "no pass over the stack") }
            try await Task.sleep(for: .milliseconds(5))
        }
        await app.coordinator.live.waitUntilShown()
    }

    @Test("a user inserted before the selected one shows in the Users list, and the selection stays on its record")
    func userInserted() async throws {
        let app = makeApp()
        let list = try await usersList(of: app)
        list.moveSelection(by: 1)
        #expect(list.selectedRow?.name == "Zoë Ångström")
        await app.source.replace(users: [User(id: 4, name: "Aaron Aa", username: "aaron", email: nil)] + Fixtures.users)
        try await send(.changed([DataChange(kind: .users, operation: .insert, ids: [4])]), to: app, passes: 1)
        #expect(list.rows.map(\.name) == ["Aaron Aa", "Leanne Graham", "Zoë Ångström", "山田 太郎"])
        #expect(list.selectedRow?.name == "Zoë Ångström", "the selection follows its record, one row down")
    }

    @Test("a stream of changes (100, one every 10 ms or so, each pass reading for 30 ms) is taken in passes at least 100 ms apart, each gathering what came during the one before")
    func stream() async throws {
        let app = makeApp(delay: .milliseconds(30))
        _ = try await usersList(of: app)
        let clock = ContinuousClock()
        let started = clock.now
        for sent in 0..<100 {
            app.live.send(.changed([DataChange(kind: .users, operation: .update, ids: [RecordID(sent % 3 + 1)])]))
            try await Task.sleep(for: .milliseconds(10))
        }
        try await send(.changed([DataChange(kind: .users, operation: .update, ids: [1])]), to: app, passes: 1)
        // Every pass starts at least `gathering` after the one before ended (or after the first
        // change of a burst): however slow the machine, no more passes than that allows.
        let elapsed = clock.now - started
        let allowed = Int(elapsed / LiveUpdates.gathering) + 1
        #expect(app.coordinator.live.passes <= allowed, "\(app.coordinator.live.passes) passes in \(elapsed), \(allowed) allowed")
    }

    @Test("a move made while others' changes are read again is kept: the list lands on the row the key chose")
    func moveDuringReload() async throws {
        let app = makeApp(delay: .milliseconds(200))
        let list = try await usersList(of: app)
        #expect(list.selectedRow?.name == "Leanne Graham")
        app.live.send(.changed([DataChange(kind: .users, operation: .update, ids: [3])]))
        try await until { list.isReloading }
        list.moveSelection(by: 1)
        try await until { !list.isReloading }
        await app.coordinator.live.waitUntilShown()
        #expect(list.selectedRow?.name == "Zoë Ångström", "the move down stays")
    }

    @Test("a change to a kind a screen does not show reads nothing again")
    func unconcerned() async throws {
        let app = makeApp()
        _ = try await usersList(of: app)
        let before = await app.source.calls
        try await send(.changed([DataChange(kind: .comments, operation: .update, ids: [1])]), to: app, passes: 1)
        #expect(await app.source.calls == before, "the Users list asked for nothing")
    }

    @Test("on a post's screen, its new title and a comment added before the selected one show; the same comment stays selected")
    func postDetail() async throws {
        let app = makeApp()
        app.coordinator.open(.userPost(user: 1, post: 1))
        await app.coordinator.waitForLink()
        let post = try #require(app.coordinator.stack.top?.destination as? PostDetailViewModel)
        await post.load()
        post.selectNextComment()
        post.selectNextComment()
        #expect(post.selectedComment?.name == "Agreed")
        var posts = Fixtures.posts
        posts[0].title = "First post, renamed by Ann"
        let added = Comment(postId: 1, id: 9, name: "Early bird", email: "e@example.com", body: "First!")
        await app.source.replace(posts: posts, comments: [added] + Fixtures.comments)
        try await send(.changed([DataChange(kind: .posts, operation: .update, ids: [1]),
                                 DataChange(kind: .comments, operation: .insert, ids: [9])]), to: app, passes: 1)
        #expect(post.headline == "First post, renamed by Ann")
        #expect(post.comments.map(\.name) == ["Early bird", "Nice", "Agreed"])
        #expect(post.selectedComment?.name == "Agreed", "the selection stays on its comment")
        let user = try #require(app.coordinator.stack.entries.dropLast().last?.destination as? UserDetailViewModel)
        #expect(user.posts.first?.title == "First post, renamed by Ann", "the screen beneath read again too")
    }

    @Test("a post deleted by someone else while its screen shows it: the screen says so and keeps what it showed")
    func postDeleted() async throws {
        let app = makeApp()
        app.coordinator.open(.userPost(user: 1, post: 2))
        await app.coordinator.waitForLink()
        let post = try #require(app.coordinator.stack.top?.destination as? PostDetailViewModel)
        await post.load()
        await app.source.replace(posts: Fixtures.posts.filter { $0.id != RecordID(2) })
        try await send(.changed([DataChange(kind: .posts, operation: .delete, ids: [2])]), to: app, passes: 1)
        #expect(post.headline == "Second post")
        #expect(post.reloadFailureText == "Post 2 was deleted since it was shown; this is what was loaded before")
    }

    @Test("a form open on a record someone else saves or deletes keeps every field as typed and says so in the status line")
    func formKeepsTyping() async throws {
        let source = StubDataSource()
        let original = Fixtures.posts[0]
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(original)), source: source, writer: StubDataWriter(source: source),
                                       onClose: { _ in })
        form.edit { $0.insert("typed ") }
        let typed = form.fields
        #expect(form.statusText == "unsaved changes")
        await form.othersChanged([DataChange(kind: .posts, operation: .update, ids: [2])])
        #expect(form.changedMeanwhile == nil, "another post")
        await form.othersChanged([DataChange(kind: .comments, operation: .update, ids: [1])])
        #expect(form.changedMeanwhile == nil, "a comment with the same id")
        await form.othersChanged([DataChange(kind: .posts, operation: .update, ids: [1])])
        #expect(form.changedMeanwhile == nil, "an update that left the post as it was opened (SET title = title)")
        var posts = Fixtures.posts
        posts[0].title = "renamed by someone else"
        await source.replace(posts: posts)
        await form.othersChanged([DataChange(kind: .posts, operation: .update, ids: [1])])
        #expect(form.statusText == "changed by someone else since you opened it: saving asks first · unsaved changes")
        #expect(form.fields == typed, "nothing typed changed")
        await form.othersChanged([DataChange(kind: .posts, operation: .delete, ids: [1])])
        #expect(form.changedMeanwhile == "deleted by someone else since you opened it")
    }

    @Test("a change that names no rows (a connection back, a statement of many rows): the form reads its record and says so only when it changed")
    func formChecksUnnamed() async throws {
        let source = StubDataSource()
        let original = Fixtures.posts[0]
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(original)), source: source, writer: StubDataWriter(source: source),
                                       onClose: { _ in })
        await form.othersChanged(DataChange.everything)
        #expect(form.changedMeanwhile == nil, "the post is as it was opened")
        var posts = Fixtures.posts
        posts[0].body = "changed while Bulletin was not listening"
        await source.replace(posts: posts)
        await form.othersChanged([DataChange(kind: .posts, operation: .update, ids: nil)])
        #expect(form.changedMeanwhile == "changed by someone else since you opened it: saving asks first")
        await source.replace(posts: Array(posts.dropFirst()))
        await form.othersChanged(DataChange.everything)
        #expect(form.changedMeanwhile == "deleted by someone else since you opened it")
    }

    @Test("the badge and the status line: watching, no triggers (with the command), connection lost, connected again (every screen read again)")
    func watchingStates() async throws {
        let app = makeApp()
        let live = app.coordinator.live
        #expect(live.badge == "live: connecting…")
        _ = try await usersList(of: app)
        app.live.send(.notInstalled(hint: "bulletin db install-notify 'postgres://u@h/db'"))
        try await until { live.badge == "live: no change triggers" }
        #expect(live.badgeWarns)
        #expect(app.coordinator.statusNote.text?.contains("bulletin db install-notify 'postgres://u@h/db' installs them") == true)
        app.live.send(.watching(kinds: [.users, .posts], missing: ["comments"]))
        try await until { live.badge == "live" }
        #expect(!live.badgeWarns)
        #expect(app.coordinator.statusNote.text?.hasPrefix("Live: comments has no change triggers") == true, "\(app.coordinator.statusNote.text ?? "")")
        app.live.send(.lost(reason: "server closed the connection unexpectedly", retryIn: 0.5))
        try await until { live.badge == LiveUpdates.lostBadge }
        #expect(live.badgeWarns)
        #expect(app.coordinator.statusNote.text == "Connection lost (server closed the connection unexpectedly): connecting again by itself, first in 0.5 s")
        let before = await app.source.calls["users"] ?? 0
        app.live.send(.restored)
        try await until { app.coordinator.statusNote.text == LiveUpdates.restoredNote }
        #expect(live.badge == "live" && !live.badgeWarns)
        try await until { app.coordinator.live.passes >= 1 }
        await app.coordinator.live.waitUntilShown()
        #expect(await app.source.calls["users"] ?? 0 > before, "the Users list read again")
        #expect(app.coordinator.statusNote.text == nil, "once read again, what the screens say shows")
        // A message of its own (a save's) is never covered by it.
        app.live.send(.lost(reason: "gone", retryIn: 0.5))
        try await until { live.badge == LiveUpdates.lostBadge }
        app.coordinator.statusNote.show("Saved post 1 “x”")
        try await send(.restored, to: app, passes: 2)
        #expect(app.coordinator.statusNote.text == "Saved post 1 “x”")
    }

    @Test("the Admin panel counts again when others change rows or the connection comes back, a failed count replaced")
    func adminPanel() async throws {
        let app = makeApp()
        await app.source.setFailure(.databaseConnection(location: "stub", reason: "no server is answering at that address"))
        app.coordinator.navigate(to: .admin)
        let admin = try #require(app.coordinator.stack.top?.destination as? AdminPanelViewModel)
        await admin.load()
        #expect(admin.state.error != nil)
        await app.source.setFailure(nil)
        try await send(.restored, to: app, passes: 1)
        #expect(admin.state.value?.users == 3)
        await app.source.replace(users: Fixtures.users + [User(id: 4, name: "Dee", username: "dee", email: nil)])
        try await send(.changed([DataChange(kind: .users, operation: .insert, ids: [4])]), to: app, passes: 2)
        #expect(admin.state.value?.users == 4)
    }

    @Test("a first connection that cannot be made says so, not that one was lost; once made, a loss is a loss")
    func neverConnected() async throws {
        let app = makeApp()
        let live = app.coordinator.live
        app.live.send(.lost(reason: "no server is answering at that address", retryIn: 0.5))
        try await until { live.badge == LiveUpdates.unreachableBadge }
        #expect(app.coordinator.statusNote.text == "Live: cannot connect (no server is answering at that address): trying again by itself, first in 0.5 s")
        app.live.send(.lost(reason: "no server is answering at that address", retryIn: 1))
        app.live.send(.watching(kinds: [.users], missing: []))
        try await until { live.badge == "live" }
        app.live.send(.lost(reason: "server closed the connection unexpectedly", retryIn: 0.5))
        try await until { live.badge == LiveUpdates.lostBadge }
    }

    @Test("triggers installed while the badge says there are none: the first change heard makes it [live]; a listener that stopped for good says so")
    func installedMeanwhileAndStopped() async throws {
        let app = makeApp()
        let live = app.coordinator.live
        app.live.send(.notInstalled(hint: "bulletin db install-notify 'postgres://u@h/db'"))
        try await until { live.badge == LiveUpdates.notInstalledBadge }
        app.live.send(.changed([DataChange(kind: .users, operation: .update, ids: [1])]))
        try await until { live.badge == "live" }
        #expect(!live.badgeWarns)
        app.live.send(.stopped(reason: "that role does not exist on the server"))
        try await until { live.badge == "live: off" }
        #expect(live.badgeWarns)
        #expect(app.coordinator.statusNote.text == "Live stopped: that role does not exist on the server; trying again cannot mend that")
    }

    /// Waits (up to 30 s) until `condition` holds.
    func until(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            guard Date() < deadline else { throw PostgresTestServerError(message: "state not reached") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("a source without live changes shows no badge; switching source stops the old one's watching")
    func switching() async throws {
        let plain = StubDataSource()
        let app = makeApp(switchTo: plain)
        #expect(app.coordinator.live.badge != nil)
        try app.coordinator.switchSource(to: .embedded)
        #expect(app.live.isStopped)
        #expect(app.coordinator.live.badge == nil)
    }
}
