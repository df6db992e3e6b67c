import Testing
@testable import TermView

/// `wget_wch` results decoded by the ncurses backend; values are ncurses' key codes.
@Suite("NcursesBackend key decoding")
@MainActor
struct KeyDecodingTests {
    @Test("function key codes map to keys", arguments: [
        (0o403, Key.up), (0o402, .down), (0o404, .left), (0o405, .right), (0o611, .shiftLeft), (0o622, .shiftRight), (0o523, .pageUp),
        (0o522, .pageDown), (0o406, .home), (0o550, .end), (0o407, .backspace), (0o512, .delete),
        (0o541, .backTab), (0o632, .resize), (0o527, .enter), (0o411, .function(1)), (0o777, .unknown(0o777)),
    ] as [(UInt32, Key)])
    func keyCodes(value: UInt32, key: Key) {
        #expect(NcursesBackend.decodeKey(isKeyCode: true, value: value) == key)
    }

    @Test("characters map to keys", arguments: [
        (10, Key.enter), (13, .enter), (27, .escape), (9, .tab), (127, .backspace), (8, .backspace),
        (3, .ctrl("c")), (1, .ctrl("a")), (26, .ctrl("z")), (0x61, .character("a")),
        (0x6F22, .character("漢")), (0x1F600, .character("😀")), (0x9B, .unknown(0x9B)), (0xD800, .unknown(0xD800)),
    ] as [(UInt32, Key)])
    func characters(value: UInt32, key: Key) {
        #expect(NcursesBackend.decodeKey(isKeyCode: false, value: value) == key)
    }
}
