import TermView

/// What a scroll key does to a text.
enum ScrollIntent: Sendable {
    case up, down, halfUp, halfDown, pageUp, pageDown, top, bottom

    /// Where the text goes for this key in an area `height` rows tall: by some lines (negative:
    /// up; a page keeps one line of the last page, half a page is half of that), or to an end.
    func move(height: Int) -> ScrollMove {
        let page = max(1, height - 1)
        switch self {
        case .up: return .by(-1)
        case .down: return .by(1)
        case .halfUp: return .by(-max(1, page / 2))
        case .halfDown: return .by(max(1, page / 2))
        case .pageUp: return .by(-page)
        case .pageDown: return .by(page)
        case .top: return .top
        case .bottom: return .bottom
        }
    }
}

/// A scroll key's effect: lines to move by, or an end.
enum ScrollMove: Equatable, Sendable {
    case by(Int), top, bottom
}

/// The keys of a scrolling text (a post, a raw record), as less and vi have them: ↑↓ (`k` `j`)
/// a line, Ctrl-U / Ctrl-D half a page, PgUp/PgDn (Ctrl-B / Ctrl-F, Space) a page, Home/End
/// (`g` / `G`) the ends, with the footer labels and help every text view shows.
enum ScrollKeys {
    /// The eight bindings, each doing `intent(scroll)` in the screen's own intents.
    static func bindings<Intent: Sendable>(_ intent: (ScrollIntent) -> Intent) -> [KeyBinding<Intent>] {
        [
            KeyBinding(keys: [.up, .character("k")], label: "↑↓ scroll", description: "Scroll up a line", group: "Scroll",
                       footer: 80, action: intent(.up)),
            KeyBinding(keys: [.down, .character("j")], description: "Scroll down a line", group: "Scroll", action: intent(.down)),
            KeyBinding(keys: [.ctrl("u")], description: "Scroll up half a page", group: "Scroll", action: intent(.halfUp)),
            KeyBinding(keys: [.ctrl("d")], description: "Scroll down half a page", group: "Scroll", action: intent(.halfDown)),
            KeyBinding(keys: [.pageUp, .ctrl("b")], label: "PgUp/PgDn page", description: "Scroll up a page", group: "Scroll",
                       footer: 40, action: intent(.pageUp)),
            KeyBinding(keys: [.pageDown, .character(" "), .ctrl("f")], description: "Scroll down a page", group: "Scroll",
                       action: intent(.pageDown)),
            KeyBinding(keys: [.home, .character("g")], label: "Home/End", description: "Scroll to the top", group: "Scroll",
                       footer: 30, action: intent(.top)),
            KeyBinding(keys: [.end, .character("G")], description: "Scroll to the end", group: "Scroll", action: intent(.bottom)),
        ]
    }
}

extension ScrollMove {
    /// Moves a text's first shown line `offset` (the view clamps it to the text when drawing:
    /// the end is `Int.max / 2`).
    func apply(to offset: inout Int) {
        switch self {
        case let .by(lines): offset = max(0, min(offset, Int.max / 2) + lines)
        case .top: offset = 0
        case .bottom: offset = Int.max / 2
        }
    }
}
