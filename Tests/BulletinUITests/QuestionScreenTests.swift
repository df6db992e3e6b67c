import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import MVVMC
import TermView
import Testing
import ViewState

@testable import BulletinUI

/// The three places that ask (a confirmation, a form's questions, the Admin panel's
/// "Overwrite?") through the one question model: what Enter gives is the typed answer that is
/// selected, drawn selected, and Esc gives the cancel answer. Keys go through the ScreenHost,
/// frames into the in-memory surface.
@MainActor
@Suite("Questions: Enter gives the selected typed answer")
struct QuestionScreenTests {
    /// Home with `model` presented over it, drawn by a host.
    private func host(presenting model: any ScreenViewModel) -> (NavigationStack<any ScreenViewModel>, ScreenHost) {
        let stack = NavigationStack<any ScreenViewModel>()
        stack.push(HomeViewModel(sourceLabel: "test", router: .none), title: "Home", route: "home")
        stack.show(model.request(title: model.title, link: nil, style: .modal, owner: nil))
        return (stack, ScreenHost(stack: stack, onQuit: {}))
    }

    private func frame(_ host: ScreenHost, width: Int = 70, height: Int = 12) -> Surface {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface
    }

    /// Where `label`'s button is drawn, and whether it is drawn selected.
    private func button(_ label: String, in surface: Surface) -> Bool? {
        for (y, line) in surface.lines.enumerated() {
            guard let range = line.range(of: "[ \(label) ]") else { continue }
            return surface.style(at: Point(x: line.distance(from: line.startIndex, to: range.lowerBound) + 2, y: y)) == .selected
        }
        return nil
    }

    @Test("a confirmation: Enter at once is Cancel; Left then Enter is the confirm answer (Left stops at it, Right at Cancel; Tab wraps); Esc is Cancel",
          arguments: [([Key.enter], ConfirmationViewModel.Answer.cancel), ([.left, .enter], .confirm),
                      ([.right, .enter], .cancel), ([.left, .left, .enter], .confirm), ([.tab, .enter], .confirm),
                      ([.left, .escape], .cancel)])
    func confirmation(keys: [Key], expected: ConfirmationViewModel.Answer) {
        var answers: [ConfirmationViewModel.Answer] = []
        let model = ConfirmationViewModel(title: "Delete post 3?", message: "Post 3 will be deleted.", confirmLabel: "Delete") {
            answers.append($0)
        }
        let (_, host) = host(presenting: model)
        #expect(button("Cancel", in: frame(host)) == true, "Cancel is drawn selected first")
        for key in keys {
            if key == .enter || key == .escape {
                // The selection drawn is the answer Enter gives.
                #expect(button(model.question.selected == .confirm ? "Delete" : "Cancel", in: frame(host)) == true)
            }
            host.handle(key)
        }
        #expect(answers == [expected])
        host.handle(.enter)
        #expect(answers == [expected], "answered once")
    }

    /// A form for a new post over Home, its close recorded.
    private func form(writer: StubDataWriter, source: StubDataSource) -> (RecordFormViewModel, ScreenHost, () -> [RecordFormViewModel.Result]) {
        final class Closes { var results: [RecordFormViewModel.Result] = [] }
        let closes = Closes()
        let model = RecordFormViewModel(kind: .post, mode: .create, parent: RecordID("1"), source: source, writer: writer) {
            closes.results.append($0)
        }
        let (_, host) = host(presenting: model)
        return (model, host, { closes.results })
    }

    @Test("a form's Discard changes?: Enter at once keeps editing; Right then Enter discards; Esc keeps editing")
    func discard() {
        let source = StubDataSource()
        let (model, host, closes) = form(writer: StubDataWriter(source: source), source: source)
        for character in "Draft" { host.handle(.character(character)) }
        host.handle(.escape)
        #expect(model.openQuestion?.title == "Discard changes?")
        #expect(button("Keep editing", in: frame(host)) == true)
        host.handle(.enter)
        #expect(model.openQuestion == nil && model.phase == .editing && closes().isEmpty, "Enter on the default keeps editing")
        host.handle(.escape)
        host.handle(.right)
        #expect(model.openQuestion?.selected == .discard)
        #expect(button("Discard", in: frame(host)) == true)
        host.handle(.escape)
        #expect(model.phase == .editing && closes().isEmpty, "Esc keeps editing whatever is selected")
        host.handle(.escape)
        #expect(model.openQuestion?.selected == .keepEditing, "asked again, the default is selected again")
        host.handle(.right)
        host.handle(.enter)
        #expect(closes() == [.discarded])
    }

    @Test("a form's failed save: Enter at once retries (the write is sent again); Right then Enter keeps editing")
    func failedSave() async {
        let source = StubDataSource()
        let writer = StubDataWriter(source: source)
        let (model, host, closes) = form(writer: writer, source: source)
        await writer.failNext(with: .badStatus(500, url: "http://127.0.0.1:1/posts", excerpt: ""))
        await writer.failNext(with: .badStatus(500, url: "http://127.0.0.1:1/posts", excerpt: ""))
        for character in "Title" { host.handle(.character(character)) }
        host.handle(.tab)
        for character in "Body" { host.handle(.character(character)) }
        host.handle(.ctrl("s"))
        await model.waitForTasks()
        #expect(model.openQuestion?.labels == ["Retry", "Keep editing"])
        #expect(button("Retry", in: frame(host)) == true)
        host.handle(.enter)
        await model.waitForTasks()
        #expect(await writer.log == ["create post", "create post"], "Enter on Retry saved again")
        #expect(model.openQuestion?.title == "Could not save", "the second failure asks again")
        host.handle(.right)
        host.handle(.enter)
        #expect(model.openQuestion == nil && model.phase == .editing)
        #expect(await writer.log.count == 2 && closes().isEmpty, "Keep editing sends nothing")
    }

    @Test("a form's Quit without saving?: its one answer is keep editing, given by Enter and by any other key")
    func quit() {
        let source = StubDataSource()
        let (model, host, _) = form(writer: StubDataWriter(source: source), source: source)
        host.handle(.character("x"))
        for key in [Key.enter, .character("q"), .left] {
            #expect(host.handleInterrupt(), "the first Ctrl-C asks")
            #expect(model.openQuestion?.title == "Quit without saving?" && model.openQuestion?.labels == ["Keep editing"])
            host.handle(key)
            #expect(model.openQuestion == nil && model.fields[model.focus].text == "x", "\(key) kept editing, typing nothing")
        }
        #expect(host.handleInterrupt())
        #expect(!host.handleInterrupt(), "Ctrl-C again quits")
    }

    @Test("the Admin panel's Overwrite?: Left then Enter writes over the file; Esc after Left keeps it")
    func overwrite() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).csv")
        try Data("old".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let harness = ScreenHostTests().makeHarness()
        harness.press(.down, .down, .down, .enter, width: 70, height: 16)
        await harness.settle()
        guard let panel = harness.app.stack.top?.destination as? AdminPanelViewModel else {
            Issue.record("the Admin panel did not open: \(harness.app.stack.titles)")
            return
        }
        harness.press(.character("c"), width: 70, height: 16)
        for character in url.path { harness.press(.character(character), width: 70, height: 16) }
        harness.press(.enter, .left, width: 70, height: 16)
        #expect(panel.openQuestion?.selected == .overwrite)
        #expect(button("Overwrite", in: harness.frame(width: 70, height: 16)) == true)
        harness.press(.escape, width: 70, height: 16)
        #expect(panel.openQuestion == nil && panel.field?.text == url.path, "Esc is Cancel: the field keeps the path")
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        harness.press(.enter, .left, .enter, width: 70, height: 16)
        await panel.waitForExport()
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("id,userId,title,body"), "Enter on Overwrite wrote the export")
    }
}
