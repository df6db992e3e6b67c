import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// Saves to a real file through the coordinators (issue 13): a read-only file is replaced only
/// after a question that says so, and the screens refresh after a save without reading the file.
extension EditingFlowTests {
    /// A `db.json` holding two users in a fresh directory, with a source that logs its reads.
    func makeFileApp() throws -> (app: AppCoordinator, file: URL, log: RequestLog) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-flow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("db.json")
        let users = #"[{"id": 1, "name": "Ann", "username": "ann", "email": "ann@example.org"}, {"id": 2, "name": "Bo", "username": "bo", "email": "bo@example.org"}]"#
        try Data(#"{"users": \#(users), "posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}], "comments": []}"#.utf8)
            .write(to: file)
        let log = RequestLog()
        let source = FileDataSource(path: file.path, log: log)
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: FileDataWriter(source: source)), onQuit: {})
        app.start()
        return (app, file, log)
    }

    @Test("a delete in a read-only file asks a question that says so; Overwrite deletes and the file stays read-only")
    func deleteInReadOnlyFile() async throws {
        let (app, file, _) = try makeFileApp()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        chmod(file.path, 0o444)
        let list = try await openUsers(app)
        list.deleteSelectedUser()
        await app.editing.waitForIdle()
        try topConfirmation(app).answer(.confirm)
        await app.editing.waitForIdle()
        let ask = try topConfirmation(app)
        #expect(ask.title == "File is read-only" && ask.question.labels == ["Overwrite", "Cancel"])
        #expect(ask.question.message.contains("\(file.path) is read-only"), "\(ask.question.message)")
        #expect(list.users.count == 2, "nothing deleted before the person agrees")
        ask.answer(.confirm)
        await app.editing.waitForIdle()
        #expect(list.users.map(\.name) == ["Bo"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o444)
    }

    @Test("an edit in a read-only file fails with Overwrite offered under a title that says so; everything typed is kept")
    func editInReadOnlyFile() async throws {
        let (app, file, _) = try makeFileApp()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        chmod(file.path, 0o444)
        let list = try await openUsers(app)
        list.editSelectedUser()
        await app.editing.waitForIdle()
        let form = try topForm(app)
        fill(form, [.name: "Ann B"])
        await save(form, app)
        #expect(form.phase == .failed(.readOnlyFile(path: file.path)))
        #expect(form.offersOverwrite && form.failureTitle == "File is read-only")
        #expect(form.fields[0].text == "Ann B")
        form.retry()
        await form.waitForTasks()
        await app.editing.waitForIdle()
        #expect(list.users.first?.name == "Ann B")
    }

    @Test("with two users sharing an id, e on the second edits the second: the form shows it and the save changes it")
    func duplicateIDs() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-flow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        let text = #"{"users": [{"id": 1, "name": "Ann", "username": "ann", "email": "a@x.org"}, {"id": 1, "name": "Bo", "username": "bo", "email": "b@x.org"}]}"#
        try Data(text.utf8).write(to: file)
        let source = FileDataSource(path: file.path)
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: FileDataWriter(source: source)), onQuit: {})
        app.start()
        let list = try await openUsers(app)
        list.moveSelection(by: 1)
        list.editSelectedUser()
        await app.editing.waitForIdle()
        let form = try topForm(app)
        #expect(form.fields[0].text == "Bo", "the form shows the chosen record")
        fill(form, [.name: "Bo B"])
        await save(form, app)
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == text.replacingOccurrences(of: #""Bo""#, with: #""Bo B""#), "\(saved)")
        #expect(list.users.map(\.name) == ["Ann", "Bo B"])
    }

    @Test("with two users sharing an id, d on the second deletes the second: the file keeps the first, every other byte the same (issue 22)")
    func duplicateIDsDelete() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-flow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        let second = #", {"id": 1, "name": "Bo", "username": "bo", "email": "b@x.org"}"#
        let text = #"{"users": [{"id": 1, "name": "Ann", "username": "ann", "email": "a@x.org"}\#(second)]}"#
        try Data(text.utf8).write(to: file)
        let source = FileDataSource(path: file.path)
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: FileDataWriter(source: source)), onQuit: {})
        app.start()
        let list = try await openUsers(app)
        list.moveSelection(by: 1)
        list.deleteSelectedUser()
        await app.editing.waitForIdle()
        let question = try topConfirmation(app)
        #expect(question.question.message.hasPrefix("user 1 “Bo” will be deleted"), "the question names the chosen record: \(question.question.message)")
        question.answer(.confirm)
        await app.editing.waitForIdle()
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == text.replacingOccurrences(of: second, with: ""), "\(saved)")
        #expect(list.users.map(\.name) == ["Ann"])
        #expect(app.editing.lastDeleted == [.user(User(id: 1, name: "Bo", username: "bo", email: "b@x.org"))])
    }

    @Test("after an edit and a delete the lists refresh from what the save wrote: the file is not read again")
    func noReadAfterSave() async throws {
        let (app, file, log) = try makeFileApp()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let reads = { log.snapshot.requests.filter { $0.method == "READ" }.count }
        let list = try await openUsers(app)
        let opening = reads()
        #expect(opening >= 1)
        list.editSelectedUser()
        await app.editing.waitForIdle()
        let form = try topForm(app)
        fill(form, [.name: "Ann B"])
        await save(form, app)
        #expect(list.users.map(\.name) == ["Ann B", "Bo"], "the list shows the edit")
        list.moveSelection(by: 1)
        list.deleteSelectedUser()
        await app.editing.waitForIdle()
        try topConfirmation(app).answer(.confirm)
        await app.editing.waitForIdle()
        #expect(list.users.map(\.name) == ["Ann B"])
        #expect(reads() == opening, "no READ after Bulletin's own saves: \(log.snapshot.requests.map { "\($0.method) \($0.path)" })")
    }
}

extension EditingFlowTests {
    @Test("d on two marked users of a read-only file asks about the file once; Overwrite deletes both; u asks once and restores both")
    func markedDeleteInReadOnlyFileAsksOnce() async throws {
        let (app, file, _) = try makeFileApp()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        chmod(file.path, 0o444)
        let list = try await openUsers(app)
        list.list.toggleMark()
        list.list.toggleMark()
        list.deleteSelectedUser()
        await app.editing.waitForIdle()
        #expect(try topConfirmation(app).title == "Delete 2 users?")
        try topConfirmation(app).answer(.confirm)
        await app.editing.waitForIdle()
        try #require(try topConfirmation(app).title == "File is read-only")
        try topConfirmation(app).answer(.confirm)
        await app.editing.waitForIdle()
        #expect(app.stack.titles == ["Home", "Users"], "no second question for the second user")
        #expect(list.users.isEmpty)
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((saved["users"] as? [Any])?.isEmpty == true, "both gone from the file")

        list.undoDelete()
        await app.editing.waitForIdle()
        try #require(try topConfirmation(app).title == "File is read-only")
        try topConfirmation(app).answer(.confirm)
        await app.editing.waitForIdle()
        #expect(app.stack.titles == ["Home", "Users"])
        #expect(list.users.map(\.name) == ["Ann", "Bo"])
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o444)
    }
}
