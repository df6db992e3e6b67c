/// The status line built from key bindings: their footer labels in binding order, the
/// right-hand text (a summary) at the right edge. When the line is too narrow, labels drop
/// whole, lowest ``FooterPriority`` first (later ones first among equals; once one does not fit,
/// none below it shows); ``FooterPriority/always``
/// labels stay, and the right text is shortened before one of them would be.
public struct KeyFooter {
    /// One label with its priority.
    public struct Hint: Equatable, Sendable {
        /// The text, e.g. `"⏎ open"`.
        public var label: String
        /// How long it holds its place.
        public var priority: FooterPriority

        /// Creates a hint.
        public init(_ label: String, priority: FooterPriority) {
            self.label = label
            self.priority = priority
        }
    }

    /// The labels, in the order they are drawn.
    public var hints: [Hint]
    /// Text at the right edge (a summary, a status note).
    public var right: String

    /// Separator between labels, in columns.
    static let gap = "  "

    /// Creates a footer of `hints` and `right`.
    public init(hints: [Hint], right: String = "") {
        self.hints = hints
        self.right = right
    }

    /// The footer labels of `help`: enabled bindings with a footer priority and a label.
    public init(help: [KeyHelp], right: String = "") {
        self.init(hints: help.compactMap { entry in
            guard entry.isEnabled, let priority = entry.footer, !entry.label.isEmpty else { return nil }
            return Hint(entry.label, priority: priority)
        }, right: right)
    }

    /// The left text (a leading space, then the labels that fit) and the right text
    /// (shortened with "…" only when the always-shown labels need its room) for `width` columns.
    public func layout(width: Int) -> (left: String, right: String) {
        let shownRight = shownRight(width: width, essential: essentialWidth)
        return (left(width: width, rightWidth: DisplayWidth.of(shownRight)), shownRight)
    }

    /// Columns the always-shown labels take, with the leading space and the gaps between them.
    var essentialWidth: Int { Self.lineWidth(hints.filter(\.priority.isAlways)) }

    /// ``right`` as drawn in `width` columns beside labels of `essential` columns: shortened
    /// with "…" only when it would take their room.
    func shownRight(width: Int, essential: Int) -> String {
        let room = max(0, width - essential - (essential > 0 ? 1 : 0))
        return DisplayWidth.of(right) > room ? TextLayout.truncate(right, to: room) : right
    }

    /// The left text for `width` columns when the right text takes `rightWidth`: it depends
    /// on nothing else, so ``KeyFooterMemo`` keeps it while the labels, the width and the
    /// right text's width stay the same.
    func left(width: Int, rightWidth: Int) -> String {
        var chosen = Set(hints.indices.filter { hints[$0].priority.isAlways })
        let available = width - (rightWidth > 0 ? rightWidth + 1 : 0)
        let optional = hints.indices.filter { !hints[$0].priority.isAlways }
            .sorted { (hints[$0].priority, -$0) > (hints[$1].priority, -$1) }
        for index in optional {
            let trial = (chosen.union([index])).sorted().map { hints[$0] }
            guard Self.lineWidth(trial) <= available else { break }   // nothing lower shows in place of a higher one
            chosen.insert(index)
        }
        let labels = chosen.sorted().map(\.self).map { hints[$0].label }
        return labels.isEmpty ? "" : " " + labels.joined(separator: Self.gap)
    }

    /// Columns `chosen` take on the line: a leading space, the labels, the gaps.
    private static func lineWidth(_ chosen: [Hint]) -> Int {
        chosen.isEmpty ? 0 : 1 + chosen.map { DisplayWidth.of($0.label) }.reduce(0, +) + gap.count * (chosen.count - 1)
    }

    /// Draws the footer as a ``StatusBar`` on the top row of `area`.
    public func render(in area: Rect, on surface: inout Surface) {
        let (left, right) = layout(width: area.width)
        StatusBar(left: left, right: right).render(in: area, on: &surface)
    }
}
