import Testing
@testable import TermView

@Suite("Dialog")
struct DialogTests {
    private let dialog = Dialog(title: "Error", message: "Could not load users: HTTP 500 from http://127.0.0.1:3000/users",
                                buttons: ["Retry", "Cancel"])

    private func draw(_ dialog: Dialog, width: Int, height: Int, selected: Int = 0) -> Surface {
        var surface = Surface(width: width, height: height)
        for y in 0..<height { surface.write(String(repeating: "x", count: width), at: Point(x: 0, y: y), style: .normal) }
        dialog.render(in: Rect(x: 0, y: 0, width: width, height: height), on: &surface, state: DialogState(selected: selected))
        return surface
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

    @Test("Left/Right and Tab move between buttons, wrapping; Enter chooses")
    func keys() {
        var state = DialogState()
        #expect(state.handle(.right, buttonCount: 2) == nil && state.selected == 1)
        #expect(state.handle(.tab, buttonCount: 2) == nil && state.selected == 0)
        #expect(state.handle(.left, buttonCount: 2) == nil && state.selected == 1)
        #expect(state.handle(.character("x"), buttonCount: 2) == nil && state.selected == 1)
        #expect(state.handle(.enter, buttonCount: 2) == 1)
        #expect(state.handle(.enter, buttonCount: 0) == nil)
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
