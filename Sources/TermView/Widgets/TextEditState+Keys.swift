import ViewState

/// The editing keys of a one-line input, over the state its view model owns.
extension TextEditState {
    /// Applies an editing key: printable characters, Left/Right, Home/End (and Ctrl-A/Ctrl-E),
    /// Backspace, Delete, Ctrl-U, Ctrl-W. Leaves ``TextEditState/scroll`` alone; use
    /// ``handle(_:width:)`` where the field's width is known.
    /// - Returns: Whether the key was an editing key (others, like Enter or Esc, are not).
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case let .character(character): insert(String(character))
        case .left: moveLeft()
        case .right: moveRight()
        case .home, .ctrl("a"): moveToStart()
        case .end, .ctrl("e"): moveToEnd()
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .ctrl("u"): deleteToStart()
        case .ctrl("w"): deleteWordBackward()
        default: return false
        }
        return true
    }

    /// Applies an editing key as ``handle(_:)`` does in a field `width` columns wide (the
    /// ``TextField`` it is drawn in): first the scroll is fitted to that width, so the key
    /// starts from what the field showed (``TextField`` draws a state not yet fitted to its
    /// width, such as a just-opened field or one after a resize, from
    /// ``TextEditState/visibleScroll(width:measure:)``), then the key edits, then the scroll
    /// follows the cursor only as far as needed.
    /// - Returns: Whether the key was an editing key.
    public mutating func handle(_ key: Key, width: Int) -> Bool {
        fit(width: width)
        guard handle(key) else { return false }
        fit(width: width)
        return true
    }

    /// Scrolls so the cursor shows in a field `width` columns wide, by terminal widths
    /// (``DisplayWidth``): after an edit, or when the field's width changed.
    public mutating func fit(width: Int) {
        keepCursorVisible(width: width, measure: DisplayWidth.of)
    }

    /// Columns from the start of the text to the cursor (`wcwidth` semantics: CJK 2).
    public var cursorColumn: Int { cursorColumn(measure: DisplayWidth.of) }
}
