/// How many colours the theme may use, decided once at start-up.
public enum ColorMode: Hashable, Sendable {
    /// Attributes only (bold, dim, reverse, underline): no colour support, or `NO_COLOR`.
    case monochrome
    /// The eight ANSI colours (indexes 0–7).
    case eightColors
    /// The xterm 256-colour palette (indexes 0–255).
    case colors256

    /// Picks the mode for a terminal.
    ///
    /// `NO_COLOR` set to any non-empty value means monochrome (https://no-color.org); so do
    /// a terminal without colours (`has_colors(3X)` false) and fewer than 8 colours.
    /// - Parameters:
    ///   - hasColors: Whether the terminal supports colour at all.
    ///   - colors: The number of colours it reports (terminfo `colors`, ncurses `COLORS`).
    ///   - noColor: The value of `NO_COLOR`, `nil` when unset.
    public static func detect(hasColors: Bool, colors: Int, noColor: String?) -> ColorMode {
        if let noColor, !noColor.isEmpty { return .monochrome }
        guard hasColors else { return .monochrome }
        if colors >= 256 { return .colors256 }
        return colors >= 8 ? .eightColors : .monochrome
    }
}

/// A colour of the palette: the terminal's own default, or an index (0–7 ANSI, 8–255 xterm).
public enum ThemeColor: Hashable, Sendable {
    /// The terminal's default foreground or background.
    case terminalDefault
    /// A palette index.
    case index(Int)
}

/// How one ``Style`` looks: colours and attributes, independent of ncurses.
public struct Look: Hashable, Sendable {
    /// Text colour.
    public var foreground: ThemeColor = .terminalDefault
    /// Cell background.
    public var background: ThemeColor = .terminalDefault
    /// Bold (ncurses `A_BOLD`).
    public var bold = false
    /// Dim (ncurses `A_DIM`).
    public var dim = false
    /// Reverse video (ncurses `A_REVERSE`).
    public var reverse = false
    /// Underline (ncurses `A_UNDERLINE`).
    public var underline = false

    /// Creates a look; everything defaults to plain text in the terminal's colours.
    public init(foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// Plain text in the terminal's colours.
    public static let plain = Look()
}

/// Maps each semantic ``Style`` (header, selection, alternate row, muted, error, match
/// highlight, …) to a ``Look`` for one ``ColorMode``. Pure data, so it is tested without a
/// terminal; `NcursesBackend` turns looks into colour pairs and attribute bits.
///
/// The selection is visible in every mode: reverse video in monochrome, black on cyan with
/// 8 colours, black on a bright blue with 256. Filter matches (`highlight`) are bold and
/// underlined in monochrome and coloured otherwise; a match inside the selected row
/// (`selectedHighlight`) keeps reverse video in monochrome and is black on yellow in colour.
public struct Theme: Sendable {
    /// The mode the looks were chosen for.
    public let mode: ColorMode
    let looks: [Style: Look]

    /// The look for `style` (plain when the theme has none).
    public func look(for style: Style) -> Look {
        looks[style] ?? .plain
    }

    /// Bulletin's theme for `mode`.
    public static func standard(_ mode: ColorMode) -> Theme {
        switch mode {
        case .monochrome: Theme(mode: mode, looks: monochromeLooks)
        case .eightColors: Theme(mode: mode, looks: monochromeLooks.merging(eightColorLooks) { $1 })
        case .colors256: Theme(mode: mode, looks: monochromeLooks.merging(colors256Looks) { $1 })
        }
    }

    // MARK: - Private

    private static let monochromeLooks: [Style: Look] = [
        .header: Look(bold: true, underline: true),
        .title: Look(bold: true),
        .label: Look(bold: true),
        .selected: Look(reverse: true),
        .muted: Look(dim: true),
        .error: Look(bold: true),
        .statusBar: Look(reverse: true),
        .highlight: Look(bold: true, underline: true),
        .selectedHighlight: Look(bold: true, reverse: true, underline: true),
    ]

    private static let eightColorLooks: [Style: Look] = [
        .header: Look(foreground: .index(6), bold: true),
        .title: Look(foreground: .index(3), bold: true),
        .label: Look(foreground: .index(6)),
        .selected: Look(foreground: .index(0), background: .index(6)),
        .error: Look(foreground: .index(1), bold: true),
        .statusBar: Look(foreground: .index(0), background: .index(7)),
        .highlight: Look(foreground: .index(5), bold: true),
        .selectedHighlight: Look(foreground: .index(0), background: .index(3), bold: true),
    ]

    private static let colors256Looks: [Style: Look] = [
        .header: Look(foreground: .index(45), bold: true),
        .title: Look(foreground: .index(220), bold: true),
        .label: Look(foreground: .index(81)),
        .selected: Look(foreground: .index(16), background: .index(39)),
        .alternate: Look(foreground: .index(252), background: .index(236)),
        .muted: Look(foreground: .index(245)),
        .error: Look(foreground: .index(196), bold: true),
        .statusBar: Look(foreground: .index(16), background: .index(250)),
        .highlight: Look(foreground: .index(213), bold: true, underline: true),
        .selectedHighlight: Look(foreground: .index(16), background: .index(220), bold: true, underline: true),
    ]
}
