/// Keys that trigger one intent, with the help text shown for them.
public struct KeyBinding<Intent: Sendable>: Sendable {
    /// The keys that trigger `action`; the first match in a ``KeyMap`` wins.
    public var keys: [Key]
    /// Short help for the status bar and the `?` overlay, e.g. `"↓/j next"`.
    public var help: String
    /// The intent the keys trigger.
    public var action: Intent

    /// Creates a binding of `keys` to `action`, described by `help`.
    public init(keys: [Key], help: String, action: Intent) {
        self.keys = keys
        self.help = help
        self.action = action
    }
}

/// A screen's keys: maps a ``Key`` to an intent and lists help for the status bar.
public struct KeyMap<Intent: Sendable>: Sendable {
    /// The bindings, in the order their help is shown.
    public var bindings: [KeyBinding<Intent>]

    /// Creates a key map from `bindings`; earlier bindings win when keys overlap.
    public init(_ bindings: [KeyBinding<Intent>]) {
        self.bindings = bindings
    }

    /// The intent bound to `key`, or `nil` when the key is not bound.
    public func action(for key: Key) -> Intent? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// The help strings in binding order, for the status bar and help overlay.
    public var hints: [String] {
        bindings.map(\.help)
    }
}
