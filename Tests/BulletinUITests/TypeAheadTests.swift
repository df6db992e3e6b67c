import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Keys typed right after `e` or `d`, while the record is read for the form or the question,
/// are for it: they wait and go to it once it is shown, never to the screen beneath (where `h`
/// would go back and the form open on Home). Esc meanwhile stops the opening.
@MainActor
@Suite("Type-ahead into a form still opening")
struct TypeAheadTests {
    @Test("e then hi typed at once on Posts: the form opens over Posts and holds the hi; nothing went to the list")
    func keysWaitForTheForm() async throws {
        let source = StubDataSource(delay: .milliseconds(200))
        let harness = await KeyScreenHarness.open(link: .posts, source: source)
        #expect(harness.app.stack.titles == ["Home", "Posts"])
        harness.press(.character("e"), .character("h"), .character("i"))
        #expect(harness.app.isOpening, "the post is still being read")
        #expect(harness.app.stack.titles == ["Home", "Posts"], "h did not go back")
        await harness.app.editing.waitForIdle()
        #expect(harness.app.stack.titles == ["Home", "Posts", "Edit post 1"])
        let form = try #require(harness.app.stack.top?.destination as? RecordFormViewModel)
        #expect(form.fields[form.focus].text.hasSuffix("hi"), "\(form.fields[form.focus].text)")
    }

    @Test("Esc while the form opens stops it: no form, the keys typed before Esc dropped, and the status line says so")
    func escapeStopsOpening() async throws {
        let source = StubDataSource(delay: .milliseconds(200))
        let harness = await KeyScreenHarness.open(link: .posts, source: source)
        harness.press(.character("e"), .character("x"), .escape)
        #expect(!harness.app.isOpening)
        await harness.app.editing.waitForIdle()
        #expect(harness.app.stack.titles == ["Home", "Posts"], "Esc stopped the opening, not went back")
        #expect(harness.app.statusNote.text == "Stopped opening: nothing was changed")
        harness.press(.character("j"))
        #expect(harness.app.stack.titles == ["Home", "Posts"])
    }

    @Test("d then Enter typed at once: the question opens first and Enter answers it (Cancel is the default), not opening the post")
    func deleteQuestionTakesTheKeys() async throws {
        let source = StubDataSource(delay: .milliseconds(200))
        let harness = await KeyScreenHarness.open(link: .posts, source: source)
        harness.press(.character("d"), .enter)
        await harness.app.editing.waitForIdle()
        #expect(harness.app.stack.titles == ["Home", "Posts"], "the question answered by Enter, the post not opened")
        #expect((try? await source.post(id: RecordID(1))) != nil, "Cancel: nothing deleted")
    }

    @Test("a record that cannot be read says what it was read for: Cannot delete post 1, Cannot edit post 1; the keys typed meanwhile are dropped")
    func failureNamesTheAction() async throws {
        let harness = await KeyScreenHarness.open(link: .posts, source: StubDataSource())
        let failing = StubDataSource(failure: .transport(url: "http://x", reason: "down"))
        let editing = EditingService(stack: harness.app.stack, source: failing, writer: StubDataWriter(source: failing), note: harness.app.statusNote)
        editing.router.go(.deletePost(RecordID(1)))
        await editing.waitForIdle()
        #expect(harness.app.statusNote.text == "Cannot delete post 1: Cannot reach http://x: down")
        editing.router.go(.editPost(RecordID(1)))
        await editing.waitForIdle()
        #expect(harness.app.statusNote.text == "Cannot edit post 1: Cannot reach http://x: down")
    }
}
