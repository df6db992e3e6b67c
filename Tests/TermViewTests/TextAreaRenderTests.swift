import Foundation
import Testing
import ViewState

@testable import TermView

/// How ``TextArea`` places a text taller than its area: focused around the cursor, unfocused
/// from the top (a post's body in an edit form opened on its title).
@Suite("TextArea drawing")
struct TextAreaRenderTests {
    static let twelve = TextAreaState(text: (1...12).map { "line \($0)" }.joined(separator: "\n"))

    static func rows(focused: Bool, _ state: TextAreaState) -> [String] {
        var surface = Surface(width: 10, height: 4)
        TextArea(isFocused: focused).render(in: surface.bounds, on: &surface, state: state)
        return surface.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("unfocused, a body whose cursor waits at its end shows its first rows; focused, the rows up to the cursor")
    func unfocusedFromTheTop() {
        #expect(Self.twelve.cursor == TextPosition(line: 11, column: 7), "a state opened on a text waits at its end")
        #expect(Self.rows(focused: false, Self.twelve) == ["line 1", "line 2", "line 3", "line 4"])
        #expect(Self.rows(focused: true, Self.twelve) == ["line 9", "line 10", "line 11", "line 12"])
    }

    @Test("unfocused after it was scrolled, it keeps the rows it showed")
    func unfocusedKeepsItsPlace() {
        var state = Self.twelve
        state.move(to: TextPosition(line: 0, column: 0))
        _ = state.handle(.pageDown, width: 10, height: 4)
        let focused = Self.rows(focused: true, state)
        #expect(focused.first != "line 1")
        #expect(Self.rows(focused: false, state) == focused)
    }
}
