import CNcurses

/// How one ``Style`` looks on an ncurses screen: attribute bits plus a colour pair.
struct NcursesLook {
    /// `attr_t` bits such as `A_BOLD`.
    var attributes: attr_t
    /// A colour pair set up with `init_pair(3X)`; 0 is the terminal's default colours.
    var pair: Int16
}

/// A ``Theme`` turned into ncurses attributes and colour pairs.
struct NcursesTheme {
    /// One look per style, at ``index(of:)``: drawing looks one up per cell, so no hashing.
    private var looks: [NcursesLook]

    /// The look for `style`.
    subscript(style: Style) -> NcursesLook {
        looks[Self.index(of: style)]
    }

    /// Converts `theme`. In a colour mode this runs after `start_color()` and calls
    /// `init_pair(3X)` once per distinct foreground/background combination, from pair 1.
    /// - Parameter defaultColors: Whether `use_default_colors()` succeeded, so -1 means
    ///   "the terminal's default"; otherwise the default is white on black.
    init(_ theme: Theme, defaultColors: Bool) {
        looks = Array(repeating: NcursesLook(attributes: bulletin_attr_normal(), pair: 0), count: Self.allStyles.count)
        var pairs: [[Int16]: Int16] = [:]
        for style in Self.allStyles {
            let look = theme.look(for: style)
            var pair: Int16 = 0
            if theme.mode != .monochrome, look.foreground != .terminalDefault || look.background != .terminalDefault {
                let key = [Self.number(look.foreground, default: defaultColors ? -1 : Int16(COLOR_WHITE)),
                           Self.number(look.background, default: defaultColors ? -1 : Int16(COLOR_BLACK))]
                if let existing = pairs[key] {
                    pair = existing
                } else {
                    pair = Int16(pairs.count + 1)
                    pairs[key] = pair
                    init_pair(pair, key[0], key[1])
                }
            }
            looks[Self.index(of: style)] = NcursesLook(attributes: Self.attributes(of: look), pair: pair)
        }
    }

    // MARK: - Private

    private static let allStyles: [Style] = [
        .normal, .header, .title, .label, .selected, .alternate, .muted, .error, .statusBar, .highlight,
        .selectedHighlight,
    ]

    /// The position of `style` in ``allStyles`` (exhaustive, so a new style cannot be missed).
    private static func index(of style: Style) -> Int {
        switch style {
        case .normal: 0
        case .header: 1
        case .title: 2
        case .label: 3
        case .selected: 4
        case .alternate: 5
        case .muted: 6
        case .error: 7
        case .statusBar: 8
        case .highlight: 9
        case .selectedHighlight: 10
        }
    }

    private static func number(_ color: ThemeColor, default fallback: Int16) -> Int16 {
        switch color {
        case .terminalDefault: fallback
        case let .index(value): Int16(value)
        }
    }

    private static func attributes(of look: Look) -> attr_t {
        var bits = bulletin_attr_normal()
        if look.bold { bits |= bulletin_attr_bold() }
        if look.dim { bits |= bulletin_attr_dim() }
        if look.reverse { bits |= bulletin_attr_reverse() }
        if look.underline { bits |= bulletin_attr_underline() }
        return bits
    }
}
