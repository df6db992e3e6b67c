import BulletinData
import BulletinTestSupport
import Testing
import ViewState

@testable import BulletinFeatures

/// A form's body edited as lines (Enter, ↑↓ by display row over wide characters, Home/End,
/// Backspace joining lines) and its one-line fields refusing line breaks, as plain Swift.
@MainActor
@Suite("Record form: bodies as lines, titles as one line")
struct MultilineFieldTests {
    /// Terminal widths for the characters used here: CJK ideographs and the emoji 2, the rest 1
    /// (a combining mark joins its letter into one character).
    static func width(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return (0x4E00...0x9FFF).contains(scalar.value) || scalar.value >= 0x1F300 ? 2 : 1
    }

    func makeForm(_ mode: RecordFormViewModel.Mode = .create) -> (RecordFormViewModel, StubDataSource) {
        let source = StubDataSource()
        let form = RecordFormViewModel(kind: .post, mode: mode, parent: 1, source: source,
                                       writer: StubDataWriter(source: source)) { _ in }
        return (form, source)
    }

    func focus(_ id: FormFieldID, _ form: RecordFormViewModel) {
        while form.fields[form.focus].id != id { form.focusNext() }
    }

    func body(_ form: RecordFormViewModel) -> TextAreaState {
        form.fields.first { $0.id == .body }!.area!
    }

    @Test("a post's body is a multi-line field and its title one line")
    func kinds() {
        let (form, _) = makeForm()
        #expect(form.fields.map(\.isMultiline) == [false, false, true])
        #expect(form.fields[1].line != nil && form.fields[2].area != nil)
    }

    @Test("Enter in the body starts a new line; Backspace at a line's start joins it to the line above")
    func enterAndBackspace() {
        let (form, _) = makeForm()
        focus(.body, form)
        #expect(form.lineBreak(), "the body takes line breaks")
        form.editLines { $0.insert("First") }
        form.editLines { $0.insertLineBreak() }
        form.editLines { $0.insertLineBreak() }
        form.editLines { $0.insert("Second") }
        #expect(body(form).lines.map { String($0) } == ["First", "", "Second"])
        #expect(form.fields[2].text == "First\n\nSecond")
        form.editLines { $0.moveToLineStart(); $0.deleteBackward() }
        #expect(body(form).lines.map { String($0) } == ["First", "Second"])
        #expect(body(form).cursor == TextPosition(line: 1, column: 0))
        form.editLines { $0.deleteBackward() }
        #expect(form.fields[2].text == "FirstSecond" && body(form).cursor == TextPosition(line: 0, column: 5))
    }

    @Test("↑ and ↓ move by display row across a CJK line that wraps, keeping whole characters; Home/End stay on the line")
    func displayRowsOverCJK() {
        let (form, _) = makeForm()
        focus(.body, form)
        // 6 ideographs are 12 columns: in a 7-column field they wrap 3 + 3, never half a character.
        form.editLines { $0.replace(with: "東京都大阪府\nabc") }
        let rows = body(form).rows(width: 7, measure: Self.width)
        #expect(rows.map(\.characters) == [0..<3, 3..<6, 0..<3])
        form.editLines { $0.move(to: TextPosition(line: 0, column: 1)) }  // after 東, column 2
        form.editLines { $0.moveDown(width: 7, measure: Self.width) }
        #expect(body(form).cursor == TextPosition(line: 0, column: 4), "one row down, the same column: after 大")
        form.editLines { $0.moveDown(width: 7, measure: Self.width) }
        #expect(body(form).cursor == TextPosition(line: 1, column: 2), "column 2 on `abc`")
        form.editLines { $0.moveUp(width: 7, measure: Self.width) }
        #expect(body(form).cursor == TextPosition(line: 0, column: 4))
        form.editLines { $0.moveToLineEnd() }
        #expect(body(form).cursor == TextPosition(line: 0, column: 6), "End: the end of the line, not of the row")
        form.editLines { $0.moveToLineStart() }
        #expect(body(form).cursor == TextPosition(line: 0, column: 0))
    }

    @Test("an emoji sequence and a letter with its combining mark are one character each in the body")
    func wholeClusters() {
        let (form, _) = makeForm()
        focus(.body, form)
        form.editLines { $0.replace(with: "e\u{301}👩‍👩‍👧") }
        #expect(body(form).lines == [["e\u{301}", "👩‍👩‍👧"]])
        form.editLines { $0.deleteBackward() }
        #expect(form.fields[2].text == "e\u{301}", "Backspace removes the whole family")
    }

    @Test("a line break typed in a title is refused with a note beside it; the title is unchanged; the next key clears the note")
    func titleRefusesLineBreak() {
        let (form, _) = makeForm()
        focus(.title, form)
        form.edit { $0.insert("Hello") }
        #expect(!form.lineBreak())
        #expect(form.fields[1].text == "Hello")
        #expect(form.note(at: 1) == "Title is one line")
        #expect(form.note(at: 2) == nil)
        form.clearNote()
        #expect(form.note(at: 1) == nil)
    }

    @Test("a ↵ typed in a title is kept as that character, not turned into a line break")
    func arrowCharacterStays() async throws {
        let (form, source) = makeForm()
        focus(.title, form)
        form.edit { $0.insert("Press ↵ to go") }
        focus(.body, form)
        form.editLines { $0.insert("Body") }
        form.save()
        await form.waitForTasks()
        #expect(try await source.post(id: 4).title == "Press ↵ to go")
    }

    @Test("a title that holds a line break shows it as ␊ on its one line and saves it back")
    func titleLineFeedKept() async throws {
        let post = Post(userId: 1, id: 1, title: "two\nparts", body: "b")
        let (form, _) = makeForm(.edit(.post(post)))
        #expect(form.fields[1].text == "two␊parts")
        guard case let .post(draft) = form.draft else { Issue.record("not a post"); return }
        #expect(draft.title == "two\nparts")
    }

    @Test("the saved body holds real line breaks, a blank line between two paragraphs")
    func savedBodyHasNewlines() async throws {
        let (form, source) = makeForm()
        focus(.title, form)
        form.edit { $0.insert("Two paragraphs") }
        focus(.body, form)
        form.editLines { $0.insert("First paragraph.") }
        form.editLines { $0.insertLineBreak(); $0.insertLineBreak() }
        form.editLines { $0.insert("Second paragraph.") }
        form.save()
        await form.waitForTasks()
        #expect(try await source.post(id: 4).body == "First paragraph.\n\nSecond paragraph.")
    }

    @Test("a body of only line breaks is required like an empty one")
    func blankBodyRequired() {
        let (form, _) = makeForm()
        focus(.body, form)
        form.editLines { $0.insertLineBreak(); $0.insertLineBreak() }
        #expect(form.fields[2].localProblem == "required")
    }
}
