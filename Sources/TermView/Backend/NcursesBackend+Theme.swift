import CNcurses

/// How one ``Style`` looks on an ncurses screen: attribute bits plus a colour pair.
struct NcursesLook {
    /// `attr_t` bits such as `A_BOLD`.
    var attributes: attr_t
    /// A colour pair set up with `init_pair(3X)`; 0 is the terminal's default colours.
    var pair: Int16
}

/// Maps each semantic ``Style`` to an ncurses look; colour or monochrome.
struct NcursesTheme {
    private var looks: [Style: NcursesLook]

    /// The look for `style` (plain text when missing).
    subscript(style: Style) -> NcursesLook {
        looks[style] ?? NcursesLook(attributes: bulletin_attr_normal(), pair: 0)
    }

    /// Attributes only, for `NO_COLOR` and terminals without colour. The selection and the
    /// status bar use reverse video so they stay visible.
    static var monochrome: NcursesTheme {
        NcursesTheme(looks: [
            .normal: NcursesLook(attributes: bulletin_attr_normal(), pair: 0),
            .header: NcursesLook(attributes: bulletin_attr_bold() | bulletin_attr_underline(), pair: 0),
            .title: NcursesLook(attributes: bulletin_attr_bold(), pair: 0),
            .label: NcursesLook(attributes: bulletin_attr_bold(), pair: 0),
            .selected: NcursesLook(attributes: bulletin_attr_reverse(), pair: 0),
            .alternate: NcursesLook(attributes: bulletin_attr_normal(), pair: 0),
            .muted: NcursesLook(attributes: bulletin_attr_dim(), pair: 0),
            .error: NcursesLook(attributes: bulletin_attr_bold(), pair: 0),
            .statusBar: NcursesLook(attributes: bulletin_attr_reverse(), pair: 0),
            .highlight: NcursesLook(attributes: bulletin_attr_bold() | bulletin_attr_underline(), pair: 0),
        ])
    }

    /// Colours, after `start_color()`. Calls `init_pair(3X)` for pairs 1–6.
    /// - Parameters:
    ///   - colors: `COLORS`; alternate rows get a grey background only with 256 colours.
    ///   - defaultColors: Whether `use_default_colors()` succeeded, so -1 means "default".
    static func color(colors: Int32, defaultColors: Bool) -> NcursesTheme {
        let background = Int16(defaultColors ? -1 : COLOR_BLACK)
        let pairs: [(Int16, Int32, Int16)] = [
            (1, COLOR_CYAN, background), (2, COLOR_YELLOW, background), (3, COLOR_RED, background),
            (4, COLOR_BLACK, Int16(COLOR_CYAN)), (5, COLOR_MAGENTA, background),
        ]
        for (pair, foreground, back) in pairs { init_pair(pair, Int16(foreground), back) }
        var theme = monochrome
        theme.looks[.header] = NcursesLook(attributes: bulletin_attr_bold(), pair: 1)
        theme.looks[.title] = NcursesLook(attributes: bulletin_attr_bold(), pair: 2)
        theme.looks[.label] = NcursesLook(attributes: bulletin_attr_normal(), pair: 1)
        theme.looks[.error] = NcursesLook(attributes: bulletin_attr_bold(), pair: 3)
        theme.looks[.statusBar] = NcursesLook(attributes: bulletin_attr_normal(), pair: 4)
        theme.looks[.highlight] = NcursesLook(attributes: bulletin_attr_bold(), pair: 5)
        if colors >= 256 {
            init_pair(6, 252, 236)
            theme.looks[.alternate] = NcursesLook(attributes: bulletin_attr_normal(), pair: 6)
        }
        return theme
    }
}
