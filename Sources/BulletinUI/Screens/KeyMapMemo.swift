import TermView

/// One kind of screen's key map and its help, kept while the state they are built from stays
/// the same, so a key press and a frame do not build them again (a screen is a value rebuilt
/// for each frame and each key; its key map used to be too).
///
/// `Token` holds every input the key map is built from (``ListKeysToken`` for the lists): an
/// equal token means an equal map. One entry: a new token replaces the last.
@MainActor
final class KeyMapMemo<Token: Equatable, Intent: Sendable> {
    /// The key map and its help, as ``keys(for:build:)`` returns them.
    struct Entry {
        /// The bindings, to dispatch from.
        var keys: KeyMap<Intent>
        /// `keys.help`, built once: the same array (the same storage) while the token holds,
        /// so the host's footer memo compares it in one step.
        var help: [KeyHelp]
    }

    private var last: (token: Token, entry: Entry)?

    /// How many times a map was built (for tests of the memo itself).
    private(set) var builds = 0

    /// The key map for `token`: the one kept when `token` equals the last one, else `build()`'s.
    func keys(for token: Token, build: () -> KeyMap<Intent>) -> Entry {
        if let last, last.token == token { return last.entry }
        let keys = build()
        let entry = Entry(keys: keys, help: keys.help)
        builds += 1
        last = (token, entry)
        return entry
    }
}
