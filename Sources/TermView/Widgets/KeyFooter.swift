/// The status line built from key bindings: their footer labels in binding order, the
/// right-hand text (a summary) at the right edge. When the line is too narrow, labels drop
/// whole, lowest ``FooterPriority`` first (later ones first among equals; once one does not fit,
/// none below it shows); ``FooterPriority/always``
/// labels stay, and the right text is shortened before one of them would be: the middle of its
/// URLs and paths first (``MiddleShortening``), then its end. A message (``wrapsRight``) that
/// still does not fit moves above the keys instead, wrapped by words to as many rows as it
/// needs, up to ``maxMessageRows`` (``height(width:)``).
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
    /// Whether ``right`` is a message that moves to a line of its own above the keys when it
    /// does not fit beside the always-shown labels even with its addresses shortened (a
    /// summary stays on the line and is cut instead).
    public var wrapsRight = false
    /// The most rows a message takes above the keys; past them its last row ends with `…`. The
    /// host gives it what the body can spare.
    public var maxMessageRows = 2

    /// Separator between labels, in columns.
    static let gap = "  "

    /// Creates a footer of `hints` and `right`.
    public init(hints: [Hint], right: String = "", wrapsRight: Bool = false, maxMessageRows: Int = 2) {
        self.hints = hints
        self.right = right
        self.wrapsRight = wrapsRight
        self.maxMessageRows = max(1, maxMessageRows)
    }

    /// The footer labels of `help`: enabled bindings with a footer priority and a label.
    public init(help: [KeyHelp], right: String = "", wrapsRight: Bool = false, maxMessageRows: Int = 2) {
        self.init(hints: help.compactMap { entry in
            guard entry.isEnabled, let priority = entry.footer, !entry.label.isEmpty else { return nil }
            return Hint(entry.label, priority: priority)
        }, right: right, wrapsRight: wrapsRight, maxMessageRows: maxMessageRows)
    }

    /// Rows the footer takes at `width`: 1, or when ``wrapsRight`` and the right text does not
    /// fit beside the always-shown labels even shortened in the middle, 1 plus its rows above
    /// the keys (``messageRows(width:)``: 1 to ``maxMessageRows``).
    public func height(width: Int) -> Int {
        guard wrapsRight, !right.isEmpty else { return 1 }
        let room = rightRoom(width: width)
        if DisplayWidth.of(right) <= room || MiddleShortening.fit(right, width: room) != nil { return 1 }
        return 1 + messageRows(width: width).count
    }

    /// The message's rows above the keys at `width`, each after one space: one row when it fits
    /// (its addresses shortened in the middle if need be), else wrapped by words into as many
    /// rows as it needs up to ``maxMessageRows``, the last cut with "…" when more remains.
    public func messageRows(width: Int) -> [String] {
        if let one = MiddleShortening.fit(" " + right, width: width) { return [one] }
        let wrapped = TextLayout.wrap(right, width: max(1, width - 1)).map { " " + $0 }
        guard wrapped.count > maxMessageRows else { return wrapped }
        let kept = wrapped.prefix(maxMessageRows - 1)
        let rest = wrapped[(maxMessageRows - 1)...].map { $0.dropFirst() }.joined(separator: " ")
        return kept + [TextLayout.truncate(" " + rest, to: width)]
    }

    /// The left text (a leading space, then the labels that fit) and the right text
    /// (shortened only when the always-shown labels need its room: the middle of its URLs and
    /// paths first, then its end) for `width` columns.
    public func layout(width: Int) -> (left: String, right: String) {
        let shownRight = shownRight(width: width, essential: essentialWidth)
        return (left(width: width, rightWidth: DisplayWidth.of(shownRight)), shownRight)
    }

    /// Columns the always-shown labels take, with the leading space and the gaps between them.
    var essentialWidth: Int { Self.lineWidth(hints.filter(\.priority.isAlways)) }

    /// ``right`` as drawn in `width` columns beside labels of `essential` columns: shortened
    /// only when it would take their room, the middle of its URLs and paths first
    /// (``MiddleShortening``), else its end with "…".
    func shownRight(width: Int, essential: Int) -> String {
        let room = max(0, width - essential - (essential > 0 ? 1 : 0))
        guard DisplayWidth.of(right) > room else { return right }
        return MiddleShortening.fit(right, width: room) ?? TextLayout.truncate(right, to: room)
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

    /// Draws the footer as a ``StatusBar`` on the last row of `area`; when it takes more rows
    /// (``height(width:)``) and `area` has them, the message fills the rows above
    /// (``messageRows(width:)``) and the keys' row has no right text.
    public func render(in area: Rect, on surface: inout Surface) {
        guard !area.isEmpty else { return }
        let keysRow = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        let rows = height(width: area.width)
        guard rows > 1, area.height >= rows else {
            let (left, right) = layout(width: area.width)
            return StatusBar(left: left, right: right).render(in: keysRow, on: &surface)
        }
        for (index, line) in messageRows(width: area.width).enumerated() {
            StatusBar(left: line).render(in: Rect(x: area.x, y: area.maxY - rows + index, width: area.width, height: 1),
                                         on: &surface)
        }
        var keys = self
        keys.right = ""
        StatusBar(left: keys.layout(width: area.width).left).render(in: keysRow, on: &surface)
    }

    /// Columns the right text may take: what the always-shown labels leave, less one space.
    private func rightRoom(width: Int) -> Int {
        max(0, width - essentialWidth - (essentialWidth > 0 ? 1 : 0))
    }
}
