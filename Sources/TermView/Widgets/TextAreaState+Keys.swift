import ViewState

/// The editing keys of a multi-line input, over the state its view model owns.
extension TextAreaState {
    /// Applies an editing key in an area `width` columns wide and `height` rows high, then
    /// scrolls so the cursor's row shows: printable characters, Enter (a line break), ←→,
    /// ↑↓ (by display row), Page Up/Down (by `height` rows), Home/End (and Ctrl-A/Ctrl-E: the
    /// line's start and end), Backspace and Delete (joining lines at their ends).
    /// - Returns: Whether the key was an editing key (others, like Esc or Tab, are not).
    public mutating func handle(_ key: Key, width: Int, height: Int) -> Bool {
        switch key {
        case let .character(character): insert(String(character))
        case .enter: insertLineBreak()
        case .left: moveLeft()
        case .right: moveRight()
        case .up: moveUp(width: width, measure: DisplayWidth.of)
        case .down: moveDown(width: width, measure: DisplayWidth.of)
        case .pageUp: moveVertically(by: -max(1, height), width: width, measure: DisplayWidth.of)
        case .pageDown: moveVertically(by: max(1, height), width: width, measure: DisplayWidth.of)
        case .home, .ctrl("a"): moveToLineStart()
        case .end, .ctrl("e"): moveToLineEnd()
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        default: return false
        }
        keepCursorVisible(width: width, height: height, measure: DisplayWidth.of)
        return true
    }
}
