import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// Add, edit, delete and undo through the coordinators, with the stub writer: what is on the
/// stack, what the lists show and select, what the status line says, and what is released.
@MainActor
@Suite("Editing flows through the coordinators")
struct EditingFlowTests {
    struct Setup {
        let app: AppCoordinator
        let source: StubDataSource
        let writer: StubDataWriter
    }

    func makeApp(writer makeWriter: ((StubDataSource) -> any DataWriter)? = nil) -> Setup {
        let source = StubDataSource()
        let stub = StubDataWriter(source: source)
        let app = AppCoordinator(
            dependencies: AppDependencies(source: source, writer: makeWriter?(source) ?? stub), onQuit: {})
        app.start()
        return Setup(app: app, source: source, writer: stub)
    }

    func openUsers(_ app: AppCoordinator) async throws -> UserListViewModel {
        app.navigate(to: .users)
        guard let list = app.stack.top?.destination as? UserListViewModel else { throw Failure("no user list") }
        await list.load()
        return list
    }

    func topForm(_ app: AppCoordinator) throws -> RecordFormViewModel {
        guard let form = app.stack.top?.destination as? RecordFormViewModel else { throw Failure("no form on top: \(app.stack.titles)") }
        return form
    }

    func topConfirmation(_ app: AppCoordinator) throws -> ConfirmationViewModel {
        guard let model = app.stack.top?.destination as? ConfirmationViewModel else { throw Failure("no dialog: \(app.stack.titles)") }
        return model
    }

    func fill(_ form: RecordFormViewModel, _ values: [FormFieldID: String]) {
        for _ in form.fields {
            guard let text = values[form.fields[form.focus].id] else { form.focusNext(); continue }
            if form.fields[form.focus].isMultiline { form.editLines { $0.replace(with: text) } } else { form.edit { $0.replace(with: text) } }
            form.focusNext()
        }
    }

    func save(_ form: RecordFormViewModel, _ app: AppCoordinator) async {
        form.save()
        await form.waitForTasks()
        await app.editing.waitForIdle()
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("a on Users opens a form; Ctrl-S creates the user, closes the form, reloads the list and selects the new row")
    func addUser() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        list.addUser()
        let form = try topForm(setup.app)
        #expect(setup.app.stack.titles == ["Home", "Users", "New user"])
        #expect(setup.app.stack.top?.style == .modal)
        fill(form, [.name: "Ada Lovelace", .username: "ada", .email: "ada@example.org"])
        await save(form, setup.app)
        #expect(setup.app.stack.titles == ["Home", "Users"])
        #expect(list.users.map(\.name) == ["Leanne Graham", "Zoë Ångström", "山田 太郎", "Ada Lovelace"])
        #expect(list.selection.selected == 3)
        #expect(setup.app.statusNote.text == "Created user 4 “Ada Lovelace” · saved to stub")
    }

    @Test("e edits the selected user; the list shows the change with the same row selected")
    func editUser() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        list.moveSelection(by: 1)
        list.editSelectedUser()
        #expect(setup.app.statusNote.text == "Opening user 2… · Esc stops", "the record loads before the form opens")
        await setup.app.editing.waitForIdle()
        #expect(setup.app.statusNote.text == nil)
        let form = try topForm(setup.app)
        #expect(form.title == "Edit user 2" && form.fields[0].text == "Zoë Ångström")
        fill(form, [.name: "Zoë Å."])
        await save(form, setup.app)
        #expect(list.users[1].name == "Zoë Å." && list.selection.selected == 1)
        #expect(setup.app.statusNote.text == "Saved user 2 “Zoë Å.” · saved to stub")
        #expect(await setup.writer.log == ["update user 2"])
    }

    @Test("d asks first; Cancel deletes nothing; Delete removes the user; u brings it back, selected")
    func deleteAndUndo() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        list.moveSelection(by: 2)
        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        let cancelled = try topConfirmation(setup.app)
        #expect(cancelled.title == "Delete user 3?" && cancelled.question.selected == .cancel, "Cancel is the default button")
        cancelled.answer(.cancel)
        await setup.app.editing.waitForIdle()
        #expect(setup.app.stack.titles == ["Home", "Users"] && list.users.count == 3)
        #expect(await setup.writer.log.isEmpty)

        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        try topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(list.users.map(\.id) == [1, 2])
        #expect(setup.app.statusNote.text == "Deleted user 3 “山田 太郎” · saved to stub")
        #expect(setup.app.statusNote.offersUndo, "the screen names the key that undoes it")
        #expect(setup.app.editing.lastDeleted == [.user(Fixtures.users[2])])

        list.selectFirst()
        list.undoDelete()
        await setup.app.editing.waitForIdle()
        #expect(list.users.map(\.name) == ["Leanne Graham", "Zoë Ångström", "山田 太郎"])
        #expect(list.selection.selected == 2, "the restored user is selected")
        #expect(setup.app.statusNote.text == "Restored user 3 “山田 太郎” · saved to stub")
        #expect(await setup.writer.log == ["delete user 3", "create user"])
        list.undoDelete()
        #expect(setup.app.statusNote.text == "Nothing to undo: the last delete was undone already",
                "a delete did happen in this run: the note must not say none did")
    }

    @Test("u pressed while the delete is still in flight undoes it once it is done (it said nothing was deleted)")
    func undoDuringDelete() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        list.moveSelection(by: 2)
        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        try topConfirmation(setup.app).answer(.confirm)
        list.undoDelete()  // no wait: the delete has not been answered yet
        #expect(setup.app.statusNote.text?.hasPrefix("Nothing to undo") != true)
        await setup.app.editing.waitForIdle()
        #expect(await setup.writer.log == ["delete user 3", "create user"])
        #expect(setup.app.statusNote.text == "Restored user 3 “山田 太郎” · saved to stub")
        #expect(list.users.map(\.id) == [1, 2, 3])
    }

    @Test("on a user's posts, a adds a post with the author prefilled; it is listed and selected")
    func addPostForUser() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        list.openSelected()
        guard let detail = setup.app.stack.top?.destination as? UserDetailViewModel else { throw Failure("no detail") }
        await detail.load()
        detail.addPost()
        let form = try topForm(setup.app)
        #expect(form.fields[0].text == "1")
        fill(form, [.title: "Fresh", .body: "News"])
        await save(form, setup.app)
        #expect(detail.posts.map(\.title) == ["First post", "Second post", "Fresh"])
        #expect(detail.selection.selected == 2)
        #expect(setup.app.stack.routes == ["home", "users", "users/1"])
    }

    @Test("the delete confirmation says what stays behind: a user's posts")
    func deleteSaysWhatStays() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        let posts = try await setup.source.posts(userID: list.users[0].id).count
        try #require(posts > 0, "the fixture's first user has posts")
        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        let dialog = try topConfirmation(setup.app)
        #expect(dialog.question.message.contains("Their \(posts) post\(posts == 1 ? "" : "s") stay, with no author."), "\(dialog.question.message)")
        dialog.answer(.cancel)
    }

    @Test("on a user's posts, e edits and d deletes the selected post; u restores it")
    func editDeletePost() async throws {
        let setup = makeApp()
        setup.app.open(.user(1))
        await setup.app.waitForLink()
        guard let detail = setup.app.stack.top?.destination as? UserDetailViewModel else { throw Failure("no detail") }
        await detail.load()
        detail.moveSelection(by: 1)
        detail.editSelectedPost()
        await setup.app.editing.waitForIdle()
        let form = try topForm(setup.app)
        fill(form, [.title: "Second, edited"])
        await save(form, setup.app)
        #expect(detail.posts.map(\.title) == ["First post", "Second, edited"] && detail.selection.selected == 1)
        detail.deleteSelectedPost()
        await setup.app.editing.waitForIdle()
        try topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(detail.posts.map(\.id) == [1])
        detail.undoDelete()
        await setup.app.editing.waitForIdle()
        #expect(detail.posts.map(\.title) == ["First post", "Second, edited"] && detail.selection.selected == 1)
    }

    @Test("on a post's detail, e edits the post and a adds a comment; the detail reloads with both")
    func postDetail() async throws {
        let setup = makeApp()
        setup.app.open(.userPost(user: 1, post: 1))
        await setup.app.waitForLink()
        guard let post = setup.app.stack.top?.destination as? PostDetailViewModel else { throw Failure("no post") }
        await post.load()
        post.editPost()
        await setup.app.editing.waitForIdle()
        fill(try topForm(setup.app), [.title: "First post, revised"])
        await save(try topForm(setup.app), setup.app)
        #expect(post.headline == "First post, revised")
        post.addComment()
        let form = try topForm(setup.app)
        #expect(form.fields[0].text == "1")
        fill(form, [.name: "Late", .email: "late@example.com", .body: "Sorry I'm late."])
        await save(form, setup.app)
        #expect(post.comments.map(\.name) == ["Nice", "Agreed", "Late"])
        #expect(setup.app.stack.routes == ["home", "users", "users/1", "users/1/posts/1"])
    }

    @Test("a read-only source: every editing key says why and opens nothing")
    func readOnly() async throws {
        let setup = makeApp(writer: { _ in ReadOnlyWriter(reason: "GitHub is read-only") })
        let list = try await openUsers(setup.app)
        for action in [list.addUser, list.editSelectedUser, list.deleteSelectedUser, list.undoDelete] {
            action()
            await setup.app.editing.waitForIdle()
            #expect(setup.app.stack.titles == ["Home", "Users"])
            #expect(setup.app.statusNote.text == "Read-only: GitHub is read-only")
        }
    }

    @Test("a failed delete keeps the record and says why")
    func failedDelete() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        await setup.writer.failNext(with: .unreadableFile(path: "/tmp/db.json", reason: "gone"))
        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        try topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(list.users.count == 3)
        #expect(setup.app.statusNote.text == "Could not delete user 1: Cannot read /tmp/db.json: gone")
        #expect(setup.app.editing.lastDeleted.isEmpty)
    }

    @Test("a form's coordinator and view model are released when it closes, saved or discarded")
    func formReleased() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        for saves in [true, false] {
            list.addUser()
            weak let form = try topForm(setup.app)
            weak let coordinator = setup.app.stack.top?.owner
            #expect(form != nil && coordinator is RecordFormCoordinator)
            if saves {
                fill(try topForm(setup.app), [.name: "N", .username: "n", .email: "n@example.org"])
                await save(try topForm(setup.app), setup.app)
            } else {
                try topForm(setup.app).cancel()
            }
            #expect(setup.app.stack.titles == ["Home", "Users"])
            #expect(form == nil, "form view model released (saved: \(saves))")
            #expect(coordinator == nil, "form coordinator released (saved: \(saves))")
        }
    }

    @Test("the delete confirmation is released once answered")
    func confirmationReleased() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        weak let dialog = try topConfirmation(setup.app)
        #expect(dialog != nil)
        dialog?.answer(.cancel)
        #expect(dialog == nil)
    }

    @Test("a post opened from the Posts list is edited there too; the Posts list below shows the new title")
    func editFromPostsList() async throws {
        let setup = makeApp()
        setup.app.navigate(to: .posts)
        guard let posts = setup.app.stack.top?.destination as? PostListViewModel else { throw Failure("no posts list") }
        await posts.load()
        posts.openSelected()
        guard let post = setup.app.stack.top?.destination as? PostDetailViewModel else { throw Failure("no post") }
        await post.load()
        post.editPost()
        await setup.app.editing.waitForIdle()
        fill(try topForm(setup.app), [.title: "Retitled"])
        await save(try topForm(setup.app), setup.app)
        #expect(post.headline == "Retitled")
        #expect(posts.rows.first?.post.title == "Retitled")
        #expect(setup.app.stack.routes == ["home", "posts", "posts/1"])
    }

    @Test("a delete over a file changed on disk asks first; Overwrite deletes from the file as it is now")
    func deleteOverChangedFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-flow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        let users = #"[{"id": 1, "name": "Ann", "username": "ann"}, {"id": 2, "name": "Bo", "username": "bo"}]"#
        try Data(#"{"users": \#(users), "posts": [], "comments": []}"#.utf8).write(to: file)
        let source = FileDataSource(path: file.path)
        let app = AppCoordinator(
            dependencies: AppDependencies(source: source, writer: FileDataWriter(source: source)), onQuit: {})
        app.start()
        let list = try await openUsers(app)
        try Data(#"{"users": \#(users), "posts": [], "comments": [], "albums": [{"id": 7}]}"#.utf8).write(to: file)
        list.deleteSelectedUser()
        await app.editing.waitForIdle()
        try topConfirmation(app).answer(.confirm)
        await app.editing.waitForIdle()
        let ask = try topConfirmation(app)
        #expect(ask.title == "File changed on disk" && ask.question.labels == ["Overwrite", "Cancel"])
        #expect(list.users.count == 2, "nothing deleted before the person agrees")
        ask.answer(.confirm)
        await app.editing.waitForIdle()
        #expect(list.users.map(\.name) == ["Bo"])
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("albums") && !saved.contains("Ann"), "\(saved)")
        #expect(app.statusNote.text == "Deleted user 1 “Ann” · saved to \(file.path)")
        #expect(app.statusNote.offersUndo)
    }

    @Test("on a post's detail, Tab selects a comment; e edits it, d deletes it after asking, u restores it")
    func commentEditing() async throws {
        let setup = makeApp()
        setup.app.open(.userPost(user: 1, post: 1))
        await setup.app.waitForLink()
        guard let post = setup.app.stack.top?.destination as? PostDetailViewModel else { throw Failure("no post") }
        await post.load()
        var order: [Int?] = [post.commentSelection]
        for _ in 0..<3 {
            post.selectNextComment()
            order.append(post.commentSelection)
        }
        #expect(order == [nil, 0, 1, nil], "Tab walks the comments, then back to the post")
        post.selectPreviousComment()
        #expect(post.commentSelection == 1)
        post.deleteSelected()
        await setup.app.editing.waitForIdle()
        #expect(try topConfirmation(setup.app).title == "Delete comment 2?")
        try topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(post.comments.map(\.name) == ["Nice"] && post.commentSelection == nil)
        post.undoDelete()
        await setup.app.editing.waitForIdle()
        #expect(post.comments.map(\.name) == ["Nice", "Agreed"] && post.commentSelection == 1)
        post.editSelected()
        await setup.app.editing.waitForIdle()
        let form = try topForm(setup.app)
        #expect(form.title == "Edit comment 4" && form.fields.map(\.text) == ["1", "Agreed", "b@example.com", "Me too."])
        fill(form, [.body: "Me too, really."])
        await save(form, setup.app)
        #expect(post.comments.last?.body == "Me too, really." && post.commentSelection == 1)
        #expect(await setup.writer.log == ["delete comment 2", "create comment", "update comment 4"])
        post.selectNextComment()
        post.deleteSelected()
        await setup.app.editing.waitForIdle()
        #expect(try topConfirmation(setup.app).title == "Delete post 1?", "with no comment selected, d asks to delete the post")
        try topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(setup.app.stack.routes == ["home", "users", "users/1"], "the deleted post's screen closes")
        #expect(await setup.writer.log.last == "delete post 1")
    }

    @Test("with the list filtered and sorted, e and d act on the row shown selected, and a save selects the row shown")
    func filteredList() async throws {
        let setup = makeApp()
        let list = try await openUsers(setup.app)
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "e") }  // Leanne Graham and Zoë Ångström (zoe)
        list.find.commitFilter()
        list.find.cycleSort()  // by id
        list.find.reverseSort()  // descending
        await list.find.finder.waitUntilIdle()
        let shown = (0..<list.rowCount).map { list.cell(row: $0, column: .name) }
        #expect(shown == ["Zoë Ångström", "Leanne Graham"])
        list.selectLast()  // row 1: Leanne, where the unfiltered list has Zoë
        let target = "Leanne Graham"
        list.editSelectedUser()
        await setup.app.editing.waitForIdle()
        let form = try topForm(setup.app)
        #expect(form.fields[0].text == target)
        fill(form, [.website: "example.org"])
        await save(form, setup.app)
        #expect(list.cell(row: list.selection.selected, column: .name) == target, "the selection stays on the saved user")
        list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        #expect(try topConfirmation(setup.app).question.message.contains(target))
    }
}
