import TermView

/// What a person can do on any list screen.
enum ListIntent: Sendable {
    case up, down, pageUp, pageDown, first, last, open, reload
}

extension ListIntent {
    /// The keys shared by every list: arrows and k/j, PageUp/PageDown, Home/End, Enter, `r`.
    /// PageUp/PageDown and Home/End carry no hint: they do what every terminal program does,
    /// and at 100 columns the status line has room for the keys only Bulletin has (and `q quit`).
    static let keyMap = KeyMap<ListIntent>([
        KeyBinding(keys: [.up, .character("k")], help: "↑↓ move", action: .up),
        KeyBinding(keys: [.down, .character("j")], help: "", action: .down),
        KeyBinding(keys: [.pageUp], help: "", action: .pageUp),
        KeyBinding(keys: [.pageDown], help: "", action: .pageDown),
        KeyBinding(keys: [.home], help: "", action: .first),
        KeyBinding(keys: [.end], help: "", action: .last),
        KeyBinding(keys: [.enter], help: "⏎ open", action: .open),
        KeyBinding(keys: [.character("r")], help: "r reload", action: .reload),
    ])

    /// The status-line hints: the non-empty help strings.
    static var hints: [String] { keyMap.hints.filter { !$0.isEmpty } }
}
