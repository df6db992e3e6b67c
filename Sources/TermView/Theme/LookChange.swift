/// A change to one role's ``Look`` from the settings file: each part given replaces the theme's,
/// each part left `nil` keeps it.
public struct LookChange: Hashable, Sendable {
    /// Text colour.
    public var foreground: ThemeColor?
    /// Cell background.
    public var background: ThemeColor?
    /// Attributes.
    public var bold: Bool?, dim: Bool?, reverse: Bool?, underline: Bool?

    /// - Parameters: See the properties.
    public init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, bold: Bool? = nil, dim: Bool? = nil,
                reverse: Bool? = nil, underline: Bool? = nil) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// `look` with this change; colours only when `colors` of them exist (an index the mode
    /// lacks, or any colour in monochrome, keeps the theme's), attributes always.
    func applied(to look: Look, colors: Int) -> Look {
        var look = look
        func usable(_ color: ThemeColor?) -> ThemeColor? {
            guard let color else { return nil }
            if case let .index(index) = color, index >= colors { return nil }
            return colors > 0 ? color : nil
        }
        if let color = usable(foreground) { look.foreground = color }
        if let color = usable(background) { look.background = color }
        if let bold { look.bold = bold }
        if let dim { look.dim = dim }
        if let reverse { look.reverse = reverse }
        if let underline { look.underline = underline }
        return look
    }
}

extension ThemeColor {
    /// The eight ANSI colours by name, in index order (0–7).
    public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// A colour as the settings file writes it: a palette index `0`–`255`, one of ``names``, or
    /// `default` (the terminal's own); `nil` for anything else.
    public init?(setting text: String) {
        let word = text.lowercased()
        if word == "default" {
            self = .terminalDefault
        } else if let index = Self.names.firstIndex(of: word) {
            self = .index(index)
        } else if let index = Int(word), (0...255).contains(index) {
            self = .index(index)
        } else {
            return nil
        }
    }
}

extension Theme {
    /// How many colours `mode` has (0 in monochrome).
    var colorCount: Int {
        switch mode {
        case .monochrome: 0
        case .eightColors: 8
        case .colors256: 256
        }
    }

    /// This theme with `changes` applied to their roles (``LookChange/applied(to:colors:)``): in
    /// monochrome (no colours, or `NO_COLOR`) only the attributes change.
    public func changing(_ changes: [Style: LookChange]) -> Theme {
        var looks = self.looks
        for (style, change) in changes { looks[style] = change.applied(to: look(for: style), colors: colorCount) }
        return Theme(mode: mode, looks: looks)
    }
}
