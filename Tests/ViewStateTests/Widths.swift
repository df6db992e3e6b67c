/// A fixed width table for the tests, so they do not depend on the C library's `wcwidth`
/// (TermView's `DisplayWidth` is what the app injects): ASCII and a letter with combining marks
/// 1 column; CJK, Hangul, emoji presentation and flags 2.
enum Widths {
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x80 { return 1 }
        if first.properties.isEmojiPresentation || (0x1100...0x115F).contains(first.value)
            || (0x2E80...0x9FFF).contains(first.value) || (0xAC00...0xD7A3).contains(first.value)
            || (0x1F1E6...0x1F1FF).contains(first.value) {
            return 2
        }
        return 1
    }
}
