import Testing
import ViewState

/// Clusters typed as several key events, one per scalar, as a terminal delivers them (issue 22,
/// item 2): every edit acts on whole clusters in both inputs, and the text never holds a split one.
@Suite("Typed clusters")
struct TypedClusterTests {
    /// One key: `type` sends its text one scalar at a time, each as its own key event.
    enum Step: CustomStringConvertible {
        case type(String), backspace, delete, left, right, home, end

        var description: String {
            switch self {
            case let .type(text): "type " + text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            case .backspace: "Backspace"
            case .delete: "Delete"
            case .left: "←"
            case .right: "→"
            case .home: "Home"
            case .end: "End"
            }
        }
    }

    /// A case of the issue: the keys, and the text that must be saved.
    struct Case: CustomStringConvertible, Sendable {
        var steps: [Step]
        var expected: String
        var description: String { steps.map(\.description).joined(separator: ", ") }
    }

    static let cases: [Case] = [
        Case(steps: [.type("🇯🇵"), .backspace, .type("x")], expected: "x"),
        Case(steps: [.type("👨‍👩‍👧"), .backspace, .type("x")], expected: "x"),
        Case(steps: [.type("e\u{301}"), .backspace, .type("x")], expected: "x"),
        Case(steps: [.type("👍🏽"), .backspace, .type("x")], expected: "x"),
        Case(steps: [.type("❤\u{FE0F}"), .backspace, .type("x")], expected: "x"),
        Case(steps: [.type("ab👍🏽"), .left, .type("Z")], expected: "abZ👍🏽"),
        Case(steps: [.type("🇯🇵👨‍👩‍👧"), .home, .delete, .type("x")], expected: "x👨‍👩‍👧"),
        Case(steps: [.type("e\u{301}❤\u{FE0F}"), .home, .right, .type("x")], expected: "e\u{301}x❤\u{FE0F}"),
        // A regional indicator typed before a flag pairs with its first half: the rest re-pairs.
        Case(steps: [.type("🇯🇵"), .home, .type("🇫"), .end, .backspace, .type("x")], expected: "🇫🇯x"),
        // Deleting what stood between two halves of a flag leaves one flag, deleted whole.
        Case(steps: [.type("🇯x🇵"), .left, .backspace, .backspace, .type("y")], expected: "y"),
    ]

    @Test("one-line fields (TextEditState): each edit takes whole clusters however the scalars arrived", arguments: cases)
    func oneLine(_ example: Case) {
        var state = TextEditState()
        for step in example.steps {
            switch step {
            case let .type(text): for scalar in text.unicodeScalars { state.insert(String(scalar)) }
            case .backspace: state.deleteBackward()
            case .delete: state.deleteForward()
            case .left: state.moveLeft()
            case .right: state.moveRight()
            case .home: state.moveToStart()
            case .end: state.moveToEnd()
            }
            #expect(state.characters == Array(state.text), "after \(step): no split cluster")
        }
        #expect(Array(state.text.unicodeScalars) == Array(example.expected.unicodeScalars), "\(state.text.debugDescription)")
    }

    @Test("the body editor (TextAreaState): each edit takes whole clusters however the scalars arrived", arguments: cases)
    func lines(_ example: Case) {
        var state = TextAreaState(text: "first line\n")
        for step in example.steps {
            switch step {
            case let .type(text): for scalar in text.unicodeScalars { state.insert(String(scalar)) }
            case .backspace: state.deleteBackward()
            case .delete: state.deleteForward()
            case .left: state.moveLeft()
            case .right: state.moveRight()
            case .home: state.moveToLineStart()
            case .end: state.moveToLineEnd()
            }
            #expect(state.lines.map { Array(String($0)) } == state.lines, "after \(step): no split cluster")
        }
        let expected = "first line\n" + example.expected
        #expect(Array(state.text.unicodeScalars) == Array(expected.unicodeScalars), "\(state.text.debugDescription)")
    }

    @Test("joining lines, pasting several lines and dropping a control between two scalars keep clusters whole")
    func joins() {
        var state = TextAreaState(text: "e\n\u{301}x")
        #expect(state.lines.count == 2)
        state.move(to: TextPosition(line: 1, column: 0))
        state.deleteBackward()
        #expect(state.lines == [["e\u{301}", "x"]] && state.cursor == TextPosition(line: 0, column: 1),
                "the mark joins the e; the cursor goes after the merged character")
        state.insert("🇯\n🇵🇫\u{7}\u{301}")
        #expect(state.lines.map(\.count) == [2, 2], "é🇯, then the flag with the mark the dropped BEL kept apart, and x: \(state.lines)")
        #expect(state.lines == state.lines.map { Array(String($0)) })
        #expect(state.cursor == TextPosition(line: 1, column: 1), "after the pasted text, before the x: \(state.cursor)")
        var field = TextEditState(text: "a")
        field.insert("\u{7}\u{301}")
        #expect(field.characters == ["a\u{301}"] && field.cursor == 1, "a dropped control does not keep a mark apart")
    }
}
