import BulletinData
import BulletinTestSupport
import Testing
import ViewState

@testable import BulletinFeatures

/// The view models own their text-editing state (``TextEditState``) and edit it in place: the
/// cursor, and the scroll the screen fitted, survive between keys, focus changes and dialogs.
@MainActor
@Suite("View models own their text state")
struct TextStateOwnershipTests {
    @Test("the : prompt inserts, deletes and moves at its cursor; Tab puts it at the end; Enter runs the whole line")
    func commandLineCursor() {
        var run: [AppCommand] = []
        let line = CommandLineViewModel { run.append($0) }
        line.begin()
        for character in "usrs" { line.insert(character) }
        line.edit { $0.moveLeft(); $0.moveLeft() }
        line.insert("e")
        #expect(line.text == "users" && line.prompt.cursor == 3)
        line.edit { $0.moveToStart(); $0.deleteForward() }
        #expect(line.text == "sers" && line.prompt.cursor == 0)
        line.edit { $0.deleteBackward() }
        #expect(line.text == "sers", "Backspace at the start does nothing")
        line.insert("u")
        line.complete()
        #expect(line.text == "users" && line.prompt.cursor == 5)
        // Tab with the cursor inside the name and text after it: the name is completed, the
        // rest stays, the cursor goes to the name's end; past the first word, nothing changes.
        let other = CommandLineViewModel { _ in }
        other.begin()
        for character in "po xyz" { other.insert(character) }
        other.edit { $0.moveToStart(); $0.moveRight(); $0.moveRight() }
        other.complete()
        #expect(other.text == "posts xyz" && other.prompt.cursor == 5)
        other.edit { $0.moveToEnd() }
        other.complete()
        #expect(other.text == "posts xyz" && other.prompt.cursor == 9)
        line.edit { $0.moveLeft() }
        line.submit()
        #expect(run == [.open(.users)] && !line.isActive)
        line.edit { $0.insert("x") }
        #expect(line.text.isEmpty, "a closed prompt takes no edits")
        line.begin()
        #expect(line.prompt == TextEditState(), "it opens empty")
    }

    @Test("a form field's cursor and scroll are the field's own: kept across Tab and back, edited in place")
    func formFieldState() {
        let form = RecordFormViewModel(kind: .post, mode: .create, parent: nil, source: StubDataSource(),
                                       writer: StubDataWriter(source: StubDataSource())) { _ in }
        let start = form.focus
        form.edit { $0.insert("Hello world"); $0.keepCursorVisible(width: 6, measure: { _ in 1 }) }
        form.edit { $0.setCursor(5); $0.insert(",") }
        #expect(form.fields[start].text == "Hello, world" && form.fields[start].line?.cursor == 6)
        let scroll = form.fields[start].line?.scroll
        #expect(scroll == 5, "the scroll the screen fitted is kept in the field")
        form.focusNext()
        form.edit { $0.insert("x") }
        form.focusPrevious()
        #expect(form.focus == start)
        #expect(form.fields[start].line?.cursor == 6 && form.fields[start].line?.scroll == scroll,
                "coming back to a field finds its cursor and scroll where they were")
        #expect(form.fields[start].isChanged)
    }

    @Test("the Admin panel's field keeps its cursor between edits; another field starts empty")
    func adminFieldState() {
        let model = AdminPanelViewModel(source: StubDataSource())
        model.editField { $0.insert("ignored") }
        #expect(model.field == nil, "no field, no edit")
        model.beginExport(.dbJSON)
        model.editField { $0.insert("/tmp/out.json") }
        model.editField { $0.setCursor(5); $0.insert("x") }
        #expect(model.field?.text == "/tmp/xout.json" && model.field?.input.cursor == 6)
        model.beginExport(.postsCSV)
        #expect(model.field?.input == TextEditState(), "another export opens an empty field")
    }

    @Test("a field's text the form opened with is kept whole, C1 controls too, while another field is edited")
    func openingTextKeptWhole() {
        let post = Post(userId: 1, id: 7, title: "next\u{85}line", body: "b")
        let form = RecordFormViewModel(kind: .post, mode: .edit(.post(post)), parent: nil, source: StubDataSource(),
                                       writer: StubDataWriter(source: StubDataSource())) { _ in }
        while form.fields[form.focus].id != .body { form.focusNext() }
        form.editLines { $0.insert("ody") }
        guard case let .post(draft) = form.draft else { Issue.record("not a post"); return }
        #expect(draft.title == "next\u{85}line" && draft.body == "body", "only typed text is cleaned")
    }
}
