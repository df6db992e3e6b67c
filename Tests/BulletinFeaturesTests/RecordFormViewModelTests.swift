import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// The record form as plain Swift: rules, dirty tracking, Tab order, save, failure, Esc.
@MainActor
@Suite("Record form view model")
struct RecordFormViewModelTests {
    /// A writer whose saves are answered only when cancelled (a server that stopped answering).
    struct UnansweredWriter: DataWriter {
        let access = WriteAccess.allowed
        private func wait() async throws(DataError) -> WriteOutcome {
            do { try await Task.sleep(for: .seconds(60)) } catch { throw .cancelled }
            throw .cancelled
        }
        func create(_ record: Record) async throws(DataError) -> WriteOutcome { try await wait() }
        func update(_ record: Record) async throws(DataError) -> WriteOutcome { try await wait() }
        func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome { try await wait() }
    }

    @Test("Ctrl-C while a save has no answer yet asks first (quitting may leave it unsaved); asked, Ctrl-C again quits")
    func quitWhileSaving() {
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(Fixtures.posts[0])), source: StubDataSource(),
                                       writer: UnansweredWriter(), onClose: { _ in })
        form.edit { $0.insert("typed ") }
        form.save()
        #expect(form.phase == .saving)
        #expect(form.requestQuit() == false, "asked, not quit")
        #expect(form.openQuestion?.message == "Your save of this post has not been answered yet; quitting now may leave it unsaved.")
        #expect(form.requestQuit() == true, "asked already: Ctrl-C again quits")
    }

    @MainActor final class Closes { var results: [RecordFormViewModel.Result] = [] }

    struct Setup {
        let source: StubDataSource
        let writer: StubDataWriter
        let closes: Closes
        let form: RecordFormViewModel
    }

    func makeForm(
        _ kind: RecordKind, mode: RecordFormViewModel.Mode = .create, parent: RecordID? = nil,
        writer makeWriter: ((StubDataSource) -> any DataWriter)? = nil
    ) -> Setup {
        let source = StubDataSource()
        let stub = StubDataWriter(source: source)
        let closes = Closes()
        let form = RecordFormViewModel(
            kind: kind, mode: mode, parent: parent, source: source, writer: makeWriter?(source) ?? stub
        ) { closes.results.append($0) }
        return Setup(source: source, writer: stub, closes: closes, form: form)
    }

    /// Types `text` into the field `id` as the screen would (focus there, replace the text).
    func type(_ text: String, into id: FormFieldID, _ form: RecordFormViewModel) {
        while form.fields[form.focus].id != id { form.focusNext() }
        if form.fields[form.focus].isMultiline { form.editLines { $0.replace(with: text) } } else { form.edit { $0.replace(with: text) } }
    }

    @Test("a post whose title and body hold tabs, CR LF, NUL, ESC and DEL comes out of an untouched form unchanged")
    func controlCharactersSurviveTheForm() {
        let post = Post(userId: 1, id: 7, title: "a\tb", body: "one\r\ntwo\tthree\u{0}four \u{1B}[31mred\u{7F}\nend")
        let fields = RecordDraft.fields(for: .post(post))
        for field in fields {
            let shown = field.area?.lines.map { String($0) } ?? [field.text]
            for line in shown {
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "shown harmlessly: \(line)")
            }
        }
        #expect(fields.first { $0.id == .body }?.area?.lines.map { String($0) } == ["one␍", "two␉three␀four ␛[31mred␡", "end"])
        #expect(RecordDraft.record(kind: .post, fields: fields, original: .post(post)) == .post(post))
    }

    @Test("field rules", arguments: [
        (FieldRule.required, "", "required"), (.required, "   ", "required"), (.required, "x", nil),
        (.email, "a@b.co", nil), (.email, "", nil), (.email, "ab.co", "not an e-mail address (name@example.com)"),
        (.email, "a@b", "not an e-mail address (name@example.com)"), (.email, "a b@c.de", "not an e-mail address (name@example.com)"),
        (.email, "a@@b.c", "not an e-mail address (name@example.com)"),
        (.maxLength(3), "abc", nil), (.maxLength(3), "abcd", "at most 3 characters (4)"),
        (.phone, "+1 (770) 736-8031 x56442", nil), (.phone, "call me", "digits, spaces and + - . ( ) x only"),
        (.noSpaces, "hildegard.org", nil), (.noSpaces, "a b", "no spaces"),
        (.recordID, "12", nil), (.recordID, "b3-e1", nil), (.recordID, "1 2", "not an id"),
    ] as [(FieldRule, String, String?)])
    func rules(rule: FieldRule, text: String, problem: String?) {
        #expect(rule.problem(with: text) == problem)
    }

    @Test("a new post has its author prefilled, the focus on the first empty field, and no problems shown yet")
    func newPost() {
        let form = makeForm(.post, parent: 1).form
        #expect(form.title == "New post")
        #expect(form.fields.map(\.label) == ["Author id", "Title", "Body"])
        #expect(form.fields.map(\.text) == ["1", "", ""])
        #expect(form.focus == 1)
        #expect(!form.isDirty && !form.isValid)
        #expect(form.fields.indices.map(form.problem(at:)) == [nil, nil, nil])
    }

    @Test("an edit opens on the field a person edits, not the foreign key; the foreign key is one Shift-Tab away",
          arguments: [
              (Record.user(Fixtures.users[0]), FormFieldID.name, FormFieldID.companyName),
              (.post(Fixtures.posts[0]), .title, .authorID),
              (.comment(Fixtures.comments[0]), .body, .email),
          ] as [(Record, FormFieldID, FormFieldID)])
    func editOpensOnEditedField(record: Record, opened: FormFieldID, before: FormFieldID) {
        let form = makeForm(record.kind, mode: .edit(record)).form
        #expect(form.fields[form.focus].id == opened)
        form.focusPrevious()
        #expect(form.fields[form.focus].id == before)
        if case .comment = record {
            while form.fields[form.focus].id != .postID { form.focusPrevious() }
            #expect(form.fields[form.focus].text == Fixtures.comments[0].postId.text, "the post id is still there")
        }
    }

    @Test("a field's problem shows once it was edited or left, beside that field only")
    func problemsShowWhenTouched() {
        let form = makeForm(.user).form
        type("zoe@", into: .email, form)
        #expect(form.problem(at: 2) == "not an e-mail address (name@example.com)")
        #expect(form.problem(at: 0) == "required", "Name was left (Tab moved through it)")
        #expect(form.problem(at: 3) == nil, "Phone was never reached")
        type("zoe@example.org", into: .email, form)
        #expect(form.problem(at: 2) == nil)
    }

    @Test("dirty tracking: a change makes the form dirty; typing the original back makes it clean")
    func dirty() {
        let form = makeForm(.post, mode: .edit(.post(Fixtures.posts[1]))).form
        #expect(form.title == "Edit post 2")
        #expect(!form.isDirty)
        type("Second post!", into: .title, form)
        #expect(form.isDirty && form.statusText == "unsaved changes")
        type("Second post", into: .title, form)
        #expect(!form.isDirty && form.statusText == "")
    }

    @Test("Tab and Shift-Tab move through the fields in order, wrapping")
    func tabOrder() {
        let form = makeForm(.user, mode: .edit(.user(Fixtures.users[0]))).form
        var order = [form.fields[form.focus].id]
        for _ in 0..<6 {
            form.focusNext()
            order.append(form.fields[form.focus].id)
        }
        #expect(order == [.name, .username, .email, .phone, .website, .companyName, .name])
        form.focusPrevious()
        #expect(form.fields[form.focus].id == .companyName)
    }

    @Test("Ctrl-S with problems writes nothing and moves the focus to the first bad field")
    func saveWithProblems() async {
        let setup = makeForm(.post, parent: 1)
        type("Body only", into: .body, setup.form)
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(setup.form.phase == .editing)
        #expect(setup.form.fields[setup.form.focus].id == .title)
        #expect(setup.form.problem(at: 1) == "required")
        #expect(await setup.writer.log.isEmpty)
        #expect(setup.closes.results.isEmpty)
    }

    @Test("a saved new post goes through the writer, gets its id, and closes the form with the outcome")
    func saveSuccess() async throws {
        let setup = makeForm(.post, parent: 2)
        type("Hello", into: .title, setup.form)
        type("Line one\nLine two", into: .body, setup.form)
        setup.form.save()
        #expect(setup.form.phase == .saving && setup.form.statusText == "Saving…")
        await setup.form.waitForTasks()
        let saved = Post(userId: 2, id: 4, title: "Hello", body: "Line one\nLine two")
        #expect(setup.closes.results == [.saved(WriteOutcome(record: .post(saved), persisted: true, note: "saved to stub"))])
        #expect(try await setup.source.post(id: 4) == saved)
        #expect(await setup.writer.log == ["create post"])
    }

    @Test("a failed save keeps the form open with everything typed, and Retry saves it")
    func saveFailureRetry() async throws {
        let setup = makeForm(.user, mode: .edit(.user(Fixtures.users[0])))
        await setup.writer.failNext(with: .transport(url: "http://127.0.0.1:1/users/1", reason: "connection refused"))
        type("Leanne G.", into: .name, setup.form)
        type("ACME", into: .companyName, setup.form)
        let typed = setup.form.fields.map(\.text)
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(setup.form.phase == .failed(.transport(url: "http://127.0.0.1:1/users/1", reason: "connection refused")))
        #expect(setup.form.fields.map(\.text) == typed)
        #expect(setup.closes.results.isEmpty)
        setup.form.retry()
        await setup.form.waitForTasks()
        #expect(setup.closes.results.count == 1)
        let stored = try await setup.source.user(id: 1)
        #expect(stored.name == "Leanne G." && stored.company?.name == "ACME")
        #expect(stored.address == Fixtures.users[0].address, "fields the form does not show are kept")
        #expect(stored.company?.catchPhrase == Fixtures.users[0].company?.catchPhrase)
        #expect(await setup.writer.log == ["update user 1", "update user 1"])
    }

    @Test("a post's author must exist: checked when leaving the field and again before saving")
    func authorMustExist() async {
        let setup = makeForm(.post, parent: 1)
        type("42", into: .authorID, setup.form)
        setup.form.focusNext()
        await setup.form.waitForTasks()
        #expect(setup.form.problem(at: 0) == "no user 42")
        type("Title", into: .title, setup.form)
        type("Body", into: .body, setup.form)
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(setup.form.phase == .editing && setup.form.focus == 0)
        #expect(await setup.writer.log.isEmpty)
        type("3", into: .authorID, setup.form)
        #expect(setup.form.problem(at: 0) == nil, "editing the id clears the old answer")
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(await setup.writer.log == ["create post"])
    }

    @Test("an author found missing is looked up again on save: once someone made user 42, Ctrl-S saves and the note goes")
    func authorMadeMeanwhile() async {
        let setup = makeForm(.post, parent: 1)
        type("42", into: .authorID, setup.form)
        setup.form.focusNext()
        await setup.form.waitForTasks()
        #expect(setup.form.problem(at: 0) == "no user 42")
        type("Title", into: .title, setup.form)
        type("Body", into: .body, setup.form)
        await setup.source.store(.user(User(id: 42, name: "Made elsewhere", username: "m", email: "m@x.org")))
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(setup.form.problem(at: 0) == nil)
        #expect(await setup.writer.log == ["create post"])
    }

    @Test("a comment's post must exist")
    func commentPostMustExist() async {
        let setup = makeForm(.comment, parent: 99)
        type("Hi", into: .name, setup.form)
        type("me@example.com", into: .email, setup.form)
        type("Text", into: .body, setup.form)
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(setup.form.problem(at: 0) == "no post 99")
        #expect(await setup.writer.log.isEmpty)
    }

    @Test("Esc with nothing changed closes at once")
    func escapeClean() {
        let setup = makeForm(.post, mode: .edit(.post(Fixtures.posts[0])))
        setup.form.cancel()
        #expect(setup.closes.results == [.discarded])
    }

    @Test("Esc with changes asks first; Keep editing keeps the text; Discard closes")
    func escapeDirty() {
        let setup = makeForm(.post, mode: .edit(.post(Fixtures.posts[0])))
        type("Changed", into: .title, setup.form)
        setup.form.cancel()
        #expect(setup.form.phase == .confirmingDiscard)
        #expect(setup.closes.results.isEmpty)
        setup.form.cancel()
        #expect(setup.form.phase == .editing, "Esc in the dialog keeps editing")
        #expect(setup.form.fields[1].text == "Changed")
        setup.form.cancel()
        setup.form.discard()
        #expect(setup.closes.results == [.discarded])
    }

    @Test("a body's line breaks are the lines of its field, and an untouched body is saved back as it was")
    func bodyLineBreaks() async throws {
        let setup = makeForm(.post, mode: .edit(.post(Fixtures.posts[0])))
        #expect(setup.form.fields[2].area?.lines.map { String($0) } == ["Hello there.", "Second line of the first post."])
        type("Renamed", into: .title, setup.form)
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(try await setup.source.post(id: 1).body == Fixtures.posts[0].body)
    }

    @Test("a read-only writer's refusal shows as a failed save with its reason, nothing lost")
    func readOnly() async {
        let setup = makeForm(.post, parent: 1, writer: { _ in ReadOnlyWriter(reason: "started with --read-only") })
        type("T", into: .title, setup.form)
        type("B", into: .body, setup.form)
        setup.form.save()
        await setup.form.waitForTasks()
        #expect(setup.form.phase == .failed(.readOnly(reason: "started with --read-only")))
        #expect(setup.form.fields.map(\.text) == ["1", "T", "B"])
    }

    @Test("a save refused because the file changed on disk offers Overwrite, which saves over the file as it is now")
    func overwriteChangedFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-form-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        let users = #"[{"id": 1, "name": "Leanne Graham", "username": "Bret"}]"#
        let posts = #"[{"userId": 1, "id": 1, "title": "old", "body": "b"}]"#
        try Data(#"{"users": \#(users), "posts": \#(posts), "comments": []}"#.utf8).write(to: file)
        let source = FileDataSource(path: file.path)
        let post = try await source.post(id: 1)
        // Another program changes the file after Bulletin loaded it.
        try Data(#"{"users": \#(users), "posts": \#(posts), "comments": [], "albums": [{"id": 9}]}"#.utf8).write(to: file)
        let closes = Closes()
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(post)), source: source, writer: FileDataWriter(source: source)) {
            closes.results.append($0)
        }
        type("new", into: .title, form)
        form.save()
        await form.waitForTasks()
        #expect(form.phase == .failed(.changedOnDisk(path: file.path)) && form.offersOverwrite)
        #expect(form.fields[1].text == "new")
        form.retry()
        await form.waitForTasks()
        #expect(closes.results.count == 1)
        let saved = try #require(String(data: Data(contentsOf: file), encoding: .utf8))
        #expect(saved.contains("\"new\"") && saved.contains("albums"), "saved over the file as it is now: \(saved)")
    }

    @Test("a save refused because someone saved the row meanwhile offers Reload: untouched fields take the saved values, typed ones are kept, each change is noted; the next save lands")
    func reloadAfterConflict() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-form-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("team.db").path
        try SQLiteConnection(path: path, create: true).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, username TEXT);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, userId INTEGER, title TEXT, body TEXT);
            INSERT INTO users VALUES (1, 'Ann', 'ann');
            INSERT INTO posts VALUES (1, 1, 'old title', 'old body');
            """)
        let source = SQLiteDataSource(path: path)
        let post = try await source.post(id: 1)
        let closes = Closes()
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(post)), source: source, writer: SQLiteDataWriter(source: source)) {
            closes.results.append($0)
        }
        let other = try SQLiteConnection(path: path)
        try other.execute("UPDATE posts SET body = 'their body', title = 'their title' WHERE id = 1")
        type("my title", into: .title, form)
        form.save()
        await form.waitForTasks()
        #expect(form.phase == .failed(.recordChanged(path: path, record: "post 1")))
        #expect(form.openQuestion?.choices.map(\.label) == ["Overwrite", "Reload", "Keep editing"])
        #expect(form.openQuestion?.message.contains("Reload shows what was saved, keeping what you typed.") == true)
        form.answer(.reload)
        await form.waitForTasks()
        #expect(form.phase == .editing)
        let title = try #require(form.fields.firstIndex { $0.id == .title })
        let body = try #require(form.fields.firstIndex { $0.id == .body })
        #expect(form.fields[title].text == "my title" && form.fields[body].text == "their body")
        #expect(form.note(at: title) == "theirs: “their title”; yours kept")
        #expect(form.note(at: body) == "changed: was “old body”")
        #expect(form.isDirty, "my title is still unsaved")
        form.save()
        await form.waitForTasks()
        #expect(closes.results.count == 1)
        #expect(try other.rows("SELECT title, body FROM posts WHERE id = 1") == [[.text("my title"), .text("their body")]])
    }
}
