import TermView
import ViewState

/// What a person can do on any list screen.
enum ListIntent: Sendable {
    case up, down, pageUp, pageDown, halfPageUp, halfPageDown, first, last, open, reload
    /// `<`, `>`: scroll a wide table's columns sideways (the first column stays).
    case columnsLeft, columnsRight
}

extension ListIntent {
    /// Moving and opening, the first labels of a list's footer: ↑↓ (k, j) and Enter.
    /// - Parameters:
    ///   - noun: What a row is (`user`, `post`), for the descriptions.
    ///   - failed: Why the rows are not there (the list did not load), or `nil`.
    static func moveKeys(noun: String = "row", failed: String? = nil) -> KeyMap<ListIntent> {
        KeyMap([
            KeyBinding(keys: [.up, .character("k")], label: "↑↓ move", description: "Select the row above", group: "Move",
                       footer: 80, action: .up),
            KeyBinding(keys: [.down, .character("j")], description: "Select the row below", group: "Move", action: .down),
            KeyBinding(keys: [.enter], label: "⏎ open", description: "Open the selected \(noun)", group: "Move",
                       footer: 90, action: .open),
        ].map { $0.disabled(failed) })
    }

    /// `>` (Shift-→) scrolls a wide table's columns right, hiding one more column after the
    /// first, while a column on the right is hidden or cut; `<` (Shift-←) brings one back. Each
    /// is unavailable, with the reason, while it would do nothing. The footer's `<> columns`
    /// shows only while one of them applies, ahead of `s sort` (hidden columns matter more).
    static func columnKeys(_ state: ListState, failed: String? = nil) -> KeyMap<ListIntent> {
        let right = failed ?? state.scrollRightUnavailableReason
        let left = failed ?? state.scrollLeftUnavailableReason
        return KeyMap([
            KeyBinding(keys: [.character(">"), .shiftRight], label: "<> columns",
                       description: "Scroll the columns right (hide one more after the first)",
                       group: "Move", footer: right == nil ? 60 : nil, disabledReason: right, action: .columnsRight),
            KeyBinding(keys: [.character("<"), .shiftLeft], label: "<> columns",
                       description: "Scroll the columns left (show the last one hidden again)",
                       group: "Move", footer: right == nil ? nil : 60, disabledReason: left, action: .columnsLeft),
        ])
    }

    /// Paging and reloading, after the list's other keys, with less's and vi's spellings beside
    /// the named keys: PageUp/PageDown (Ctrl-B, Ctrl-F), half a page (Ctrl-U, Ctrl-D), Home/End
    /// (`g`, `G`; on a list whose pages remain, End and `G` load every page). They carry no
    /// footer label: they do what every terminal program does.
    /// - Parameter failed: Why the rows are not there; then `r` retries, and its label says so.
    static func pageKeys(failed: String? = nil) -> KeyMap<ListIntent> {
        KeyMap([
            KeyBinding(keys: [.pageUp, .ctrl("b")], description: "Move up a page", group: "Move", action: .pageUp),
            KeyBinding(keys: [.pageDown, .ctrl("f")], description: "Move down a page", group: "Move", action: .pageDown),
            KeyBinding(keys: [.ctrl("u")], description: "Move up half a page", group: "Move", action: .halfPageUp),
            KeyBinding(keys: [.ctrl("d")], description: "Move down half a page", group: "Move", action: .halfPageDown),
            KeyBinding(keys: [.home, .character("g")], description: "Select the first row", group: "Move", action: .first),
            KeyBinding(keys: [.end, .character("G")], description: "Select the last row (loading every page that remains)",
                       group: "Move", action: .last),
        ].map { $0.disabled(failed) } + [
            failed == nil
                ? KeyBinding(keys: [.character("r")], label: "r reload", description: "Load the list again", group: "Data",
                             footer: 40, action: .reload)
                : KeyBinding(keys: [.character("r")], label: "r retry", description: "Try loading the list again",
                             group: "Data", footer: 95, action: .reload),
        ])
    }
}

extension KeyMap {
    /// The same bindings, none of them in the footer (help only).
    var withoutFooter: KeyMap {
        KeyMap(bindings.map { $0.footer("", nil) })
    }
}
