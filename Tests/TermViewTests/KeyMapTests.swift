import Testing
@testable import TermView

@Suite("KeyMap")
struct KeyMapTests {
    enum Intent: Sendable, Equatable { case next, open, quit }

    private let keys = KeyMap<Intent>([
        KeyBinding(keys: [.down, .character("j")], help: "↓/j next", action: .next),
        KeyBinding(keys: [.enter], help: "⏎ open", action: .open),
        KeyBinding(keys: [.character("q"), .ctrl("c"), .enter], help: "q quit", action: .quit),
    ])

    @Test("a key maps to the first binding that lists it")
    func lookup() {
        #expect(keys.action(for: .character("j")) == .next)
        #expect(keys.action(for: .down) == .next)
        #expect(keys.action(for: .enter) == .open)
        #expect(keys.action(for: .ctrl("c")) == .quit)
        #expect(keys.action(for: .character("x")) == nil)
    }

    @Test("hints are the help strings in order")
    func hints() {
        #expect(keys.hints == ["↓/j next", "⏎ open", "q quit"])
    }
}
