import Testing
import ViewState
@testable import TermView

@Suite("Dialog")
struct DialogTests {
    private let dialog = Dialog(title: "Error", message: "Could not load users: HTTP 500 from http://127.0.0.1:3000/users",
                                buttons: ["Retry", "Cancel"])

    private func draw(_ dialog: Dialog, width: Int, height: Int, selected: Int = 0) -> Surface {
        var surface = Surface(width: width, height: height)
        for y in 0..<height { surface.write(String(repeating: "x", count: width), at: Point(x: 0, y: y), style: .normal) }
        var dialog = dialog
        dialog.selected = selected
        dialog.render(in: Rect(x: 0, y: 0, width: width, height: height), on: &surface)
        return surface
    }

    enum Answer: Hashable, Sendable { case retry, cancel }

    private func question(dismissal: Question<Answer>.Dismissal = .escape) -> Question<Answer> {
        Question(title: "Error", message: dialog.message, choices: [.init(.retry, "Retry"), .init(.cancel, "Cancel")],
                 default: .cancel, cancel: .cancel, dismissal: dismissal)
    }

    @Test("a centred box with the title in its border, the wrapped message and the buttons")
    func centred() {
        let surface = draw(dialog, width: 60, height: 10, selected: 1)
        let blank = String(repeating: "x", count: 60)
        #expect(surface.lines == [
            blank,
            blank,
            "xxxxx┌─ Error ────────────────────────────────────────┐xxxxx",
            "xxxxx│ Could not load users: HTTP 500 from            │xxxxx",
            "xxxxx│ http://127.0.0.1:3000/users                    │xxxxx",
            "xxxxx│                                                │xxxxx",
            "xxxxx│             [ Retry ]  [ Cancel ]              │xxxxx",
            "xxxxx└────────────────────────────────────────────────┘xxxxx",
            blank,
            blank,
        ])
        #expect(surface.style(at: Point(x: 30, y: 6)) == .selected, "Cancel is selected")
        #expect(surface.style(at: Point(x: 19, y: 6)) == .normal)
    }

    @Test("Left/Right move between answers and stop at the ends; Tab and Shift-Tab wrap; Enter chooses the selected answer; Esc cancels")
    func keys() {
        var asked = question()
        #expect(asked.handle(.right) == nil && asked.selected == .cancel, "Cancel, the default, is the last: right stays on it")
        #expect(asked.handle(.tab) == nil && asked.selected == .retry, "Tab wraps past the last to Retry")
        #expect(asked.handle(.left) == nil && asked.selected == .retry, "Retry is the first: left stays on it")
        #expect(asked.handle(.backTab) == nil && asked.selected == .cancel, "Shift-Tab wraps before the first")
        #expect(asked.handle(.left) == nil && asked.selected == .retry)
        #expect(asked.handle(.right) == nil && asked.selected == .cancel)
        #expect(asked.handle(.character("x")) == nil && asked.selected == .cancel)
        #expect(asked.handle(.left) == nil)
        #expect(asked.handle(.enter) == .retry)
        var fresh = question()
        #expect(fresh.handle(.enter) == .cancel, "Enter at once gives the default")
        fresh.select(.retry)
        #expect(fresh.handle(.escape) == .cancel, "Esc gives the cancel answer, whatever is selected")
    }

    @Test("a question dismissed by any key answers its cancel answer to every key but Enter")
    func anyKey() {
        var asked = question(dismissal: .anyKey)
        #expect(asked.handle(.character("x")) == .cancel)
        #expect(asked.handle(.left) == .cancel)
        asked.select(.retry)
        #expect(asked.handle(.enter) == .retry)
    }

    @Test("the dialog of a question shows its labels with the selected answer's button selected")
    func ofQuestion() {
        var asked = question()
        asked.select(.retry)
        let surface = draw(Dialog(asked), width: 60, height: 10, selected: Dialog(asked).selected)
        #expect(surface.lines[6] == "xxxxx│             [ Retry ]  [ Cancel ]              │xxxxx")
        #expect(surface.style(at: Point(x: 19, y: 6)) == .selected, "Retry is selected")
        #expect(surface.style(at: Point(x: 30, y: 6)) == .normal)
    }

    @Test("small areas clip the box and never draw outside it", arguments: [(1, 1), (10, 3), (20, 5)])
    func small(size: (Int, Int)) {
        let surface = draw(dialog, width: size.0, height: size.1)
        #expect(surface.lines.allSatisfy { DisplayWidth.of($0) == size.0 })
        if size == (10, 3) {
            #expect(surface.lines == ["┌─ Erro…─┐", "│[ Retry…│", "└────────┘"], "3 rows: border and buttons only")
        }
        if size == (20, 5) {
            #expect(surface.lines == [
                "┌─ Error ──────────┐",
                "│ Could not load   │",
                "│ users: HTTP 500… │",
                "│[ Retry ]  [ Canc…│",
                "└──────────────────┘",
            ])
        }
        if size == (1, 1) { #expect(surface.lines == ["…"], "only the cut title fits") }
    }
}
