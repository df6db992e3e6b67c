import CNcurses

extension NcursesBackend {
    /// Decodes one `wget_wch(3X)` result into a ``Key``.
    ///
    /// - Parameters:
    ///   - isKeyCode: `true` when `wget_wch` returned `KEY_CODE_YES` (a function key code).
    ///   - value: The `wint_t` that `wget_wch` stored.
    /// - Returns: The key; codes it does not know become ``Key/unknown(_:)``.
    static func decodeKey(isKeyCode: Bool, value: UInt32) -> Key {
        isKeyCode ? decodeKeyCode(Int32(bitPattern: value)) : decodeCharacter(value)
    }

    /// Decodes a `getmouse(3X)` report: button 1 pressed is a press, buttons 4 and 5
    /// pressed are the wheel; anything else (releases, other buttons) is `nil`.
    /// - Parameters:
    ///   - state: The event's `bstate` bits.
    ///   - x: Column of the pointer.
    ///   - y: Row of the pointer.
    static func decodeMouse(state: mmask_t, x: Int32, y: Int32) -> MouseEvent? {
        let point = Point(x: Int(x), y: Int(y))
        if state & bulletin_button4_pressed() != 0 { return MouseEvent(.wheelUp, at: point) }
        if state & bulletin_button5_pressed() != 0 { return MouseEvent(.wheelDown, at: point) }
        if state & bulletin_button1_pressed() != 0 { return MouseEvent(.press, at: point) }
        return nil
    }

    /// Turns on mouse reporting (`mousemask(3X)`) for button 1 presses and the wheel, with
    /// no click-resolution delay (`mouseinterval(0)`).
    /// - Returns: Whether the terminal reports the mouse.
    @discardableResult
    public func enableMouse() -> Bool {
        let wanted = bulletin_button1_pressed() | bulletin_button4_pressed() | bulletin_button5_pressed()
        mouseinterval(0)
        return mousemask(wanted, nil) != 0
    }

    /// Reads the pending mouse report after `KEY_MOUSE` (`getmouse(3X)`).
    func readMouse() -> Key {
        var event = MEVENT()
        guard getmouse(&event) == OK, let mouse = Self.decodeMouse(state: event.bstate, x: event.x, y: event.y) else {
            return .unknown(KEY_MOUSE)
        }
        return .mouse(mouse)
    }

    // MARK: - Private

    private static func decodeKeyCode(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case KEY_F0...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default: return .unknown(code)
        }
    }

    private static func decodeCharacter(_ value: UInt32) -> Key {
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26:
            return .ctrl(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0..<32, 0x80...0x9F:
            return .unknown(Int32(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int32(bitPattern: value)) }
            return .character(Character(scalar))
        }
    }
}
