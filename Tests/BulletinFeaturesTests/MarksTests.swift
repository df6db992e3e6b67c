import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// Marks (`m`, `M`) on the one list model, and `d`/`u`/`y` on every marked row at once, through
/// the coordinators with the stub writer.
@MainActor
@Suite("Marks: several rows, one delete, one undo")
struct MarksTests {
    func makeApp(access: WriteAccess = .allowed) async throws -> (app: AppCoordinator, source: StubDataSource, writer: StubDataWriter,
                                                                   list: UserListViewModel) {
        let source = StubDataSource()
        let writer = StubDataWriter(source: source, access: access)
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: writer), onQuit: {})
        app.start()
        app.navigate(to: .users)
        guard let list = app.stack.top?.destination as? UserListViewModel else { throw Failure("no user list") }
        await list.load()
        return (app, source, writer, list)
    }

    func topConfirmation(_ app: AppCoordinator) throws -> ConfirmationViewModel {
        guard let model = app.stack.top?.destination as? ConfirmationViewModel else { throw Failure("no dialog: \(app.stack.titles)") }
        return model
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("m marks the selected row and moves down; m again unmarks; M clears; the summary counts them")
    func markAndClear() async throws {
        let setup = try await makeApp()
        let list = setup.list.list
        list.toggleMark()
        #expect(list.marks == [RecordID(1)] && list.selection.selected == 1, "marked, and the next row selected")
        list.moveSelection(by: 1)
        list.toggleMark()
        #expect(list.marks == [RecordID(1), RecordID(3)] && list.selection.selected == 2, "the last row stays selected")
        #expect(list.marksSummary == "2 marked" && list.marksCounted == "2 users")
        #expect(list.isMarked(position: 0) && !list.isMarked(position: 1) && list.isMarked(position: 2))
        #expect(list.markedRows.map(\.id) == [1, 3])
        list.toggleMark()
        #expect(list.marks == [RecordID(1)], "m on a marked row unmarks it")
        #expect(list.clearMarksUnavailableReason == nil)
        list.clearMarks()
        #expect(list.marks.isEmpty && list.marksSummary == nil && list.clearMarksUnavailableReason == "no row is marked")
    }

    @Test("a mark stays on its record through a filter and a sort, and a reload drops only the marks of records gone")
    func marksFollowRecords() async throws {
        let setup = try await makeApp()
        let list = setup.list.list
        list.moveSelection(by: 1)
        list.toggleMark()   // Zoë Ångström, id 2
        list.toggleMark()   // 山田 太郎, id 3
        list.find.cycleSort()   // by the first column reversed or the next: the order changes, the marks do not
        await list.find.finder.waitUntilIdle()
        let marked = (0..<list.rowCount).filter(list.isMarked(position:)).compactMap { list.row(at: $0)?.id }
        #expect(Set(marked) == [RecordID(2), RecordID(3)])
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "zo") }
        await list.find.finder.waitUntilIdle()
        #expect(list.rowCount == 1 && list.isMarked(position: 0))
        #expect(list.markedRows.map(\.id) == [2, 3], "a row the filter hides stays marked")
        list.find.cancelFilter()
        await list.find.finder.waitUntilIdle()
        _ = await setup.source.remove(.user, id: RecordID(3))
        await list.load()
        #expect(list.marks == [RecordID(2)], "user 3 is gone: its mark with it")
    }

    @Test("d with two users marked asks once, naming both and what stays; Delete removes both; u restores both")
    func deleteMarkedAndUndo() async throws {
        let setup = try await makeApp()
        let model = setup.list
        model.list.toggleMark()          // user 1
        model.list.moveSelection(by: 1)
        model.list.toggleMark()          // user 3
        model.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        let question = try topConfirmation(setup.app)
        #expect(question.title == "Delete 2 users?")
        let posts = Fixtures.posts.filter { [1, 3].contains($0.userId) }.count
        #expect(question.question.message == "user 1 “Leanne Graham” and user 3 “山田 太郎” will be deleted from the data."
            + (posts > 0 ? " Their \(posts) posts stay, with no author." : ""))
        question.answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(await setup.writer.log == ["delete user 1", "delete user 3"])
        #expect(model.users.map(\.id) == [2])
        #expect(model.list.marks.isEmpty, "the deleted rows' marks went with them")
        #expect(setup.app.statusNote.text == "Deleted 2 users (1, 3) · saved to stub")
        #expect(setup.app.statusNote.offersUndo)
        #expect(setup.app.editing.lastDeleted.map(\.id) == [1, 3])

        model.undoDelete()
        await setup.app.editing.waitForIdle()
        #expect(await setup.writer.log == ["delete user 1", "delete user 3", "create user", "create user"])
        #expect(Set(model.users.map(\.name)) == ["Leanne Graham", "Zoë Ångström", "山田 太郎"])
        // The stub stores a restore as a create under the next id, as a REST server may: the
        // note names the ids the records have now (a file keeps their ids: the e2e test).
        #expect(try await setup.source.users().map(\.name) == ["Zoë Ångström", "Leanne Graham", "山田 太郎"])
        #expect(setup.app.statusNote.text == "Restored 2 users (3, 4) · saved to stub")
        model.undoDelete()
        #expect(setup.app.statusNote.text == "Nothing to undo: the last delete was undone already")
    }

    @Test("a marked record someone else deleted meanwhile counts as gone: the rest are deleted, the note names it, and u restores only what this delete removed")
    func goneMeanwhile() async throws {
        let setup = try await makeApp()
        let model = setup.list
        model.list.toggleMark()          // user 1
        model.list.toggleMark()          // user 2
        model.list.toggleMark()          // user 3
        _ = await setup.source.remove(.user, id: RecordID(2))   // someone else deleted user 2 meanwhile
        model.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        try topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(await setup.writer.log == ["delete user 1", "delete user 2", "delete user 3"], "it goes on past the record already gone")
        #expect(try await setup.source.users().isEmpty)
        #expect(setup.app.statusNote.text == "Deleted 2 users (1, 3) · saved to stub · user 2 was gone already (deleted elsewhere)")
        #expect(setup.app.editing.lastDeleted.map(\.id) == [1, 3])
        model.undoDelete()
        await setup.app.editing.waitForIdle()
        #expect(Set(try await setup.source.users().map(\.name)) == ["Leanne Graham", "山田 太郎"], "user 2 is not brought back: this delete did not remove it")
    }

    @Test("a delete that fails stops there: the rest are not sent, and the note says how many were left")
    func failureStops() async throws {
        let setup = try await makeApp()
        let model = setup.list
        model.list.toggleMark()
        model.list.toggleMark()
        model.list.toggleMark()
        await setup.writer.failNext(with: .writeRefused(location: "stub", reason: "permission denied (no)"))
        model.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        try topConfirmation(setup.app).answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(await setup.writer.log == ["delete user 1"], "it stops at the failure")
        #expect(try await setup.source.users().count == 3)
        #expect(setup.app.statusNote.text
            == "Could not delete user 1: Not written to stub: permission denied (no); nothing was changed · 2 more not deleted")
    }

    @Test("on a read-only source marking works, and d with marks says why nothing is deleted")
    func readOnly() async throws {
        let setup = try await makeApp(access: .denied(reason: "started with --read-only"))
        setup.list.list.toggleMark()
        #expect(setup.list.list.marks == [RecordID(1)])
        setup.list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        #expect(setup.app.statusNote.text == "Read-only: started with --read-only")
        #expect(await setup.writer.log.isEmpty)
        #expect(setup.app.stack.titles == ["Home", "Users"])
    }

    @Test("marked posts on the Posts list are read whole by id before the question, which counts their comments")
    func postsListReadsMarkedPosts() async throws {
        let setup = try await makeApp()
        setup.app.navigate(to: .posts)
        guard let posts = setup.app.stack.top?.destination as? PostListViewModel else { throw Failure("no posts") }
        await posts.load()
        posts.list.toggleMark()
        posts.list.toggleMark()
        let ids = posts.list.markedRows.map(\.id)
        #expect(ids.count == 2)
        posts.deleteSelectedPost()
        await setup.app.editing.waitForIdle()
        let question = try topConfirmation(setup.app)
        #expect(question.title == "Delete 2 posts?")
        let comments = Fixtures.comments.filter { ids.contains($0.postId) }.count
        #expect(question.question.message.hasSuffix(comments == 0 ? "will be deleted from the data." : "Their \(comments) comments stay."),
                "\(question.question.message)")
        question.answer(.confirm)
        await setup.app.editing.waitForIdle()
        #expect(await setup.writer.log == ids.map { "delete post \($0)" })
    }

    @Test("marked rows the filter hides are deleted too, and the question says how many are hidden")
    func hiddenByFilter() async throws {
        let setup = try await makeApp()
        let list = setup.list.list
        list.toggleMark()   // Leanne Graham
        list.toggleMark()   // Zoë Ångström
        list.find.beginFilter()
        list.find.editFilter { $0.replace(with: "zo") }
        await list.find.finder.waitUntilIdle()
        list.find.commitFilter()
        #expect(list.rowCount == 1 && list.hiddenMarkCount == 1)
        setup.list.deleteSelectedUser()
        await setup.app.editing.waitForIdle()
        let question = try topConfirmation(setup.app)
        #expect(question.title == "Delete 2 users?")
        #expect(question.question.message.contains("will be deleted from the data. 1 of them is hidden by the filter."), "\(question.question.message)")
    }

    @Test("the question for many records names three and counts the rest; kinds that differ are each counted")
    func questionWords() {
        let users = (1...5).map { Record.user(User(id: RecordID($0), name: "U\($0)", username: "u", email: "e")) }
        let five = EditingService.deleteQuestion(users)
        #expect(five.title == "Delete 5 users?")
        #expect(five.named == "user 1 “U1”, user 2 “U2”, user 3 “U3” and 2 more")
        let mixed = [users[0], .post(Post(userId: 1, id: 9, title: "T", body: "B"))]
        #expect(EditingService.deleteQuestion(mixed).title == "Delete 2 records (1 user, 1 post)?")
        #expect(EditingService.deleteQuestion([users[0]]).title == "Delete user 1?", "one record keeps its own question")
    }
}
