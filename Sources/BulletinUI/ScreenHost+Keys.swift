import BulletinData
import BulletinFeatures
import TermView

/// The keys every screen shares, and the footer built from them and the screen's bindings.
extension ScreenHost {
    /// What the global keys do.
    enum GlobalIntent: Sendable {
        case back, help, quit, command

        /// The footer's word after the key's name (`Esc back`, `? help`, `q quit`).
        var word: String {
            switch self {
            case .back: "back"
            case .help: "help"
            case .quit: "quit"
            case .command: "command"
            }
        }
    }

    /// The global bindings: Esc (←, Backspace; vi's `h` where the screen leaves it) back, `?` (F1) help, `:` a command, `q`
    /// (Ctrl-C) quit. Keys reach them only when the screen did not handle them.
    var globalKeys: KeyMap<GlobalIntent> { globalKeys(beside: []) }

    /// The global bindings as listed beside a screen whose bindings are `screen`: without the
    /// keys the screen takes itself (a key the screen handles never reaches them); a binding
    /// with no key left is gone. A footer label names the first key left (`F1 help` where `?`
    /// is text); back is in the footer only while Esc goes back: where Esc clears a filter, the
    /// footer says `Esc clear`, not `← back`.
    /// - Parameter canGoBack: Whether there is a screen to go back to (read from the stack when
    ///   `nil`; a frame passes what it read once).
    func globalKeys(beside screen: [KeyHelp], canGoBack: Bool? = nil) -> KeyMap<GlobalIntent> {
        let canGoBack = canGoBack ?? (stack.entries.count > 1)
        func binding(_ keys: [Key], _ intent: GlobalIntent, _ description: String, footer: FooterPriority?,
                     disabled: String? = nil) -> KeyBinding<GlobalIntent>? {
            let free = keys.filter { key in !screen.contains { $0.matches(key) } }
            guard let first = free.first else { return nil }
            let shown = intent != .back || first == keys[0] ? footer : nil
            return KeyBinding(keys: free, label: shown == nil ? "" : first.name + " " + intent.word, description: description,
                              group: "Everywhere", footer: shown, disabledReason: disabled, action: intent)
        }
        return KeyMap([
            binding([.escape, .left, .backspace], .back, "Go back to the previous screen", footer: .always,
                    disabled: canGoBack ? nil : "this is the first screen"),
            // vi's ←, on a line of its own (where the screen leaves `h` free: not on Search's query).
            binding([.character("h")], .back, "Go back, as ← does", footer: nil,
                    disabled: canGoBack ? nil : "this is the first screen"),
            binding([.character("?"), .function(1)], .help, "Show the keys of this screen (Esc closes the list)",
                    footer: .always),
            commandLine == nil ? nil
                : binding([.character(":")], .command, Self.commandExamples(stack.top?.destination.vocabulary ?? .jsonPlaceholder),
                          footer: nil),
            binding([.character("q"), .ctrl("c")], .quit, "Quit Bulletin", footer: .always),
        ].compactMap { $0 })
    }

    /// What `:` does, with every list command in the source's words (``AppCommand/help(in:)``):
    /// `Type a command: :categories, :meals (lists), :search TEXT, :open PATH, :admin, :home or :q`.
    static func commandExamples(_ words: SourceVocabulary) -> String { AppCommand.help(in: words) }

    /// The footer's bindings: the screen's, then the global ones it leaves. Kept between
    /// frames while the screen's bindings (compared by storage first: a memoised key map hands
    /// over the same array) and `canGoBack` stay the same, so the footer's memo sees the same
    /// array too. (The record keys, `o` and `y`, have no footer label and share no key with the
    /// global ones, so the footer, drawn every frame, does not look them up.)
    func footerHelp(for screen: any Screen, canGoBack: Bool) -> [KeyHelp] {
        let own = screen.keyHelp
        if let kept = footerHelpMemo, kept.canGoBack == canGoBack, kept.own == own { return kept.help }
        let help = own + globalKeys(beside: own, canGoBack: canGoBack).help
        footerHelpMemo = (own, canGoBack, help)
        return help
    }

    /// The screen's bindings and the record keys (`o`, `y`, `v`) the host adds beside them, for
    /// `?`; none while the screen takes every key (a `/` prompt, a field).
    func screenHelp(for screen: any Screen) -> [KeyHelp] {
        let own = screen.keyHelp
        return screen.capturesKeys ? own : own + recordKeys(beside: own).help
    }
}
