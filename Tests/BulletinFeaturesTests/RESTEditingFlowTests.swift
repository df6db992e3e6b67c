import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// The editing flow with the real REST writer against the loopback server (issue 12): the
/// journey through the coordinators over the write behaviours, Retry after a create whose
/// answer was lost, "could not be checked", and undo's id fallback, in the status line.
@MainActor
@Suite("Editing over REST: coordinators and forms with the real writer (issue 12)")
struct RESTEditingFlowTests {
    static let db = """
        {"users": [{"id": 1, "name": "Ann", "username": "ann", "email": "ann@x.org", "role": "admin"}],
         "posts": [{"userId": 1, "id": 1, "title": "t1", "body": "b1", "tags": ["a"], "views": 1.0},
                   {"userId": 1, "id": 2, "title": "t2", "body": "b2", "rating": 4.25}],
         "comments": []}
        """

    struct Setup {
        let app: AppCoordinator
        let source: RESTDataSource
        let writer: RESTDataWriter
        let server: LoopbackServer
    }

    func withApp(_ behaviours: [String] = [], timeout: TimeInterval = 10, _ body: (Setup) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-restflow-\(UUID().uuidString).json")
        try Data(Self.db.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LoopbackServer.start(db: file, behaviours: behaviours)
        defer { server.stop() }
        let source = RESTDataSource(baseURL: server.baseURL, timeout: timeout)
        let writer = RESTDataWriter(source: source)
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: writer), onQuit: {})
        app.start()
        try await body(Setup(app: app, source: source, writer: writer, server: server))
    }

    /// The posts the server stores, as JSON objects (`GET /__control/db`).
    func storedPosts(_ server: LoopbackServer) async throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: try await server.storedCollections()) as? [String: Any]
        return object?["posts"] as? [[String: Any]] ?? []
    }

    func userDetail(_ app: AppCoordinator, id: RecordID) async throws -> UserDetailViewModel {
        app.open(.user(id))
        await app.waitForLink()
        guard let detail = app.stack.top?.destination as? UserDetailViewModel else { throw EditingFlowTests.Failure("no detail: \(app.stack.titles)") }
        await detail.load()
        return detail
    }

    func topForm(_ app: AppCoordinator) throws -> RecordFormViewModel { try EditingFlowTests().topForm(app) }

    func confirmTopDialog(_ app: AppCoordinator) async throws {
        await app.editing.waitForIdle()
        try EditingFlowTests().topConfirmation(app).answer(.confirm)
        await app.editing.waitForIdle()
    }

    func save(_ form: RecordFormViewModel, _ app: AppCoordinator) async {
        form.save()
        await form.waitForTasks()
        await app.editing.waitForIdle()
    }

    @Test("add, edit, delete, undo through the coordinators: the server holds what was there plus what was typed, each post once",
          arguments: LoopbackServer.writeBehaviours)
    func journey(behaviours: [String]) async throws {
        try await withApp(behaviours) { setup in
            let before = try await storedPosts(setup.server)
            let users = try await setup.source.users()
            let detail = try await userDetail(setup.app, id: try #require(users.first?.id))
            let (first, second) = (detail.posts[0], detail.posts[1])

            detail.addPost()
            EditingFlowTests().fill(try topForm(setup.app), [.title: "Fresh", .body: "Typed in"])
            await save(try topForm(setup.app), setup.app)
            let created = try #require(detail.posts.first { $0.title == "Fresh" }, "\(behaviours): \(setup.app.statusNote.text ?? "")")
            #expect(setup.app.statusNote.text == "Created post \(created.id) “Fresh”", "\(behaviours)")

            detail.select(postID: first.id)
            detail.editSelectedPost()
            await setup.app.editing.waitForIdle()
            EditingFlowTests().fill(try topForm(setup.app), [.title: "t1, edited"])
            await save(try topForm(setup.app), setup.app)
            #expect(setup.app.statusNote.text == "Saved post \(first.id) “t1, edited”", "\(behaviours)")

            detail.select(postID: second.id)
            detail.deleteSelectedPost()
            try await confirmTopDialog(setup.app)
            #expect(setup.app.statusNote.text == "Deleted post \(second.id) “t2”", "\(behaviours)")
            #expect(setup.app.statusNote.offersUndo, "\(behaviours)")
            detail.undoDelete()
            await setup.app.editing.waitForIdle()
            #expect(setup.app.statusNote.text == "Restored post \(second.id) “t2”", "\(behaviours)")
            #expect(Set(detail.posts.map(\.id)) == [first.id, second.id, created.id])

            let after = try await storedPosts(setup.server)
            let byID = Dictionary(grouping: after) { "\($0["id"] ?? "")" }
            #expect(byID.count == 3 && byID.values.allSatisfy { $0.count == 1 }, "each post once: \(after)")
            var expectedFirst = before[0]
            expectedFirst["title"] = "t1, edited"
            let storedFirst = NSDictionary(dictionary: byID["\(before[0]["id"] ?? "")"]?.first ?? [:])
            let storedSecond = NSDictionary(dictionary: byID["\(before[1]["id"] ?? "")"]?.first ?? [:])
            #expect(storedFirst.isEqual(to: expectedFirst), "\(behaviours): \(storedFirst)")
            #expect(storedSecond.isEqual(to: before[1]), "\(behaviours): \(storedSecond)")
        }
    }

    @Test("Retry after a create whose answer was lost reads the list first, finds the post and sends nothing again")
    func retryFindsSavedRecord() async throws {
        try await withApp(timeout: 2) { setup in
            let (form, closed) = try await failedCreate(setup)
            #expect(form.statusText == "Not saved")
            let sentBefore = try await setup.server.requests().count
            form.retry()
            await form.waitForTasks()
            guard case let .saved(outcome)? = closed.value else { throw EditingFlowTests.Failure("not saved: \(form.phase)") }
            #expect(outcome.note == RecordFormViewModel.foundAlreadyNote && outcome.record?.id == 3)
            let retried = try await setup.server.requests().dropFirst(sentBefore).map { "\($0.method) \($0.path)" }
            #expect(retried == ["GET /posts"], "Retry only reads the list")
            #expect(try await storedPosts(setup.server).filter { $0["title"] as? String == "Fresh" }.count == 1)
        }
    }

    @Test("Retry after a lost answer when the server does not have the post: it is sent again, once")
    func retrySendsWhenMissing() async throws {
        try await withApp(timeout: 2) { setup in
            let (form, closed) = try await failedCreate(setup)
            _ = try await setup.source.client.send("DELETE", to: setup.server.baseURL.appendingPathComponent("posts/3"), json: nil)
            let sentBefore = try await setup.server.requests().count
            form.retry()
            await form.waitForTasks()
            guard case let .saved(outcome)? = closed.value else { throw EditingFlowTests.Failure("not saved: \(form.phase)") }
            #expect(outcome.note == RecordFormViewModel.notFoundNote && outcome.record?.id == 3)
            let retried = try await setup.server.requests().dropFirst(sentBefore).map { "\($0.method) \($0.path)" }
            #expect(retried.filter { $0.hasPrefix("POST") } == ["POST /posts"], "\(retried)")
            #expect(try await storedPosts(setup.server).filter { $0["title"] as? String == "Fresh" }.count == 1)
        }
    }

    @Test("Retry after a 500 answered to a create the server had stored finds the post and sends nothing again")
    func retryAfterServerErrorFindsSavedRecord() async throws {
        try await withApp { setup in
            let (form, closed) = try await failedCreate(setup, mode: .errorAfterWrite)
            guard case .failed(.badStatus(500, _, _)) = form.phase else { throw EditingFlowTests.Failure("\(form.phase)") }
            let sentBefore = try await setup.server.requests().count
            form.retry()
            await form.waitForTasks()
            guard case let .saved(outcome)? = closed.value else { throw EditingFlowTests.Failure("not saved: \(form.phase)") }
            #expect(outcome.note == RecordFormViewModel.foundAlreadyNote && outcome.record?.id == 3)
            let retried = try await setup.server.requests().dropFirst(sentBefore).map { "\($0.method) \($0.path)" }
            #expect(!retried.contains { $0.hasPrefix("POST") }, "\(retried)")
            #expect(try await storedPosts(setup.server).filter { $0["title"] as? String == "Fresh" }.count == 1)
        }
    }

    @Test("Retry after an edit whose answer was lost finds the server holding the edit and sends nothing again")
    func retryFindsSavedEdit() async throws {
        try await withApp(timeout: 2) { setup in
            try await setup.server.inject(Fault(path: "/posts/1", times: 1, mode: .drop, method: "PATCH"))
            let closed = Box<RecordFormViewModel.Result>()
            let post = try await setup.source.post(id: 1)
            let form = RecordFormViewModel(kind: .post, mode: .edit(.post(post)), source: setup.source, writer: setup.writer) {
                closed.value = $0
            }
            EditingFlowTests().fill(form, [.title: "t1, edited"])
            form.save()
            await form.waitForTasks()
            guard case let .failed(error) = form.phase else { throw EditingFlowTests.Failure("expected a failure: \(form.phase)") }
            #expect(error.mayHaveReachedServer && form.mayHaveBeenSaved, "\(error)")
            form.retry()
            await form.waitForTasks()
            guard case let .saved(outcome)? = closed.value else { throw EditingFlowTests.Failure("not saved: \(form.phase)") }
            #expect(outcome.note == RESTDataWriter.heldAlreadyNote && outcome.record?.id == 1, "\(outcome)")
            let writes = try await setup.server.requests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
            #expect(writes == ["PATCH /posts/1"], "\(writes)")
            let stored = try await storedPosts(setup.server).first { "\($0["id"] ?? "")" == "1" }
            #expect(stored?["title"] as? String == "t1, edited" && (stored?["tags"] as? [String]) == ["a"])
        }
    }

    /// A form for a new post by user 1 whose POST is carried out but whose answer is lost
    /// (`mode` `.drop`) or is a 500 (`.errorAfterWrite`).
    private func failedCreate(
        _ setup: Setup, mode: Fault.Mode = .drop
    ) async throws -> (RecordFormViewModel, Box<RecordFormViewModel.Result>) {
        try await setup.server.inject(Fault(path: "/posts", times: 1, mode: mode, method: "POST"))
        _ = try await setup.source.allPosts()  // cached, so Retry's read of the list is the only GET /posts after the failure
        let closed = Box<RecordFormViewModel.Result>()
        let form = RecordFormViewModel(kind: .post, mode: .create, parent: 1, source: setup.source, writer: setup.writer) {
            closed.value = $0
        }
        EditingFlowTests().fill(form, [.title: "Fresh", .body: "Typed in"])
        form.save()
        await form.waitForTasks()
        guard case let .failed(error) = form.phase else { throw EditingFlowTests.Failure("expected a failure: \(form.phase)") }
        #expect(error.mayHaveReachedServer && form.mayHaveBeenSaved, "\(error)")
        return (form, closed)
    }

    @Test("a create the server accepted without an answer to check: the status line says saved and why it was not checked")
    func uncheckedInStatusLine() async throws {
        try await withApp(["created-message"]) { setup in
            let detail = try await userDetail(setup.app, id: 1)
            // The writer's two reads of /posts (before and after the POST) fail; the screen's reload after them does not.
            try await setup.server.inject(Fault(path: "/posts", times: 2, status: 403, method: "GET"))
            detail.addPost()
            EditingFlowTests().fill(try topForm(setup.app), [.title: "Fresh", .body: "Typed in"])
            await save(try topForm(setup.app), setup.app)
            #expect(setup.app.stack.titles.last != "New post", "the form closed: the write was not shown as failed")
            let text = try #require(setup.app.statusNote.text)
            #expect(text.hasPrefix("Created post · saved; the server's answer could not be checked (an answer that is not the record"), "\(text)")
            #expect(detail.posts.map(\.title).contains("Fresh"))
        }
    }

    @Test("undo when another record took the id: restored under the server's id, and the status line says so")
    func undoFallbackInStatusLine() async throws {
        try await withApp { setup in
            let detail = try await userDetail(setup.app, id: 1)
            detail.select(postID: 2)
            detail.deleteSelectedPost()
            try await confirmTopDialog(setup.app)
            _ = try await setup.source.client.send("POST", to: setup.server.baseURL.appendingPathComponent("posts"),
                                                   json: Data(#"{"id": 2, "userId": 1, "title": "squatter", "body": "x"}"#.utf8))
            detail.undoDelete()
            await setup.app.editing.waitForIdle()
            #expect(setup.app.statusNote.text == "Restored post 3 “t2” · its id 2 is taken by “squatter”, so the server gave it id 3")
            #expect(detail.posts.map(\.title) == ["t1", "squatter", "t2"])
        }
    }
}

/// The coordinator's undo with the stub writer (whose restore, like a file's, would make a second copy).
@MainActor
@Suite("Undo pressed twice")
struct UndoTwiceTests {
    @Test("u twice before the first undo finished re-creates the record once; the second says nothing is left to undo")
    func undoTwiceQueued() async throws {
        let flows = EditingFlowTests()
        let setup = flows.makeApp()
        let list = try await flows.openUsers(setup.app)
        list.moveSelection(by: 2)
        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        try flows.topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        list.undoDelete()
        list.undoDelete()
        await setup.app.editing.waitForIdle()
        #expect(await setup.writer.log == ["delete user 3", "create user"])
        #expect(setup.app.statusNote.text == "Nothing to undo: the last delete was undone already")
        #expect(list.users.map(\.name) == ["Leanne Graham", "Zoë Ångström", "山田 太郎"])
    }
}

/// A value set later by a closure (the form's `onClose`).
@MainActor
final class Box<Value> {
    var value: Value?
}
