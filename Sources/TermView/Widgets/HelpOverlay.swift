/// The `?` overlay: every binding of a screen and the global ones, grouped under headings,
/// each as its keys and its description; unavailable ones muted, with their reason. Drawn
/// over the whole body area; scrolls (``TextViewState``) when taller than it.
public struct HelpOverlay {
    /// One heading and the bindings under it.
    public struct Section: Equatable, Sendable {
        /// The heading, e.g. `"Move"`.
        public var title: String
        /// The bindings, in order.
        public var entries: [KeyHelp]

        /// Creates a section.
        public init(title: String, entries: [KeyHelp]) {
            self.title = title
            self.entries = entries
        }
    }

    /// The top line, e.g. `"Keys: Users"`.
    public var title: String
    /// The sections, in order.
    public var sections: [Section]

    /// Creates an overlay.
    public init(title: String, sections: [Section]) {
        self.title = title
        self.sections = sections
    }

    /// Groups `help` by ``KeyHelp/group`` in order of first appearance, then `global` under
    /// `globalTitle` (left out when empty).
    public init(title: String, help: [KeyHelp], global: [KeyHelp], globalTitle: String = "Everywhere") {
        var sections: [Section] = []
        for entry in help {
            if let index = sections.firstIndex(where: { $0.title == entry.group }) {
                sections[index].entries.append(entry)
            } else {
                sections.append(Section(title: entry.group, entries: [entry]))
            }
        }
        if !global.isEmpty { sections.append(Section(title: globalTitle, entries: global)) }
        self.init(title: title, sections: sections)
    }

    /// Columns before the keys, and between the keys and the description.
    static let indent = 2
    /// The keys column's widest, in columns: longer key lists wrap within it.
    static let maxKeyWidth = 18

    /// The overlay's lines for `width` columns (a scroll column kept free at the right):
    /// headings in `.header`, entries with their descriptions wrapped under each other. A reason
    /// is said once: the first entry unavailable for it says it whole, later ones name that
    /// entry's keys instead (`Edit (unavailable: same as a)`), so a long read-only reason is not
    /// repeated beside every editing key.
    public func lines(width: Int) -> [StyledLine] {
        let all = sections.flatMap(\.entries)
        let keyWidth = max(1, min(width / 3, Self.maxKeyWidth, max(8, all.map { DisplayWidth.of($0.keyNames) }.max() ?? 0)))
        let textX = Self.indent + keyWidth + Self.indent
        let textWidth = max(8, width - 1 - textX)
        var lines: [StyledLine] = []
        var said: [String: String] = [:]   // reason → the keys of the entry that said it
        for section in sections {
            if !lines.isEmpty { lines.append(StyledLine("")) }
            lines.append(StyledLine(section.title, style: .header))
            for entry in section.entries {
                let text = entry.disabledReason.map { reason in
                    if let keys = said[reason] { return "\(entry.description) (unavailable: same as \(keys))" }
                    said[reason] = entry.keyNames
                    return "\(entry.description) (unavailable: \(reason))"
                } ?? entry.description
                let keys = TextLayout.wrap(entry.keyNames, width: keyWidth)
                let texts = TextLayout.wrap(text, width: textWidth)
                let style: Style = entry.isEnabled ? .normal : .muted
                for index in 0..<max(keys.count, texts.count) {
                    let lead = TextLayout.fit(index < keys.count ? keys[index] : "", width: keyWidth, alignment: .left)
                    let part = index < texts.count ? texts[index] : ""
                    let line = String(repeating: " ", count: Self.indent) + lead + String(repeating: " ", count: Self.indent) + part
                    lines.append(StyledLine(String(line.reversed().drop { $0 == " " }.reversed()), style: style))
                }
            }
        }
        return lines
    }

    /// Draws the title on the first row of `area` and the lines under it, from `state.offset`
    /// (clamped first), with a scroll indicator when they do not fit.
    public func render(in area: Rect, on surface: inout Surface, state: inout TextViewState) {
        surface.fill(area, style: .normal)
        guard !area.isEmpty else { return }
        surface.write(title, at: Point(x: area.x + 1, y: area.y), style: .title, maxWidth: max(0, area.width - 1))
        let body = Rect(x: area.x + 1, y: area.y + 1, width: max(0, area.width - 1), height: max(0, area.height - 1))
        TextView(paragraphs: lines(width: body.width)).render(in: body, on: &surface, state: &state)
    }
}
