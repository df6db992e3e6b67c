import TermView

/// The help overlay: `?` or F1 lists every binding of the top screen and the global ones,
/// grouped, drawn from the same key maps the keys are dispatched from.
extension ScreenHost {
    /// What a key does while the overlay is open.
    enum HelpIntent: Sendable { case up, down, pageUp, pageDown, top, bottom, close }

    /// The overlay's own keys; any other key is ignored while it is open (Ctrl-C closes it and
    /// then does what it does on the screen).
    static let helpKeys = KeyMap<HelpIntent>([
        KeyBinding(keys: [.up, .character("k")], label: "↑↓ scroll", description: "Scroll up a line", group: "Help",
                   footer: 80, action: .up),
        KeyBinding(keys: [.down, .character("j")], description: "Scroll down a line", group: "Help", action: .down),
        KeyBinding(keys: [.pageUp], label: "PgUp/PgDn page", description: "Scroll up a page", group: "Help", footer: 40,
                   action: .pageUp),
        KeyBinding(keys: [.pageDown, .character(" ")], description: "Scroll down a page", group: "Help", action: .pageDown),
        KeyBinding(keys: [.home], description: "Scroll to the top", group: "Help", action: .top),
        KeyBinding(keys: [.end], description: "Scroll to the end", group: "Help", action: .bottom),
        KeyBinding(keys: [.escape, .character("?"), .function(1), .character("q")], label: "Esc close",
                   description: "Close the list of keys", group: "Help", footer: .always, action: .close),
    ])

    /// Whether the help overlay is open.
    public var isShowingHelp: Bool { helpState != nil }

    /// The overlay for `screen`: its bindings grouped, then the global ones under "Everywhere".
    func helpOverlay(for screen: any Screen) -> HelpOverlay {
        let own = screenHelp(for: screen)
        let title = stack.top.map { "Keys: " + $0.destination.title } ?? "Keys"
        return HelpOverlay(title: title, help: own, global: globalKeys(beside: own).help)
    }

    /// Draws the overlay over the body and its keys in the status line while it is open.
    /// - Returns: `false` when it is closed.
    func renderHelp(for screen: any Screen, body: Rect, status: Rect, on surface: inout Surface) -> Bool {
        guard var state = helpState else { return false }
        helpOverlay(for: screen).render(in: body, on: &surface, state: &state)
        helpState = state
        surface.cursor = nil
        KeyFooter(help: Self.helpKeys.help, right: "keys").render(in: status, on: &surface)
        return true
    }

    /// A key while the overlay is open: scrolls or closes it.
    /// - Returns: `false` for Ctrl-C, after closing the overlay, so it goes on to the screen.
    func handleHelpKey(_ key: Key) -> Bool {
        guard var state = helpState else { return false }
        let page = max(1, bodyArea.height - 2)
        switch Self.helpKeys.action(for: key) {
        case .up?: state.offset = max(0, state.offset - 1)
        case .down?: state.offset += 1
        case .pageUp?: state.offset = max(0, state.offset - page)
        case .pageDown?: state.offset += page
        case .top?: state.offset = 0
        case .bottom?: state.offset = Int.max / 2
        case .close?:
            helpState = nil
            return true
        case nil:
            guard key == .ctrl("c") else { return true }
            helpState = nil
            return false
        }
        helpState = state
        return true
    }
}
