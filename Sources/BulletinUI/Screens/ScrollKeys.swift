import TermView

/// The keys of a scrolling text (a post, a raw record): ↑↓ (`k` `j`) a line, PgUp/PgDn (Space)
/// a page, Home/End the ends, with the footer labels and help both screens show.
enum ScrollKeys {
    /// The six bindings, each doing the screen's own intent.
    static func bindings<Intent: Sendable>(
        up: Intent, down: Intent, pageUp: Intent, pageDown: Intent, top: Intent, bottom: Intent
    ) -> [KeyBinding<Intent>] {
        [
            KeyBinding(keys: [.up, .character("k")], label: "↑↓ scroll", description: "Scroll up a line", group: "Scroll",
                       footer: 80, action: up),
            KeyBinding(keys: [.down, .character("j")], description: "Scroll down a line", group: "Scroll", action: down),
            KeyBinding(keys: [.pageUp], label: "PgUp/PgDn page", description: "Scroll up a page", group: "Scroll",
                       footer: 40, action: pageUp),
            KeyBinding(keys: [.pageDown, .character(" ")], description: "Scroll down a page", group: "Scroll",
                       action: pageDown),
            KeyBinding(keys: [.home], label: "Home/End", description: "Scroll to the top", group: "Scroll", footer: 30,
                       action: top),
            KeyBinding(keys: [.end], description: "Scroll to the end", group: "Scroll", action: bottom),
        ]
    }
}
