import Testing
@testable import TermView

@Suite("KeyMap")
struct KeyMapTests {
    enum Intent: Sendable, Equatable { case next, open, quit, digit, type }

    private let keys = KeyMap<Intent>([
        KeyBinding(keys: [.down, .character("j")], label: "↓ next", description: "Next row", group: "Move", footer: 50,
                   action: .next),
        KeyBinding(keys: [.enter], label: "⏎ open", description: "Open it", group: "Move", footer: 60, action: .open),
        KeyBinding(keys: [.character("q"), .ctrl("c"), .enter], label: "q quit", description: "Quit", group: "App",
                   footer: .always, action: .quit),
        KeyBinding(patterns: [.digits], description: "Jump", group: "Move", action: .digit),
        KeyBinding(patterns: [.text(except: ["?"])], description: "Type", group: "Text", action: .type),
    ])

    @Test("a key maps to the first binding that matches it, patterns included")
    func lookup() {
        #expect(keys.action(for: .character("j")) == .next)
        #expect(keys.action(for: .down) == .next)
        #expect(keys.action(for: .enter) == .open)
        #expect(keys.action(for: .ctrl("c")) == .quit)
        #expect(keys.action(for: .character("7")) == .digit)
        #expect(keys.action(for: .character("x")) == .type)
        #expect(keys.action(for: .character("?")) == nil, "excluded from the text pattern")
        #expect(keys.action(for: .function(5)) == nil)
    }

    @Test("help lists every binding in order, with key names as a person reads them")
    func help() {
        #expect(keys.help.map(\.keyNames) == ["↓ j", "Enter", "q Ctrl-C Enter", "0–9", "other characters"])
        #expect(keys.help.map(\.group) == ["Move", "Move", "App", "Move", "Text"])
        #expect(KeyPattern.anyKey(except: [.ctrl("c")]).matches(.ctrl("c")) == false)
        #expect(KeyPattern.anyKey(except: [.ctrl("c")]).matches(.function(1)))
        #expect(Key.backTab.name == "Shift-Tab" && Key.character(" ").name == "Space" && Key.ctrl("s").name == "Ctrl-S")
    }

    @Test("a disabled binding keeps its intent, carries its reason and leaves the footer")
    func disabled() {
        let map = KeyMap(keys.bindings.map { $0.action == .open ? $0.disabled("nothing is selected") : $0 })
        #expect(map.action(for: .enter) == .open)
        #expect(map.help[1].disabledReason == "nothing is selected")
        #expect(KeyFooter(help: map.help).hints.map(\.label) == ["↓ next", "q quit"])
    }
}

@Suite("KeyFooter")
struct KeyFooterTests {
    private let footer = KeyFooter(hints: [
        .init("↑↓ move", priority: 80), .init("⏎ open", priority: 90), .init("/ filter", priority: 70),
        .init("n next", priority: 30), .init("Esc back", priority: .always), .init("? help", priority: .always),
        .init("q quit", priority: .always),
    ], right: "10 users")

    @Test("everything fits when there is room, in binding order")
    func wide() {
        #expect(footer.layout(width: 100) == (" ↑↓ move  ⏎ open  / filter  n next  Esc back  ? help  q quit", "10 users"))
    }

    @Test("the lowest priorities drop whole as the line narrows; the always-shown stay")
    func narrow() {
        #expect(footer.layout(width: 61) == (" ↑↓ move  ⏎ open  / filter  Esc back  ? help  q quit", "10 users"))
        #expect(footer.layout(width: 60) == (" ↑↓ move  ⏎ open  Esc back  ? help  q quit", "10 users"))
        #expect(footer.layout(width: 50) == (" ⏎ open  Esc back  ? help  q quit", "10 users"))
        #expect(footer.layout(width: 40) == (" Esc back  ? help  q quit", "10 users"))
    }

    @Test("below what the always-shown need with the right text, the right text is shortened")
    func rightGives() {
        #expect(footer.layout(width: 30) == (" Esc back  ? help  q quit", "10 …"))
        #expect(footer.layout(width: 26) == (" Esc back  ? help  q quit", ""))
    }

    @Test("drawn as a status bar, nothing is cut mid-word")
    func render() {
        var surface = Surface(width: 44, height: 1)
        footer.render(in: Rect(x: 0, y: 0, width: 44, height: 1), on: &surface)
        #expect(surface.lines == [" ⏎ open  Esc back  ? help  q quit   10 users"])
    }
}

@Suite("HelpOverlay")
struct HelpOverlayTests {
    @Test("bindings are grouped in order of first appearance, globals last; unavailable ones muted with their reason")
    func lines() {
        let help = [
            KeyHelp(keys: [.key(.up)], description: "Up", group: "Move"),
            KeyHelp(keys: [.key(.character("e"))], description: "Edit", group: "Edit", disabledReason: "no row is selected"),
            KeyHelp(keys: [.key(.down)], description: "Down", group: "Move"),
        ]
        let overlay = HelpOverlay(title: "Keys: Users", help: help,
                                  global: [KeyHelp(keys: [.key(.character("q"))], description: "Quit", group: "Everywhere")])
        let lines = overlay.lines(width: 60)
        #expect(lines.map(\.text) == [
            "Move", "  ↑         Up", "  ↓         Down", "", "Edit", "  e         Edit (unavailable: no row is selected)",
            "", "Everywhere", "  q         Quit",
        ])
        #expect(lines[5].style == .muted && lines[1].style == .normal && lines[0].style == .header)
    }

    @Test("a reason is said once: later entries unavailable for it name the keys that said it")
    func reasonSaidOnce() {
        let reason = "read-only: started with --read-only"
        let help = [
            KeyHelp(keys: [.key(.character("a"))], description: "Add", group: "Edit", disabledReason: reason),
            KeyHelp(keys: [.key(.character("e"))], description: "Edit", group: "Edit", disabledReason: reason),
            KeyHelp(keys: [.key(.character("n"))], description: "Next", group: "Find", disabledReason: "no filter"),
            KeyHelp(keys: [.key(.character("d"))], description: "Delete", group: "Find", disabledReason: reason),
        ]
        let lines = HelpOverlay(title: "Keys", help: help, global: []).lines(width: 100).map(\.text)
        #expect(lines == [
            "Edit", "  a         Add (unavailable: \(reason))", "  e         Edit (unavailable: same as a)",
            "", "Find", "  n         Next (unavailable: no filter)", "  d         Delete (unavailable: same as a)",
        ])
    }

    @Test("taller than the area, it scrolls and shows an indicator")
    func scrolls() {
        let help = (0..<20).map { KeyHelp(keys: [.key(.function($0 + 1))], description: "Key \($0)", group: "Keys") }
        let overlay = HelpOverlay(title: "Keys", help: help, global: [])
        var surface = Surface(width: 30, height: 6)
        var state = TextViewState(offset: 100)
        overlay.render(in: Rect(x: 0, y: 0, width: 30, height: 6), on: &surface, state: &state)
        #expect(state.offset == 21 - 5, "clamped to the last page")
        #expect(surface.lines[0].hasPrefix(" Keys"))
        #expect(surface.lines[5].hasPrefix("   F20") && surface.lines[5].hasSuffix("┃"))
    }
}
