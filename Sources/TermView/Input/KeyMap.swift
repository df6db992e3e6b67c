/// How strongly a binding's label holds its place in the footer: when the line is too
/// narrow, the lowest priorities drop first (whole). ``always`` labels are never dropped.
public struct FooterPriority: Comparable, Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// Higher is kept longer.
    public var rank: Int

    /// Creates a priority of `rank`.
    public init(integerLiteral rank: Int) { self.rank = rank }

    /// Back (or what Esc does instead), help and quit: shown down to 40 columns.
    public static let always: FooterPriority = 1000

    /// Whether the label is one of those that always show.
    public var isAlways: Bool { rank >= Self.always.rank }

    /// Orders by ``rank``: the lower priority is the one dropped first.
    public static func < (lhs: FooterPriority, rhs: FooterPriority) -> Bool { lhs.rank < rhs.rank }
}

/// What a person is told about one binding, without the intent it triggers: the keys, a
/// short footer label, a description for the help overlay, its group there, its footer
/// priority, and why it does not apply right now (in words from the view model).
public struct KeyHelp: Hashable, Sendable {
    /// The keys (or classes of keys) that trigger the binding.
    public var keys: [KeyPattern]
    /// The footer text with its key, e.g. `"⏎ open"`; used only when ``footer`` is set.
    public var label: String
    /// A sentence for the help overlay, e.g. `"Open the selected user"`.
    public var description: String
    /// The help overlay's heading this binding is listed under, e.g. `"Move"`.
    public var group: String
    /// The footer priority; `nil` keeps the binding out of the footer (help only).
    public var footer: FooterPriority?
    /// Why the binding does not apply now (`"nothing is selected"`), or `nil` when it does.
    /// Disabled bindings stay out of the footer and show their reason in the help overlay.
    public var disabledReason: String?

    /// Creates the help for a binding; see the properties.
    public init(keys: [KeyPattern], label: String = "", description: String, group: String,
                footer: FooterPriority? = nil, disabledReason: String? = nil) {
        self.keys = keys
        self.label = label
        self.description = description
        self.group = group
        self.footer = footer
        self.disabledReason = disabledReason
    }

    /// Whether `key` triggers this binding.
    public func matches(_ key: Key) -> Bool { keys.contains { $0.matches(key) } }

    /// Whether the binding applies now.
    public var isEnabled: Bool { disabledReason == nil }

    /// The keys as the help overlay lists them: `↑ k`.
    public var keyNames: String { keys.map(\.name).joined(separator: " ") }
}

/// Keys that trigger one intent, with what a person is told about them (``KeyHelp``).
public struct KeyBinding<Intent: Sendable>: Sendable {
    /// The keys, labels, group, footer priority and availability.
    public var help: KeyHelp
    /// The intent the keys trigger.
    public var action: Intent

    /// Creates a binding of the patterns in `keys` to `action`.
    public init(patterns keys: [KeyPattern], label: String = "", description: String, group: String,
                footer: FooterPriority? = nil, disabledReason: String? = nil, action: Intent) {
        help = KeyHelp(keys: keys, label: label, description: description, group: group, footer: footer,
                       disabledReason: disabledReason)
        self.action = action
    }

    /// Creates a binding of `keys` to `action`.
    public init(keys: [Key], label: String = "", description: String, group: String,
                footer: FooterPriority? = nil, disabledReason: String? = nil, action: Intent) {
        self.init(patterns: keys.map(KeyPattern.key), label: label, description: description, group: group,
                  footer: footer, disabledReason: disabledReason, action: action)
    }

    /// The same binding, unavailable for `reason` when it is not `nil`.
    public func disabled(_ reason: String?) -> Self {
        var copy = self
        if let reason { copy.help.disabledReason = reason }
        return copy
    }

    /// The same binding with another footer label (or priority); `nil` keeps it out of the footer.
    public func footer(_ label: String, _ priority: FooterPriority?) -> Self {
        var copy = self
        copy.help.label = label
        copy.help.footer = priority
        return copy
    }
}

/// A screen's keys: maps a ``Key`` to an intent, and is what its footer and help overlay
/// are drawn from, so a key cannot be handled without being described.
public struct KeyMap<Intent: Sendable>: Sendable {
    /// The bindings, in the order the footer and help list them.
    public var bindings: [KeyBinding<Intent>]

    /// Creates a key map from `bindings`; earlier bindings win when keys overlap.
    public init(_ bindings: [KeyBinding<Intent>]) {
        self.bindings = bindings
    }

    /// The intent bound to `key` (available or not), or `nil` when the key is not bound.
    public func action(for key: Key) -> Intent? {
        bindings.first { $0.help.matches(key) }?.action
    }

    /// What each binding tells a person, in binding order.
    public var help: [KeyHelp] { bindings.map(\.help) }

    /// The same bindings triggering `transform(action)`, to combine maps of several intents.
    public func map<Other: Sendable>(_ transform: (Intent) -> Other) -> KeyMap<Other> {
        KeyMap<Other>(bindings.map { binding in
            var mapped = KeyBinding<Other>(patterns: [], description: "", group: "", action: transform(binding.action))
            mapped.help = binding.help
            return mapped
        })
    }

    /// `lhs`'s bindings, then `rhs`'s.
    public static func + (lhs: KeyMap, rhs: KeyMap) -> KeyMap {
        KeyMap(lhs.bindings + rhs.bindings)
    }
}
