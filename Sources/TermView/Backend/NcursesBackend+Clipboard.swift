import CNcurses

extension NcursesBackend {
    /// Whether this terminal's terminfo entry says it takes OSC 52 (the `Ms` extension
    /// capability, set by entries such as `tmux-256color` and `xterm-kitty`).
    public var acceptsClipboard: Bool {
        guard let value = "Ms".withCString({ tigetstr($0) }) else { return false }
        return Int(bitPattern: value) != -1
    }

    /// Sends ``OSC52/sequence(for:)`` for `text` to the terminal at once, between frames.
    public func copyToClipboard(_ text: String) {
        Self.writeAll(OSC52.sequence(for: text))
    }
}
